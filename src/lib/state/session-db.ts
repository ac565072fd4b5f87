import { uuidv7 } from '$lib/battle/ids';
import type { Db, LogWatch, OpenedBattle } from '$lib/db/core';
import type { BattleEvent, Json } from '$lib/engine/events';
import type { PendingCheckpoint } from '$lib/db/open-fold';
import { quickOpenBattle, type QuickAccess } from '$lib/db/quick-open';
import { quickReadEvents, quickWatchBattleLog } from '$lib/db/quick-watch';
import { whenIdle } from '$lib/db/next-task';

/** The longest a pending checkpoint waits for an idle moment (ms). */
const CHECKPOINT_WAIT = 3000;

let core: Promise<typeof import('$lib/db/core')> | null = null;

/**
 * The data layer with Dexie (repositories, the log watch), loaded with the first write (issue 40:
 * Dexie was a quarter of a deep link's script, and a battle that is only looked at only reads).
 * The module's promise is kept: each `import()` went through the bundler's preload of its files
 * again at every action (issue 39); a failed load is tried again by the next call.
 */
export const dbCore = (): Promise<typeof import('$lib/db/core')> =>
  (core ??= import('$lib/db/core').catch((e: unknown) => {
    core = null;
    throw e;
  }));

/**
 * A battle session's connection: given open (tests, the campaign's screens), or opened once on
 * first use. Until then the battle is read with plain IndexedDB (quick-open.ts, quick-watch.ts),
 * and the clock and ids a move is checked with come from the browser; every write goes through
 * the connection.
 */
export class SessionDb {
  #db: Db | null = null;
  readonly #open: () => Promise<Db>;
  #connecting: Promise<Db> | null = null;
  /** This device's id: the quick read's meta record, then the connection's. */
  deviceId = '';
  /** The battle was opened by the quick read (and is read that way until the connection opens). */
  #isQuick = false;
  /** The checkpoint the quick read leaves behind, written once the connection is open. */
  #pending: { battleId: string; checkpoint: PendingCheckpoint } | null = null;

  constructor(
    db: Db | (() => Promise<Db>),
    /** Where the quick read reads (tests: a fake IndexedDB and small checkpoint spacing). */
    private readonly quickAccess: QuickAccess = {}
  ) {
    if (typeof db === 'function') this.#open = db;
    else {
      this.#db = db;
      this.deviceId = db.deviceId;
      this.#open = () => Promise.resolve(db);
    }
  }

  /**
   * The battle's first screen and a setting (none when `settingKey` is null): with plain
   * IndexedDB (quick-open.ts) when no connection was given and the quick read is sure, else through
   * the connection.
   */
  async read(
    battleId: string,
    settingKey: string | null
  ): Promise<{ opened: Omit<OpenedBattle, 'checkpointed'>; setting: Json | undefined }> {
    const quick = this.#db ? null : await quickOpenBattle(battleId, settingKey, this.quickAccess);
    if (quick) {
      this.#isQuick = true;
      this.deviceId = quick.deviceId;
      if (quick.pending) {
        // The log passed a checkpoint boundary since the last one: it is written so the next open
        // folds only the tail again (issue 18), even when nothing is written from this screen.
        // Rare: once every CHECKPOINT_EVERY events. Not before the screen is up and idle, and with
        // plain IndexedDB in short tasks (issue 40: through Dexie it was the data layer's module
        // and the connection's open, long tasks of a deep link's load). A checkpoint is only a
        // shortcut (the state is always the fold of the log): a page gone before it loses
        // nothing. A connection opened first (a write) writes it instead.
        this.#pending = { battleId, checkpoint: quick.pending };
        void (this.quickAccess.idle ?? (() => whenIdle(CHECKPOINT_WAIT)))()
          .then(() => import('$lib/db/quick-checkpoint'))
          .then(({ quickSaveCheckpoint }) => {
            const pending = this.#pending;
            this.#pending = null;
            if (pending)
              return quickSaveCheckpoint(
                pending.battleId,
                pending.checkpoint,
                this.now(),
                this.quickAccess
              );
          })
          .catch(() => undefined);
      }
      return { opened: quick, setting: quick.setting };
    }
    const [db, core] = await Promise.all([this.connect(), dbCore()]);
    const setting = settingKey === null ? undefined : await core.getSetting(db, settingKey);
    return { opened: await core.openBattle(db, battleId), setting };
  }

  /**
   * The log's new events, this tab's and other tabs' writes: without Dexie after a quick open
   * (quick-watch.ts), through Dexie's liveQuery otherwise or once the quick watch cannot read.
   * `lastSeq`: the last event the screen has (a handover starts after it).
   */
  async watch(
    battleId: string,
    lastSeq: () => number,
    onEvents: (events: BattleEvent[]) => void,
    onError: (error: unknown) => void
  ): Promise<LogWatch> {
    let current: LogWatch | null = null;
    let isStopped = false;
    const viaDexie = async () => {
      const [db, { watchBattleLog }] = await Promise.all([this.connect(), dbCore()]);
      if (!isStopped) current = watchBattleLog(db, battleId, lastSeq, onEvents, onError);
    };
    const quick = this.#isQuick
      ? quickWatchBattleLog(
          battleId,
          lastSeq,
          onEvents,
          () => void viaDexie().catch(onError),
          this.quickAccess
        )
      : null;
    if (quick) current = quick;
    else await viaDexie();
    return {
      stop: () => {
        isStopped = true;
        current?.stop();
      }
    };
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
    for (let to = before; to > 0; to -= CHUNK) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (isStopped()) return null;
      chunks.unshift(await this.#readRange(battleId, Math.max(1, to - CHUNK + 1), to));
    }
    return chunks.flat();
  }

  async #readRange(battleId: string, from: number, to: number): Promise<BattleEvent[]> {
    const quick = this.#db ? null : await quickReadEvents(battleId, from, to, this.quickAccess);
    if (quick && quick.length === to - from + 1) return quick;
    const [db, { loadEventRange }] = await Promise.all([this.connect(), dbCore()]);
    return loadEventRange(db, battleId, from, to);
  }

  /** The connection every write goes through, opened once (with the quick read's checkpoint). */
  connect(): Promise<Db> {
    this.#connecting ??= this.#open().then(
      (db) => {
        this.#db = db;
        this.deviceId = db.deviceId;
        const pending = this.#pending;
        this.#pending = null;
        if (pending) {
          const { ids, seq, state, invalid } = pending.checkpoint;
          void dbCore().then(({ saveCheckpoint }) =>
            saveCheckpoint(db, pending.battleId, ids, seq, state, invalid)
          );
        }
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
