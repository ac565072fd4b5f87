import { describe, expect, it } from 'vitest';
import { getSystem } from './registry';
import { addShipMove } from '../battle/add-ship';
import { INITIAL_STATE } from '../engine/events';
import type { MoveContext } from '../battle/move';
import { applyEvent } from '../battle/fold';

const ctx = (ids: string[]): MoveContext => ({
  options: {},
  storedOptions: {},
  variant: 'standard',
  now: 0,
  newId: () => ids.shift() ?? 'spare'
});

describe('addShipMove', () => {
  const move = addShipMove(getSystem('privateers'));

  it('adds a blank log of the system with the id from the move context', () => {
    const r = move.run(
      INITIAL_STATE,
      { name: ' Surprise ', side: 'Britain', player: 'Ann' },
      ctx(['id-1'])
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.kind).toBe('ship.add');
    expect(r.value.summary).toBe('Surprise (Britain) joins the battle');
    const next = applyEvent(INITIAL_STATE, r.value);
    expect(next.ships['id-1']).toMatchObject({
      id: 'id-1',
      side: 'Britain',
      player: 'Ann',
      order: 0
    });
    expect((next.ships['id-1'].sheet as { name: string }).name).toBe('Surprise');
  });

  it('copies a library template under the name given, after the ships already there', () => {
    const first = { id: 'a', side: '', player: '', sheet: { name: 'A' }, order: 4 };
    const state = { ...INITIAL_STATE, ships: { a: first } };
    const r = move.run(
      state,
      { name: 'Copy', side: '', player: '', template: { name: 'Tpl', hull: 3 } },
      ctx(['b'])
    );
    if (!r.ok) throw new Error(r.error);
    const next = applyEvent(state, r.value);
    expect(next.ships.b).toMatchObject({ order: 5, sheet: { name: 'Copy', hull: 3 } });
    expect(r.value.summary).toBe('Copy joins the battle');
  });

  it('refuses a ship without a name', () => {
    expect(move.run(INITIAL_STATE, { name: '  ', side: '', player: '' }, ctx([]))).toEqual({
      ok: false,
      error: 'Give the ship a name.'
    });
  });
});
