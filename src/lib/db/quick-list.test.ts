import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { DB_NAME } from './identity';
import { quickListBattles } from './quick-list';
import { archiveBattle, createBattle, listBattles } from './repo-battles';
import { SCHEMA_VERSION, STORES_V1, STORES_V2, STORES_V3 } from './schema';
import { fakeEnv, openTestDb } from './test-helpers';

const battle = (name: string) => ({
  name,
  systemId: 'privateers' as const,
  variant: 'standard',
  options: {}
});

describe('the start page quick list of battles', () => {
  it('reads "no battles" on a first visit and does not create the database', async () => {
    const env = fakeEnv();
    expect(await quickListBattles(env.indexedDB)).toEqual([]);
    expect(await env.indexedDB.databases()).toEqual([]);
  });

  it('lists exactly what the full path lists, archived too, newest first', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const a = await createBattle(db, battle('Cape Finisterre'));
    await createBattle(db, battle('Action off Cadiz'));
    await archiveBattle(db, a.id, true);
    const full = await listBattles(db, { includeArchived: true });
    const quick = await quickListBattles(env.indexedDB);
    expect(quick).toEqual(full);
    expect(quick?.map((b) => b.name)).toEqual(['Cape Finisterre', 'Action off Cadiz']);
    db.close();
  });

  it('does not hold up another tab that upgrades the database', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    await createBattle(db, battle('Trafalgar'));
    db.close();
    expect(await quickListBattles(env.indexedDB)).toHaveLength(1);
    const newer = new Dexie(DB_NAME, env);
    newer.version(1).stores(STORES_V1);
    newer
      .version(SCHEMA_VERSION + 1)
      .stores({ ...STORES_V1, ...STORES_V2, ...STORES_V3, fleets: 'id' });
    await newer.open();
    expect(newer.verno).toBe(SCHEMA_VERSION + 1);
    newer.close();
  });

  it('leaves data of a newer schema to the full path (which opens it read-only)', async () => {
    const env = fakeEnv();
    const newer = new Dexie(DB_NAME, env);
    newer
      .version(SCHEMA_VERSION + 1)
      .stores({ ...STORES_V1, ...STORES_V2, ...STORES_V3, fleets: 'id' });
    await newer.open();
    newer.close();
    expect(await quickListBattles(env.indexedDB)).toBeNull();
  });

  it('leaves a damaged record to the full path, which reports it', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    await createBattle(db, battle('Camperdown'));
    await db.dexie.table('battles').put({ id: 'broken', name: '' });
    expect(await quickListBattles(env.indexedDB)).toBeNull();
    db.close();
  });

  it('says "ask the full path" where IndexedDB or databases() is missing', async () => {
    expect(await quickListBattles(undefined)).toBeNull();
    const noList = { open: () => null } as unknown as IDBFactory;
    expect(await quickListBattles(noList)).toBeNull();
  });
});
