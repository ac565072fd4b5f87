import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { IDBObjectStore } from 'fake-indexeddb';
import { INITIAL_STATE } from '../engine/events';
import { addShip } from '../battle/actions';
import { createBattle, listBattles } from './repo-battles';
import { appendEvent, loadEvents } from './repo-events';
import {
  CorruptRecordError,
  NewerSchemaError,
  QuotaFullError,
  StorageUnavailableError,
  VersionChangedError
} from './errors';
import { DB_NAME, openDatabase } from './db';
import { SCHEMA_VERSION, STORES_V1, STORES_V2, STORES_V3 } from './schema';
import { dumpAll, fakeEnv, openTestDb } from './test-helpers';

const newBattle = {
  name: 'Trafalgar',
  systemId: 'privateers',
  variant: 'standard',
  options: {}
} as const;
const ship = { id: 's1', side: 'British', player: 'Ann', sheet: { hull: 10 }, order: 0 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('opening the database', () => {
  it('writes a meta record with schema version, app version and a device id', async () => {
    const db = await openTestDb();
    expect(db.status).toBe('open');
    expect(db.meta).toMatchObject({ schemaVersion: SCHEMA_VERSION, appVersion: '0.1.0' });
    expect(db.deviceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the device id across reloads', async () => {
    const env = fakeEnv();
    const a = await openTestDb(env, {}, 1);
    a.close();
    const b = await openTestDb(env, {}, 2);
    expect(b.deviceId).toBe(a.deviceId);
  });

  it('fails with a clear typed error when IndexedDB is missing (no in-memory fallback)', async () => {
    await expect(
      openDatabase({ indexedDB: undefined, IDBKeyRange: undefined, storage: null, name: 'x' })
    ).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('fails with a clear typed error when the browser blocks IndexedDB (private mode)', async () => {
    const env = fakeEnv();
    vi.spyOn(env.indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const err: unknown = await openTestDb(env).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toMatch(/cannot store data/);
  });
});

describe('writing', () => {
  it('asks for persistent storage at the first save, once', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    const persisted = vi.fn(() => Promise.resolve(false));
    const db = await openTestDb(fakeEnv(), { storage: { persist, persisted } });
    expect(persist).not.toHaveBeenCalled();
    await createBattle(db, newBattle);
    await createBattle(db, newBattle);
    expect(await db.persistence).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('turns a full disk into QuotaFullError and leaves nothing half written', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    const before = await dumpAll(db);
    // The event add succeeds, then the battle put (lastSeq) fails as a full disk would.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- re-applied with the store as `this`
    const realPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args
    ) {
      if (this.name === 'battles') throw new DOMException('quota', 'QuotaExceededError');
      return realPut.apply(this, args);
    });
    const err: unknown = await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'V')).catch(
      (e: unknown) => e
    );
    expect(err).toBeInstanceOf(QuotaFullError);
    expect((err as Error).message).toMatch(/export a backup/);
    vi.restoreAllMocks();
    expect(await dumpAll(db)).toEqual(before);
  });

  it('reports a damaged stored record instead of passing it on', async () => {
    const db = await openTestDb();
    await db.dexie.table('battles').put({ id: 'bad', name: 42 });
    await expect(listBattles(db)).rejects.toBeInstanceOf(CorruptRecordError);
  });
});

describe('schema versions and other tabs', () => {
  it('closes when another tab upgrades the schema, signals the UI, and loses nothing', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battle = await createBattle(db, newBattle);
    await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'V'));
    const statuses: string[] = [];
    db.onStatusChange((s) => statuses.push(s));

    // A newer Quarterdeck in another tab: the next version adds a table.
    const newer = new Dexie(DB_NAME, env);
    newer.version(1).stores(STORES_V1);
    newer
      .version(SCHEMA_VERSION + 1)
      .stores({ ...STORES_V1, ...STORES_V2, ...STORES_V3, fleets: 'id' });
    await newer.open();

    expect(statuses).toEqual(['closed-by-upgrade']);
    expect(db.status).toBe('closed-by-upgrade');
    await expect(createBattle(db, newBattle)).rejects.toBeInstanceOf(VersionChangedError);
    expect(await newer.table('events').count()).toBe(1);
    newer.close();
  });

  it('opens data from a newer version read-only, with a message', async () => {
    const env = fakeEnv();
    const first = await openTestDb(env);
    await createBattle(first, newBattle);
    first.close();
    const newer = new Dexie(DB_NAME, env);
    newer.version(1).stores(STORES_V1);
    newer
      .version(SCHEMA_VERSION + 1)
      .stores({ ...STORES_V1, ...STORES_V2, ...STORES_V3, fleets: 'id' });
    await newer.open();
    newer.close();

    const db = await openTestDb(env);
    expect(db.status).toBe('read-only');
    expect(db.readOnlyReason).toBeInstanceOf(NewerSchemaError);
    expect(db.readOnlyReason?.message).toMatch(/newer version/);
    expect(await listBattles(db)).toHaveLength(1);
    await expect(createBattle(db, newBattle)).rejects.toBeInstanceOf(NewerSchemaError);
    // Nothing was patched: the disk still has the newer version.
    expect(db.dexie.verno).toBe(SCHEMA_VERSION + 1);
  });
});

describe('events table', () => {
  it('rejects a duplicate sequence number at the index level too', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    const e = await appendEvent(db, battle.id, { kind: 'note', summary: 'x', ops: [] });
    await expect(db.dexie.table('events').add({ ...e, id: 'other' })).rejects.toThrow();
    expect(await loadEvents(db, battle.id)).toHaveLength(1);
  });
});
