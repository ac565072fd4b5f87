import { describe, expect, it } from 'vitest';
import { getSystem } from './registry';
import { addShipMove } from '../battle/add-ship';
import { INITIAL_STATE } from '../engine/events';
import type { MoveContext } from '../battle/move';
import { applyEvent } from '../battle/fold';
import { SCHEMAS } from './privateers/sheet-schema';
import { defaultSheet } from './privateers/sheet';

const ctx = (ids: string[]): MoveContext => ({
  options: {},
  storedOptions: {},
  variant: 'standard',
  now: 0,
  newId: () => ids.shift() ?? 'spare'
});

describe('addShipMove', () => {
  const move = addShipMove(getSystem('privateers'), SCHEMAS);

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
      {
        name: 'Copy',
        side: '',
        player: '',
        template: { ...defaultSheet({ name: 'Tpl' }), masts: 3 }
      },
      ctx(['b'])
    );
    if (!r.ok) throw new Error(r.error);
    const next = applyEvent(state, r.value);
    expect(next.ships.b).toMatchObject({ order: 5, sheet: { name: 'Copy', masts: 3 } });
    expect(r.value.summary).toBe('Copy joins the battle');
  });

  it('refuses a template that is not a log of the system, naming the field', () => {
    // The fold reads sheets without a parse (battle/sheets.ts): this check keeps them valid.
    const template = { ...defaultSheet({ name: 'Tpl' }), masts: 'three' };
    const r = move.run(INITIAL_STATE, { name: 'Copy', side: '', player: '', template }, ctx(['b']));
    expect(r).toEqual({
      ok: false,
      error: 'That is not a valid ship log (masts: expected a number).'
    });
  });

  it('refuses a ship without a name', () => {
    expect(move.run(INITIAL_STATE, { name: '  ', side: '', player: '' }, ctx([]))).toEqual({
      ok: false,
      error: 'Give the ship a name.'
    });
  });
});
