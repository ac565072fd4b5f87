// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addShip, editSheet } from '$lib/battle/actions';
import { fold } from '$lib/battle/fold';
import { StaleStateError, appendEvent, createBattle, loadEvents } from '$lib/db';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { BattleSession } from './battle.svelte';

const ship = { id: 's1', side: 'British', player: 'Ann', sheet: { hull: 10 }, order: 0 };

function waitFor(pred: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (pred()) resolve();
      else if (Date.now() - start > ms) reject(new Error('timed out'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

describe('BattleSession', () => {
  it('shows fold(log) through actions, undo, redo and another tab’s writes', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env, {}, 1);
    const other = await openTestDb(env, {}, 2);
    const battle = await createBattle(db, {
      name: 'S',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    const session = new BattleSession(db, battle.id);
    await session.open();
    await session.act((s) => addShip(s, ship, 'Vanguard'));
    await session.act((s) => editSheet(s, 's1', { hull: 4 }, 'Vanguard: hull 10 → 4'));
    expect(session.state.ships.s1.sheet).toEqual({ hull: 4 });
    await session.undo();
    expect(session.state.ships.s1.sheet).toEqual({ hull: 10 });
    expect(session.canRedo).toBe(true);
    expect(session.lines[0].text).toBe('Undid: Vanguard: hull 10 → 4');
    expect(session.lines[1].isVoided).toBe(true);

    await appendEvent(other, battle.id, { kind: 'note', summary: 'from the other tab', ops: [] });
    await waitFor(() => session.events.length === 4);
    expect(session.state).toEqual(fold(await loadEvents(db, battle.id)));
    expect(session.canRedo).toBe(false);
    session.close();
  });

  it('refuses an action based on an outdated screen and says so', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env, {}, 1);
    const battle = await createBattle(db, {
      name: 'S',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    const session = new BattleSession(db, battle.id);
    await session.open();
    session.close(); // no live updates: the screen goes stale
    await appendEvent(db, battle.id, { kind: 'note', summary: 'elsewhere', ops: [] });
    expect(await session.act((s) => addShip(s, ship, 'V'))).toBeNull();
    expect(session.error).toBeInstanceOf(StaleStateError);
    expect(await loadEvents(db, battle.id)).toHaveLength(1);
  });
});
