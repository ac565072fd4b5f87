// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addShipMove } from '$lib/battle/add-ship';
import { advanceMove } from '$lib/battle/advance';
import { createBattle, getBattle } from '$lib/db';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { getSystem } from '$lib/rules/registry';
import { BattleSession } from './battle.svelte';

describe('the battle record’s display summary', () => {
  it('is written with each event (perform, undo, redo), for the battle list', async () => {
    const db = await openTestDb(fakeEnv(), {}, 1);
    const battle = await createBattle(db, {
      name: 'S',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    const system = getSystem('privateers');
    const session = new BattleSession(db, battle.id);
    await session.open();
    const added = await session.perform(addShipMove(system, await system.loadSchemas()), {
      name: 'Surprise',
      side: 'Britain',
      player: ''
    });
    expect(added.ok).toBe(true);
    expect((await getBattle(db, battle.id)).display).toMatchObject({
      turn: 1,
      step: system.phases?.[0]
    });
    await session.perform(advanceMove(system), {});
    expect((await getBattle(db, battle.id)).display).toMatchObject({
      turn: 1,
      step: system.phases?.[1]
    });
    await session.undo();
    expect((await getBattle(db, battle.id)).display?.step).toBe(system.phases?.[0]);
    await session.redo();
    expect((await getBattle(db, battle.id)).display?.step).toBe(system.phases?.[1]);
    session.close();
  });
});
