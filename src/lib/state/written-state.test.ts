import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addShip, editSheet } from '$lib/battle/actions';
import { applyEvent, fold } from '$lib/battle/fold';
import { INITIAL_STATE } from '$lib/engine/events';
import { appendEvent, createBattle } from '$lib/db';
import { openTestDb } from '$lib/db/test-helpers';
import { WrittenState } from './written-state';

const ship = { id: 's1', side: 'British', player: 'Ann', sheet: { hull: 10 }, order: 0 };

describe('WrittenState', () => {
  it('gives back the state a write was summarised from, once, for that very step only', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, {
      name: 'S',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    const added = await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'Vanguard'));
    const known = applyEvent(INITIAL_STATE, added);
    const edit = await appendEvent(db, battle.id, editSheet(known, 's1', { hull: 4 }, 'hull 4'));
    const written = new WrittenState();
    const summarised = written.after(known, edit);
    expect(summarised).toEqual(fold([added, edit]));
    // The screen takes the very state (the ship's sheet keeps its parse), and only once.
    const shown = written.applied(known, edit);
    expect(shown).toBe(summarised);
    expect(written.applied(known, edit)).not.toBe(summarised);
    expect(written.applied(known, edit)).toEqual(summarised);
    // Another step (another tab wrote first, or another event) is folded as before.
    written.after(known, edit);
    expect(written.applied(INITIAL_STATE, added)).toEqual(known);
    written.after(known, edit);
    expect(written.applied({ ...known }, edit)).not.toBe(summarised);
    db.close();
  });
});
