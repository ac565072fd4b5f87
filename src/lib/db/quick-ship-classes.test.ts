import { describe, expect, it } from 'vitest';
import { EXAMPLE_CHARTS } from '$lib/rules/wooden-warships/example-charts';
import { quickShipClassData } from './quick-ship-classes';
import { listShipClasses, saveShipClass } from './repo-ships';
import { fakeEnv, openTestDb } from './test-helpers';

describe('quickShipClassData (issue 40: the calculators read saved charts without Dexie)', () => {
  it("gives a system's saved charts in the order of their names, as listShipClasses", async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const [first, second] = EXAMPLE_CHARTS;
    await saveShipClass(db, { systemId: 'wooden-warships', name: 'Zealous', data: first });
    await saveShipClass(db, { systemId: 'wooden-warships', name: 'Amazon', data: second });
    await saveShipClass(db, { systemId: 'privateers', name: 'Other', data: { x: 1 } });
    const access = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    const quick = await quickShipClassData('wooden-warships', access);
    expect(quick).toEqual([second, first]);
    expect(quick).toEqual((await listShipClasses(db, 'wooden-warships')).map((r) => r.data));
    db.close();
  });

  it('gives none where there is no database, and creates none', async () => {
    const env = fakeEnv();
    expect(await quickShipClassData('wooden-warships', { idb: env.indexedDB })).toEqual([]);
    expect(await env.indexedDB.databases()).toEqual([]);
  });
});
