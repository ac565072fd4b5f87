// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { addShipMove } from '$lib/battle/add-ship';
import { history } from '$lib/battle/actions';
import { advanceMove } from '$lib/battle/advance';
import { turnStatusOf } from '$lib/battle/display';
import { fold } from '$lib/battle/fold';
import { createBattle, loadEvents } from '$lib/db';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { loadSystem } from '$lib/rules/engines';
import { getSystem } from '$lib/rules/registry';
import { BattleSession } from './battle.svelte';
import { LogLines } from './log-line';

// Issue 39: a tap extends the log's lines and works the turn status out once; what the screen
// reads must still be what the whole log gives, after every kind of action.

describe('the log lines and the status a tap extends', () => {
  it('equal the whole log’s, through actions, undo and redo', async () => {
    const db = await openTestDb(fakeEnv(), {}, 1);
    const battle = await createBattle(db, {
      name: 'Lines',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    const system = getSystem('privateers');
    const session = new BattleSession(db, battle.id);
    await session.open();
    const check = async (what: string) => {
      const events = await loadEvents(db, battle.id);
      const fresh = new LogLines().of(events, history(events).voided, new Set(), new Map());
      expect(session.lines, what).toEqual(fresh);
      const status = turnStatusOf(system, fold(events), {
        options: battle.options,
        variant: battle.variant,
        now: session.statusNow
      });
      expect(session.statusAt(session.statusNow), what).toEqual(status);
    };
    await check('opened');
    const ships = ['Surprise', 'Hermione', 'Sophie'];
    for (const name of ships) {
      await session.perform(addShipMove(system, await system.loadSchemas()), {
        name,
        side: 'Britain',
        player: ''
      });
      await check(`added ${name}`);
    }
    const before = session.lines;
    await session.perform(advanceMove(system), {});
    await check('next');
    // Extended, not rebuilt: the older lines are the very same objects, one new line in front.
    expect(session.lines.slice(1)).toEqual(before);
    expect(session.lines[1]).toBe(before[0]);
    await session.undo();
    await check('undo of next');
    await session.undo();
    await check('undo of a ship');
    await session.redo();
    await check('redo of the ship');
    await session.perform(advanceMove(system), {});
    await check('next after the redo');
    await session.undo();
    await session.undo();
    await session.undo();
    await check('three undos');
    await session.perform(addShipMove(system, await system.loadSchemas()), {
      name: 'Lydia',
      side: 'Spain',
      player: ''
    });
    await check('a new action ends the redo chain');
    session.close();
  });

  it('work the status out once per tap, for the write and the screen', async () => {
    const db = await openTestDb(fakeEnv(), {}, 1);
    const battle = await createBattle(db, {
      name: 'Status',
      systemId: 'wooden-warships',
      variant: 'standard',
      options: {}
    });
    const session = new BattleSession(db, battle.id);
    await session.open();
    const system = await loadSystem('wooden-warships');
    const turnStatus = vi.spyOn(system, 'turnStatus');
    await session.perform(advanceMove(system), {});
    const calls = turnStatus.mock.calls.length;
    // The status the write summarised for the battle list is the one the screen draws.
    const status = session.statusAt(session.statusNow);
    expect(turnStatus.mock.calls.length).toBe(calls);
    expect(status?.step.index).toBe(1);
    turnStatus.mockRestore();
    session.close();
  });
});
