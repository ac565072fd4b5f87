import { uuidv7 } from '$lib/battle/ids';
import { saveCheckpoint } from '$lib/db/checkpoints';
import type { Db, OpenedBattle } from '$lib/db/core';
import type { BattleEvent, Json } from '$lib/battle/events';
import type { PendingCheckpoint } from '$lib/db/open-fold';
import { quickOpenBattle } from '$lib/db/quick-open';

/**
 * The data layer with Dexie (repositories, the log watch), loaded on the first write or right after
 * the first frame of a battle the quick read opened (issue 40: Dexie was a quarter of a deep link's
 * script, and the first screen only reads).
 */
export const dbCore = (): Promise<typeof import('$lib/db/core')> => import('$lib/db/core');

/**
 * A battle session's connection: given open (tests, the campaign's screens), or opened once on
 * first use. Until then the clock and ids a move is checked with come from the browser; every
 * write goes through the connection.
 */
export class SessionDb {
  #db: Db | null = null;
  readonly #open: () => Promise<Db>;
  #connecting: Promise<Db> | null = null;
  /** This device's id: the quick read's meta record, then the connection's. */
  deviceId = '';

  constructor(db: Db | (() => Promise<Db>)) {
    if (typeof db === 'function') this.#open = db;
    else {
      this.#db = db;
      this.deviceId = db.deviceId;
      this.#open = () => Promise.resolve(db);
    }
  }

  /** The checkpoint the quick read leaves behind (written by attach). */
  #pending: { battleId: string; checkpoint: PendingCheckpoint } | null = null;

  /**
   * The battle's first screen and a setting: with plain IndexedDB (quick-open.ts) when no
   * connection was given and the quick read is sure, else through the connection.
   */
  async read(
    battleId: string,
    settingKey: string
  ): Promise<{
    opened: Omit<OpenedBattle, 'checkpointed'>;
    setting: Json | undefined;
    quick: boolean;
  }> {
    const quick = this.#db ? null : await quickOpenBattle(battleId, settingKey);
    if (quick) {
      this.deviceId = quick.deviceId;
      if (quick.pending) this.#pending = { battleId, checkpoint: quick.pending };
      return { opened: quick, setting: quick.setting, quick: true };
    }
    const [db, core] = await Promise.all([this.connect(), dbCore()]);
    const setting = await core.getSetting(db, settingKey);
    return { opened: await core.openBattle(db, battleId), setting, quick: false };
  }

  /** The connection, with the checkpoint the quick read left behind written (never awaited). */
  async attach(): Promise<Db> {
    const db = await this.connect();
    const pending = this.#pending;
    this.#pending = null;
    if (pending) {
      const { ids, seq, state, invalid } = pending.checkpoint;
      void saveCheckpoint(db, pending.battleId, ids, seq, state, invalid);
    }
    return db;
  }

  /**
   * Events 1…before of a battle, read after the screen is drawn in chunks, one task each, so the
   * screen stays responsive while a long log is read; null when the reader stopped.
   */
  async readOlder(
    battleId: string,
    before: number,
    isStopped: () => boolean
  ): Promise<BattleEvent[] | null> {
    const CHUNK = 500;
    const chunks: BattleEvent[][] = [];
    if (typeof requestAnimationFrame === 'function')
      await new Promise((resolve) => requestAnimationFrame(resolve));
    const [db, { loadEventRange }] = await Promise.all([this.connect(), dbCore()]);
    for (let to = before; to > 0; to -= CHUNK) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (isStopped()) return null;
      chunks.unshift(await loadEventRange(db, battleId, Math.max(1, to - CHUNK + 1), to));
    }
    return chunks.flat();
  }

  connect(): Promise<Db> {
    this.#connecting ??= this.#open().then(
      (db) => {
        this.#db = db;
        this.deviceId = db.deviceId;
        return db;
      },
      (e: unknown) => {
        // Not cached: the next action tries again (storage freed, a banner's "Try again").
        this.#connecting = null;
        throw e;
      }
    );
    return this.#connecting;
  }

  now(): number {
    return this.#db?.now() ?? Date.now();
  }

  newId(): string {
    return this.#db?.newId() ?? uuidv7(Date.now(), crypto.getRandomValues(new Uint8Array(10)));
  }
}

/** After the next frame is drawn (at once where there are no frames: tests). */
export function nextFrame(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
