import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import v1 from './fixtures/v1.json';
import v2 from './fixtures/v2.json';
import v3 from './fixtures/v3.json';
import { DB_NAME } from './db';
import { SCHEMA_VERSION, STORES_V1, STORES_V2, STORES_V3 } from './schema';
import { fold } from '../battle/fold';
import { listBattles } from './repo-battles';
import { loadBattle } from './repo-events';
import { listBattleRoster, listLibrary, listShipClasses } from './repo-ships';
import { getSetting } from './repo-settings';
import { exportAll } from './backup';
import { listCampaigns, loadCampaign } from './repo-campaigns';
import { fakeEnv, openTestDb } from './test-helpers';

/**
 * Every released schema version has a committed fixture of its data (fixtures/v<n>.json, written
 * by that version and never edited). Each is loaded into IndexedDB with that version's own store
 * definitions, then opened with the current code: nothing may be lost or fail to parse.
 */
const FIXTURES = [v1, v2, v3];

describe('schema upgrades', () => {
  it('has a fixture for every schema version up to the current one', () => {
    expect(FIXTURES.map((f) => f.schemaVersion)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1)
    );
  });

  it('never edits the released version 1 store definitions', () => {
    expect(STORES_V1).toEqual(v1.stores);
  });

  it('never edits the released version 2 store definitions (it only added a table)', () => {
    expect({ ...STORES_V1, ...STORES_V2 }).toEqual(v2.stores);
  });

  it('never edits the released version 3 store definitions (it only added the campaign tables)', () => {
    expect({ ...STORES_V1, ...STORES_V2, ...STORES_V3 }).toEqual(v3.stores);
  });

  it('version 2 data opens with empty campaign tables; version 3 data keeps its campaign', async () => {
    for (const [fixture, count] of [
      [v2, 0],
      [v3, 1]
    ] as const) {
      const env = fakeEnv();
      const old = new Dexie(DB_NAME, env);
      old.version(fixture.schemaVersion).stores(fixture.stores);
      await old.open();
      await old.transaction('rw', old.tables, async () => {
        for (const [name, rows] of Object.entries(fixture.tables))
          await old.table(name).bulkAdd(rows as unknown[]);
      });
      old.close();
      const db = await openTestDb(env);
      const campaigns = await listCampaigns(db);
      expect(campaigns).toHaveLength(count);
      for (const c of campaigns) {
        const { state, events } = await loadCampaign(db, c.id);
        expect(events).toHaveLength(c.lastSeq);
        const [anne] = Object.values(state.captains);
        expect(anne).toMatchObject({ name: 'Anne', purse: 1500, spent: 500 });
        expect(Object.values(state.ships).map((s) => s.name)).toEqual(['Surprise']);
      }
    }
  });

  for (const fixture of FIXTURES) {
    it(`opens version ${fixture.schemaVersion} data with the current code, losing nothing`, async () => {
      const env = fakeEnv();
      const old = new Dexie(DB_NAME, env);
      old.version(fixture.schemaVersion).stores(fixture.stores);
      await old.open();
      await old.transaction('rw', old.tables, async () => {
        for (const [name, rows] of Object.entries(fixture.tables))
          await old.table(name).bulkAdd(rows as unknown[]);
      });
      old.close();

      const db = await openTestDb(env);
      expect(db.status).toBe('open');
      expect(db.dexie.verno).toBe(SCHEMA_VERSION);
      expect(db.deviceId).toBe(fixture.tables.meta[0].deviceId);

      const battles = await listBattles(db, { includeArchived: true });
      expect(battles).toHaveLength(fixture.tables.battles.length);
      for (const b of battles) {
        const loaded = await loadBattle(db, b.id);
        expect(loaded.events).toHaveLength(b.lastSeq);
        // From a stored checkpoint or not, the state is the log's.
        expect(loaded.state).toEqual(fold(loaded.events));
        await listBattleRoster(db, b.id);
      }
      const main = await loadBattle(db, fixture.tables.battles[0].id);
      expect(Object.keys(main.state.ships).sort()).toEqual(['s1', 's2']);
      expect(main.state.system).toEqual({ wind: 'NW' });
      expect(await listLibrary(db)).toHaveLength(1);
      expect(await listShipClasses(db, 'privateers')).toHaveLength(1);
      expect(await getSetting(db, 'theme')).toBe('dark');
      // Every record also passes the export's full validation.
      const file = await exportAll(db);
      expect(file.file.payload.events).toHaveLength(fixture.tables.events.length);
    });
  }
});
