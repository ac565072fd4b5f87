import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
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
