import { vi } from 'vitest';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { openDatabase, type Db, type OpenOptions } from './db';
import { TABLE_NAMES } from './schema';

/**
 * Test support (imported by *.test.ts only): a fresh fake IndexedDB per test, a deterministic
 * clock and random source, and full table dumps for "nothing changed" assertions.
 */

export function fakeEnv(): { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange } {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

export function deterministic(seed = 1): Pick<OpenOptions, 'now' | 'randomBytes'> {
  let t = 1_767_000_000_000;
  let s = seed >>> 0 || 1;
  return {
    now: () => (t += 1),
    randomBytes: (n) => {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        // xorshift32: reproducible ids in failing-test output.
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        out[i] = s & 0xff;
      }
      return out;
    }
  };
}

export function openTestDb(env = fakeEnv(), options: OpenOptions = {}, seed = 1): Promise<Db> {
  return openDatabase({
    ...env,
    storage: null,
    appVersion: '0.1.0',
    ...deterministic(seed),
    ...options
  });
}

/** Every table's records, sorted by primary key, for whole-database comparisons. */
export async function dumpAll(db: Db): Promise<Record<string, unknown[]>> {
  return db.read(TABLE_NAMES, async () => {
    const out: Record<string, unknown[]> = {};
    for (const name of TABLE_NAMES) out[name] = await db.table(name).toArray();
    return out;
  });
}

/**
 * A disk that fills as a write is made, as Chromium fails it (issue 41): the requests are made,
 * then the browser aborts the transaction with `error` (IDBTransaction.error) and every request
 * still pending fails with an AbortError that names no cause. Only writes to `table`; until the
 * returned "space freed" is called.
 */
export function fillDiskOnWrite(
  table: string,
  error = new DOMException(
    'Encountered disk full while committing transaction.',
    'QuotaExceededError'
  )
): () => void {
  const aborted = new WeakSet<IDBTransaction>();
  const failAfter = (store: IDBObjectStore) => {
    const tx = store.transaction;
    if (store.name !== table || aborted.has(tx)) return;
    aborted.add(tx);
    // After the caller's synchronous run of requests (a bulk add makes them all at once), before
    // any is carried out. fake-indexeddb's own abort with a name is how the browser aborts.
    queueMicrotask(() => {
      (tx as unknown as { _abort(name: string): void })._abort(error.name);
      Object.defineProperty(tx, 'error', { value: error, configurable: true });
    });
  };
  /* eslint-disable @typescript-eslint/unbound-method -- re-applied with the store as `this` */
  const realAdd = IDBObjectStore.prototype.add;
  const realPut = IDBObjectStore.prototype.put;
  /* eslint-enable @typescript-eslint/unbound-method */
  const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
    this: IDBObjectStore,
    ...args
  ) {
    const request = realAdd.apply(this, args);
    failAfter(this);
    return request;
  });
  const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args
  ) {
    const request = realPut.apply(this, args);
    failAfter(this);
    return request;
  });
  return () => {
    add.mockRestore();
    put.mockRestore();
  };
}

/**
 * The browser closes the database under the app (Chromium does after a disk error): the
 * connection closes and its `close` event fires, which Dexie listens to.
 */
export function closeUnderApp(db: Db): void {
  const idb = db.dexie.backendDB();
  idb.close();
  idb.onclose?.call(idb, new Event('close'));
}

/**
 * A disk still full when the database is opened again: Chromium's "Internal error opening backing
 * store". Until the returned "space freed" is called.
 */
export function failOpens(env: { indexedDB: IDBFactory }): () => void {
  const open = vi.spyOn(env.indexedDB, 'open').mockImplementation(() => {
    throw new DOMException(
      'Internal error opening backing store for indexedDB.open.',
      'UnknownError'
    );
  });
  return () => open.mockRestore();
}
