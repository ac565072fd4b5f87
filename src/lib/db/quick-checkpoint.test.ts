import { describe, expect, it } from 'vitest';
import { note } from '$lib/battle/actions';
import { saveCheckpoint } from './checkpoint-store';
import { quickSaveCheckpoint } from './quick-checkpoint';
import { createBattle } from './repo-battles';
import { appendEvent, loadBattle, loadEvents } from './repo-events';
import { fakeEnv, openTestDb } from './test-helpers';

describe('quickSaveCheckpoint (issue 40: a quick open leaves its checkpoint without Dexie)', () => {
  it('deletes the invalid ones, puts the new one and keeps the newest two, as saveCheckpoint', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battle = await createBattle(db, {
      name: 'Off Ushant',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    const access = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    const stateAt = async (seq: number) =>
      (await loadBattle(db, battle.id, { checkpointEvery: 1_000 })).state ??
      expect.fail(`no state at ${seq}`);
    for (const seq of [4, 8]) {
      while ((await loadEvents(db, battle.id)).length < seq)
        await appendEvent(db, battle.id, note('n'));
      const ids = (await loadEvents(db, battle.id)).map((e) => e.id);
      await saveCheckpoint(db, battle.id, ids, seq, await stateAt(seq), []);
    }
    while ((await loadEvents(db, battle.id)).length < 12)
      await appendEvent(db, battle.id, note('n'));
    const ids = (await loadEvents(db, battle.id)).map((e) => e.id);
    const state = await stateAt(12);
    // The open found the one at 8 bad: it goes, 12 comes, 4 stays (the newest two of what is left).
    expect(
      await quickSaveCheckpoint(
        battle.id,
        { ids, seq: 12, state, invalid: [[battle.id, 8]] },
        5,
        access
      )
    ).toBe(true);
    const stored = await db.read(['checkpoints'], () => db.table('checkpoints').toArray());
    expect(stored.map((c: { seq: number }) => c.seq)).toEqual([4, 12]);
    // The next open through Dexie (its zod schema) folds from it.
    const reopened = await loadBattle(db, battle.id, { checkpointEvery: 4 });
    expect(reopened.state).toEqual(state);
    db.close();
  });

  it('writes nothing where there is no database at this schema version', async () => {
    const env = fakeEnv();
    const pending = { ids: ['a'], seq: 1, state: null, invalid: [] };
    expect(
      await quickSaveCheckpoint('b', { ...pending, invalid: [['b', 1]] }, 0, {
        idb: env.indexedDB,
        keyRange: env.IDBKeyRange
      })
    ).toBe(false);
    // It never creates the database.
    expect((await env.indexedDB.databases()).length).toBe(0);
  });
});
