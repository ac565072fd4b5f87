import type { Json } from '../engine/events';
import { usableCheckpoint, type CheckpointRecord } from './checkpoints';
import { plainEvent } from './event-check';
import { DB_NAME, IDB_VERSION, META_KEY } from './identity';
import { foldOpened, openStart, type PendingCheckpoint } from './open-fold';
import { isPlainBattle, isPlainCheckpoint, isPlainMeta, isPlainSetting } from './record-check';
import type { BattleRecord } from './records';
import type { BattleEvent, BattleState } from '../engine/events';

/**
 * A deep-linked battle opened with plain IndexedDB, before Dexie is loaded (issue 40: Dexie was a
 * quarter of the battle page's script, and the first screen only reads). The same reads as
 * openBattle (repo-events.ts) in one read-only transaction, folded by the same code (open-fold.ts),
 * plus this device's id and a setting (the battle's live link). The session loads Dexie right after
 * the first frame for every write and the two-tab watch.
 *
 * Null whenever the answer is not certain and simple, and the caller takes the full path (which
 * says what is wrong): no IndexedDB, no database or one of another schema version (newer data
 * opens read-only through Dexie), no such battle, a record its hand-written check (record-check.ts,
 * event-check.ts) is not sure of, any error. Never creates or upgrades the database.
 */
export interface QuickOpened {
  battle: BattleRecord;
  /** The newest events (seq order); events 1…before are not read. */
  events: BattleEvent[];
  state: BattleState;
  before: number;
  /** The checkpoint this open leaves behind, written once Dexie is here. */
  pending: PendingCheckpoint | null;
  /** This device's id (the meta record's). */
  deviceId: string;
  /** The value of the setting asked for, undefined when there is none. */
  setting: Json | undefined;
}

/** Where a quick read reads: the browser's IndexedDB, or a test's. */
export interface QuickAccess {
  idb?: IDBFactory;
  keyRange?: typeof IDBKeyRange;
  /** Checkpoint spacing (tests); CHECKPOINT_EVERY by default. */
  checkpointEvery?: number;
  /** When the open's pending checkpoint may be written (tests: never, a page gone before it);
   *  an idle moment by default (session-db.ts). */
  idle?: () => Promise<void>;
}

const STORES = ['battles', 'events', 'checkpoints', 'settings', 'meta'];

export async function quickOpenBattle(
  battleId: string,
  /** A setting read in the same transaction (the live table's link), or none. */
  settingKey: string | null,
  options: QuickAccess & { tail?: number } = {}
): Promise<QuickOpened | null> {
  const idb = options.idb ?? globalThis.indexedDB;
  const keyRange = options.keyRange ?? globalThis.IDBKeyRange;
  if (!idb || !keyRange) return null;
  const db = await openExisting(idb);
  if (!db) return null;
  try {
    const tx = db.transaction(STORES, 'readonly');
    const store = (name: string) => tx.objectStore(name);
    const meta: unknown = await request(store('meta').get(META_KEY));
    if (!isPlainMeta(meta)) return null;
    const setting: unknown =
      settingKey === null ? undefined : await request(store('settings').get(settingKey));
    if (setting !== undefined && !isPlainSetting(setting)) return null;
    const battle: unknown = await request(store('battles').get(battleId));
    if (!isPlainBattle(battle)) return null;
    const log = store('events').index('[battleId+seq]');
    const from = (seq: number) => keyRange.bound([battleId, seq], [battleId, Infinity]);
    const ids = (await request(log.getAllKeys(from(0)))) as string[];
    const stored: unknown[] = await request(store('checkpoints').getAll(from(0)));
    // A checkpoint the check is not sure of goes to the full read, which keeps or drops it.
    if (!stored.every(isPlainCheckpoint)) return null;
    const usable = usableCheckpoint(stored.reverse(), ids, (raw) => raw as CheckpointRecord);
    const start = openStart(ids.length, usable, options.tail ?? 100);
    const events = (await request(log.getAll(from(start + 1)))).map(plainEvent);
    const read = { battle, events, ids, start, usable };
    const opened = foldOpened(read, options.checkpointEvery);
    return { ...opened, deviceId: meta.deviceId, setting: setting?.value };
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/** The database at this schema version with every store the open reads, or null. */
export async function openExisting(idb: IDBFactory): Promise<IDBDatabase | null> {
  const db = await openIfThere(idb);
  return db === 'none' ? null : db;
}

/**
 * The database at this schema version with `stores`; 'none' when there is no database yet (a first
 * visit: nothing saved), null when it is not one this read is sure of.
 */
export function openIfThere(
  idb: IDBFactory,
  stores: readonly string[] = STORES
): Promise<IDBDatabase | 'none' | null> {
  return new Promise((resolve) => {
    let isMissing = false;
    const open = idb.open(DB_NAME);
    // No database yet: never create it from here (the abort fails the open).
    open.onupgradeneeded = () => {
      isMissing = true;
      open.transaction?.abort();
    };
    open.onerror = () => resolve(isMissing ? 'none' : null);
    open.onblocked = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      // Another tab upgrading the schema must never wait for this connection.
      db.onversionchange = () => db.close();
      if (db.version !== IDB_VERSION || stores.some((s) => !db.objectStoreNames.contains(s))) {
        db.close();
        resolve(null);
      } else resolve(db);
    };
  });
}

export function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}
