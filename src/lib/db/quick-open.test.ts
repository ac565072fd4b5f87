import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { addShip, editSheet, note } from '../battle/actions';
import { fold } from '../battle/fold';
import { INITIAL_STATE, type BattleState } from '../engine/events';
import type { Db } from './db';
import { CorruptRecordError } from './errors';
import { DB_NAME } from './identity';
import { quickOpenBattle } from './quick-open';
import { createBattle } from './repo-battles';
import { appendEvent, loadEvents, openBattle, undoLast } from './repo-events';
import { setSetting } from './repo-settings';
import { SCHEMA_VERSION, STORES_V1, STORES_V2, STORES_V3 } from './schema';
import { prefixHash, stateHash } from './checkpoints';
import { fakeEnv, openTestDb } from './test-helpers';

/** A Privateers battle of three ships, hits and notes, one undone: 13 events. */
async function playedBattle(db: Db): Promise<string> {
  const battle = await createBattle(db, {
    name: 'Off Ushant',
    systemId: 'privateers',
    variant: 'standard',
    options: {}
  });
  let state: BattleState = INITIAL_STATE;
  const append = async (draft: Parameters<typeof appendEvent>[2]) => {
    state = fold([await appendEvent(db, battle.id, draft)], state);
  };
  for (let i = 0; i < 3; i++)
    await append(
      addShip(
        state,
        { id: `s${i}`, side: 'A', player: 'p', sheet: { hull: 10 }, order: i },
        `S${i}`
      )
    );
  for (let hull = 9; hull > 5; hull--) {
    await append(editSheet(state, 's0', { hull }, 'hit'));
    await append(note(`hull ${hull}`));
  }
  await undoLast(db, battle.id);
  return battle.id;
}

describe('the quick open of a deep-linked battle (plain IndexedDB, no Dexie)', () => {
  it('reads what openBattle reads, from a checkpoint and only the tail, with the setting and device id', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battleId = await playedBattle(db);
    await setSetting(db, `live:${battleId}`, { role: 'referee' });
    // An open folding past a boundary (every 4 events) leaves checkpoints behind.
    await (
      await openBattle(db, battleId, { checkpointEvery: 4 })
    ).checkpointed;
    const all = await loadEvents(db, battleId);
    for (const tail of [1, 3, 100]) {
      const full = await openBattle(db, battleId, { checkpointEvery: 4, tail });
      const quick = await quickOpenBattle(battleId, `live:${battleId}`, {
        ...env,
        idb: env.indexedDB,
        keyRange: env.IDBKeyRange,
        checkpointEvery: 4,
        tail
      });
      expect(quick).not.toBeNull();
      expect(quick?.battle).toEqual(full.battle);
      expect(quick?.events).toEqual(full.events);
      expect(quick?.before).toBe(full.before);
      expect(quick?.state).toEqual(fold(all));
      expect(quick?.deviceId).toBe(db.deviceId);
      expect(quick?.setting).toEqual({ role: 'referee' });
    }
    db.close();
  });

  it('leaves the checkpoint it folded past for the connection to write, and names bad ones', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battleId = await playedBattle(db);
    const ids = (await loadEvents(db, battleId)).map((e) => e.id);
    // A checkpoint whose hash is of another prefix of the log: it does not hold.
    const at3 = fold((await loadEvents(db, battleId)).slice(0, 3));
    const row = {
      battleId,
      seq: 2,
      hash: prefixHash(ids, 3),
      state: at3,
      stateHash: stateHash(at3),
      at: 1
    };
    await db.write(['checkpoints'], () => db.table('checkpoints').put(row));
    const quick = await quickOpenBattle(battleId, 'none', {
      idb: env.indexedDB,
      keyRange: env.IDBKeyRange,
      checkpointEvery: 4
    });
    expect(quick?.pending?.seq).toBe(12);
    expect(quick?.pending?.state).toEqual(fold((await loadEvents(db, battleId)).slice(0, 12)));
    // The lying checkpoint is refused and named for deletion.
    expect(quick?.pending?.invalid).toEqual([[battleId, 2]]);
    expect(quick?.state).toEqual(fold(await loadEvents(db, battleId)));
    db.close();
  });

  it('answers null, creating nothing, where the full path must say what is wrong', async () => {
    const env = fakeEnv();
    const opts = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    // A first visit: no database, and none is created.
    expect(await quickOpenBattle('b1', 'none', opts)).toBeNull();
    expect(await env.indexedDB.databases()).toEqual([]);
    // No such battle.
    const db = await openTestDb(env);
    expect(await quickOpenBattle('b1', 'none', opts)).toBeNull();
    // A record that fails its schema.
    const battleId = await playedBattle(db);
    await db.write(['battles'], async () => {
      const b = await db.table('battles').get(battleId);
      await db.table('battles').put({ ...b!, lastSeq: -1 });
    });
    expect(await quickOpenBattle(battleId, 'none', opts)).toBeNull();
    db.close();
  });

  it('hands an event the quick check cannot vouch for to the full read, whose schema refuses a bad one', async () => {
    const env = fakeEnv();
    const opts = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    const db = await openTestDb(env);
    const battleId = await playedBattle(db);
    // The quick read carries no event schema (issue 40): a stored event with a field no event has
    // (a damaged record, or one from a newer release) is left to openBattle, which names it.
    await db.write(['events'], async () => {
      const [first] = await db.table('events').where('battleId').equals(battleId).toArray();
      const damaged = { ...first, extra: 1 }; // a shape the type refuses, as a damaged record is
      await db.table('events').put(damaged);
    });
    expect(await quickOpenBattle(battleId, 'none', opts)).toBeNull();
    await expect(openBattle(db, battleId)).rejects.toThrow(CorruptRecordError);
    await expect(openBattle(db, battleId)).rejects.toThrow(/unexpected field "extra"/);
    db.close();
  });

  it('leaves data of a newer schema to the full path and does not hold up its upgrade', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battleId = await playedBattle(db);
    db.close();
    const opts = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    expect(await quickOpenBattle(battleId, 'none', opts)).not.toBeNull();
    const newer = new Dexie(DB_NAME, env);
    newer
      .version(SCHEMA_VERSION + 1)
      .stores({ ...STORES_V1, ...STORES_V2, ...STORES_V3, fleets: 'id' });
    await newer.open();
    newer.close();
    expect(await quickOpenBattle(battleId, 'none', opts)).toBeNull();
  });
});
