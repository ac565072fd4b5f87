import { KEEP_CHECKPOINTS, prefixHash, stateHash, type CheckpointRecord } from './checkpoints';
import { nextTask } from './next-task';
import type { PendingCheckpoint } from './open-fold';
import { openExisting, request, type QuickAccess } from './quick-open';
import { isPlainCheckpoint } from './record-check';

/**
 * The checkpoint a quick open leaves behind (quick-open.ts), written with plain IndexedDB (issue
 * 40): through Dexie it loaded the data layer and opened the connection (its schema and middleware
 * built, about 60 ms at 4× on a phone: a long task in the deep link's load) only to write one
 * record, on a page that may never write anything else. The record is worked out in a task per
 * part (the log's hash, the state's hash, the hand-written check the quick read takes it with),
 * then one read-write transaction deletes the open's `invalid` checkpoints, puts it and keeps the
 * newest KEEP_CHECKPOINTS, as saveCheckpoint (checkpoint-store.ts) does through Dexie.
 *
 * Never throws, and false when nothing was written (no such database at this schema version, a
 * record the check refuses, a full disk, any error): a checkpoint is only a shortcut, and the
 * next open folds from the log. The ids and the state are the open's, never changed after it,
 * and a write made meanwhile only adds events after `seq`: the record holds whenever it lands.
 */
export async function quickSaveCheckpoint(
  battleId: string,
  { ids, seq, state, invalid }: PendingCheckpoint,
  at: number,
  access: QuickAccess = {}
): Promise<boolean> {
  const idb = access.idb ?? globalThis.indexedDB;
  const keyRange = access.keyRange ?? globalThis.IDBKeyRange;
  if (!idb || !keyRange) return false;
  let record: CheckpointRecord | null = null;
  if (state !== null && seq >= 1) {
    const hash = prefixHash(ids, seq);
    await nextTask();
    const candidate = { battleId, seq, hash, state, stateHash: stateHash(state), at };
    await nextTask();
    if (!isPlainCheckpoint(candidate)) return false;
    record = candidate;
  }
  if (record === null && invalid.length === 0) return true;
  const db = await openExisting(idb).catch(() => null);
  if (!db) return false;
  try {
    const tx = db.transaction(['checkpoints'], 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('checkpoint not written'));
    });
    const store = tx.objectStore('checkpoints');
    for (const key of invalid) store.delete([...key]);
    if (record !== null) {
      store.put(record);
      const keys = await request(
        store.getAllKeys(keyRange.bound([battleId, 0], [battleId, Infinity]))
      );
      for (const key of keys.slice(0, Math.max(0, keys.length - KEEP_CHECKPOINTS)))
        store.delete(key);
    }
    await done;
    return true;
  } catch {
    return false;
  } finally {
    db.close();
  }
}
