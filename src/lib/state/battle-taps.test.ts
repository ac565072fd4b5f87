// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { advanceMove, stepMark } from '$lib/battle/advance';
import { fold } from '$lib/battle/fold';
import { createBattle, loadEvents } from '$lib/db';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { privateers } from '$lib/rules/privateers';
import { addShipFromClass, setHeading } from '$lib/rules/privateers/moves';
import { exampleFrigate } from '$lib/rules/privateers/moves.fixture';
import { BattleSession } from './battle.svelte';

// Issue 39: taps no longer wait for disabled controls; the session takes them one at a time. What
// the screen shows must stay fold(log) through bursts of taps: double taps, taps on different
// controls while one is being saved, undo and redo among them.

async function privateersSession() {
  const db = await openTestDb(fakeEnv(), {}, 1);
  const battle = await createBattle(db, {
    name: 'Taps',
    systemId: 'privateers',
    variant: 'standard',
    options: {}
  });
  const session = new BattleSession(db, battle.id);
  await session.open();
  return { db, battle, session };
}

const next = (session: BattleSession) =>
  session.perform(advanceMove(privateers), {
    from: stepMark(privateers, session.state, { options: {}, variant: 'standard', now: 0 })
  });

describe('a burst of taps at the table', () => {
  it('leaves the screen on fold(log), each action once, none lost', async () => {
    const { db, battle, session } = await privateersSession();
    const frigate = exampleFrigate();
    await Promise.all([
      session.perform(addShipFromClass, { cls: frigate, name: 'Surprise', side: 'GB', player: '' }),
      session.perform(addShipFromClass, { cls: frigate, name: 'Hermione', side: 'ES', player: '' })
    ]);
    const [a, b] = Object.keys(session.state.ships);
    // Next tapped twice before the first is saved: the phase passes once.
    await Promise.all([next(session), next(session)]);
    expect(session.state.phase).toBe(1);
    // Different taps at once: each is saved, on the state the one before wrote.
    await Promise.all([
      session.perform(setHeading, { shipId: a, headingDeg: 90 }),
      session.perform(setHeading, { shipId: b, headingDeg: 180 }),
      next(session)
    ]);
    expect(session.state.phase).toBe(2);
    // The same control tapped twice before the first is saved is one action.
    await Promise.all([
      session.perform(setHeading, { shipId: a, headingDeg: 45 }),
      session.perform(setHeading, { shipId: a, headingDeg: 45 })
    ]);
    // Next, then Undo and Redo tapped before it is saved: each in its turn.
    await Promise.all([next(session), session.undo(), session.redo()]);
    expect(session.state.phase).toBe(3);
    const events = await loadEvents(db, battle.id);
    expect(session.state).toEqual(fold(events));
    expect(events.map((e) => e.kind)).toEqual([
      'ship.add',
      'ship.add',
      'phase.advance',
      'pv.heading',
      'pv.heading',
      'phase.advance',
      'pv.heading',
      'phase.advance',
      'undo',
      'redo'
    ]);
    session.close();
  });
});
