import type { BattleEvent } from '../engine/events';
import type { SystemId } from '../engine/system';
import { contiguousAfter } from './contiguous';
import { plainEvent } from './event-check';
import { DB_NAME } from './identity';
import { openExisting, request, type QuickAccess } from './quick-open';
import { isPlainShip } from './record-check';
import type { ShipRecord } from './records';

/**
 * What a battle's screen reads after its quick open (quick-open.ts) while nothing was written from
 * it: the log's new events (the two-tab watch), its older events and the ship library, with plain
 * IndexedDB, so a battle that is only looked at never loads Dexie (issue 40). Each read answers
 * null when it is not sure, and the session takes Dexie's path for it.
 */

type Access = QuickAccess;

/** Events `from`…`to` of a battle, parsed, seq order; null when the quick read cannot answer. */
export async function quickReadEvents(
  battleId: string,
  from: number,
  to: number,
  access: Access = {}
): Promise<BattleEvent[] | null> {
  return read(access, ['events'], eventsIn(battleId, from, to));
}

/** The read of events `from`…`to` of a battle, on a transaction of the events store. */
const eventsIn =
  (battleId: string, from: number, to: number): Reader<BattleEvent[]> =>
  async (tx, keyRange) => {
    const range = keyRange.bound([battleId, from], [battleId, to]);
    const raw = await request(tx.objectStore('events').index('[battleId+seq]').getAll(range));
    return raw.map(plainEvent);
  };

/** The ship library's templates of one system (listLibrary's answer); null when not sure. */
export async function quickListLibrary(
  systemId: SystemId,
  access: Access = {}
): Promise<ShipRecord[] | null> {
  return read(access, ['ships'], async (tx) => {
    const raw = await request(tx.objectStore('ships').index('systemId').getAll(systemId));
    const ships: ShipRecord[] = [];
    for (const r of raw) {
      // A record the check is not sure of: the full read (zod) keeps it or names its problem.
      if (!isPlainShip(r)) return null;
      if (r.battleId === null) ships.push(r);
    }
    return ships.sort((a, b) => a.name.localeCompare(b.name));
  });
}

type Reader<T> = (tx: IDBTransaction, keyRange: typeof IDBKeyRange) => Promise<T | null>;

async function read<T>(access: Access, stores: string[], fn: Reader<T>): Promise<T | null> {
  const idb = access.idb ?? globalThis.indexedDB;
  const keyRange = access.keyRange ?? globalThis.IDBKeyRange;
  if (!idb || !keyRange) return null;
  const db = await openExisting(idb);
  if (!db) return null;
  try {
    return await readOn(db, keyRange, stores, fn);
  } finally {
    db.close();
  }
}

async function readOn<T>(
  db: IDBDatabase,
  keyRange: typeof IDBKeyRange,
  stores: string[],
  fn: Reader<T>
): Promise<T | null> {
  try {
    return await fn(db.transaction(stores, 'readonly'), keyRange);
  } catch {
    return null;
  }
}

/**
 * The watch's own connection, opened at its first read and held while it watches (issue 39: each
 * of the tab's own writes, posted on Dexie's channel too, opened a connection for a read that
 * found nothing new, about 2 ms of each tap at 4x). Let go when another tab upgrades or deletes
 * the database (never blocked by it) or the browser closes it; the next read opens again.
 */
function heldConnection(access: Access) {
  const idb = access.idb ?? globalThis.indexedDB;
  const keyRange = access.keyRange ?? globalThis.IDBKeyRange;
  let held: Promise<IDBDatabase | null> | null = null;
  const open = (): Promise<IDBDatabase | null> => {
    const opening: Promise<IDBDatabase | null> = openExisting(idb).then((db) => {
      const letGo = () => {
        if (held === opening) held = null;
      };
      if (db) {
        db.onversionchange = () => {
          letGo();
          db.close();
        };
        db.onclose = letGo;
      } else letGo();
      return db;
    });
    return opening;
  };
  return {
    async read<T>(stores: string[], fn: Reader<T>): Promise<T | null> {
      if (!idb || !keyRange) return null;
      held ??= open();
      const db = await held;
      return db && readOn(db, keyRange, stores, fn);
    },
    close(): void {
      void held?.then((db) => db?.close());
      held = null;
    }
  };
}

/**
 * Dexie's own channel between tabs (dexie.mjs STORAGE_MUTATED_DOM_EVENT_NAME): every committed
 * Dexie write, of any tab of this origin and of this one, posts the parts it changed there.
 * quick-watch.test.ts fails if a Dexie update renames it.
 */
export const DEXIE_CHANNEL = 'x-storagemutated-1';
const EVENTS_PART = `idb://${DB_NAME}/events/`;

export interface QuickWatch {
  stop(): void;
}

/**
 * The two-tab watch before Dexie is loaded (db/live.ts watchBattleLog after): on every change to
 * the events table (Dexie's channel) and whenever the page is shown again, reads the events after
 * the last one delivered and delivers the contiguous run. `onLost`: a read could not be made (the
 * schema changed, a damaged event): the caller watches through Dexie from then on. `afterSeq`: the
 * last event the screen has; each read starts after it, so this tab's own writes (on the screen
 * already) are not read back (issue 39: every tap read and checked every event since the open).
 */
export function quickWatchBattleLog(
  battleId: string,
  afterSeq: () => number,
  onEvents: (events: BattleEvent[]) => void,
  onLost: () => void,
  access: Access = {}
): QuickWatch | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let lastSeq = afterSeq();
  let isStopped = false;
  let isReading = false;
  let isAgain = false;
  const connection = heldConnection(access);
  const channel = new BroadcastChannel(DEXIE_CHANNEL);
  const readNew = async (): Promise<void> => {
    if (isReading) {
      isAgain = true;
      return;
    }
    isReading = true;
    try {
      do {
        isAgain = false;
        lastSeq = Math.max(lastSeq, afterSeq());
        const events = await connection.read(['events'], eventsIn(battleId, lastSeq + 1, Infinity));
        if (isStopped) return;
        if (events === null) {
          stop();
          onLost();
          return;
        }
        const fresh = contiguousAfter(events, lastSeq);
        if (fresh.length > 0) {
          lastSeq = fresh[fresh.length - 1].seq;
          onEvents(fresh);
        }
      } while (isAgain && !isStopped);
    } finally {
      isReading = false;
    }
  };
  channel.onmessage = (message: MessageEvent<unknown>) => {
    const parts = message.data;
    if (typeof parts !== 'object' || parts === null) return;
    if (Object.keys(parts).some((k) => k === 'all' || k.startsWith(EVENTS_PART))) void readNew();
  };
  // A tab put away and shown again reads what it may have missed (a bfcache restore, a message lost).
  const page = typeof document === 'undefined' ? null : document;
  const onShow = () => {
    if (page?.visibilityState === 'visible') void readNew();
  };
  page?.addEventListener('visibilitychange', onShow);
  function stop(): void {
    isStopped = true;
    channel.close();
    connection.close();
    page?.removeEventListener('visibilitychange', onShow);
  }
  // A write between the quick open and now is read at once.
  void readNew();
  return { stop };
}
