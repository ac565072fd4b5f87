import { DB_NAME, IDB_VERSION } from './identity';
import { battleRecordSchema, type BattleRecord } from './records';

/**
 * The start page's list of battles, read with plain IndexedDB instead of Dexie.
 *
 * Why: Dexie and the repositories are the largest script in the app, and on a phone evaluating them
 * blocks the first seconds after the start page appears. Listing battles is one read-only getAll, so
 * the start page does it here and loads Dexie only when the referee acts.
 *
 * Returns null whenever the answer is not certain and simple — no IndexedDB or no `databases()`,
 * a database of another schema version (newer data opens read-only through Dexie), a record that
 * fails its schema (the full path reports it), any error — and the caller takes the full path.
 * Never creates or upgrades the database: a first visit reads "no database" and returns [].
 */
export async function quickListBattles(
  idb: IDBFactory | undefined = globalThis.indexedDB
): Promise<BattleRecord[] | null> {
  try {
    if (!idb || typeof idb.databases !== 'function') return null;
    const info = (await idb.databases()).find((d) => d.name === DB_NAME);
    if (!info) return [];
    if (info.version !== IDB_VERSION) return null;
    const raw = await readAll(idb);
    if (!raw) return null;
    const battles: BattleRecord[] = [];
    for (const r of raw) {
      const parsed = battleRecordSchema.safeParse(r);
      if (!parsed.success) return null;
      battles.push(parsed.data);
    }
    return battles.sort((a, b) => b.updatedAt - a.updatedAt);
  } catch {
    return null;
  }
}

function readAll(idb: IDBFactory): Promise<unknown[] | null> {
  return new Promise((resolve) => {
    const request = idb.open(DB_NAME);
    // The database vanished between databases() and open(): never create it from here.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema must never wait for this connection.
      db.onversionchange = () => db.close();
      if (db.version !== IDB_VERSION || !db.objectStoreNames.contains('battles')) {
        db.close();
        resolve(null);
        return;
      }
      try {
        const get = db.transaction('battles', 'readonly').objectStore('battles').getAll();
        get.onsuccess = () => {
          db.close();
          resolve(get.result as unknown[]);
        };
        get.onerror = () => {
          db.close();
          resolve(null);
        };
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
}
