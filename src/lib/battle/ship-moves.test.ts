import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, type BattleState } from '../engine/events';
import { applyEvent } from './fold';
import { editSheetMove, removeShipMove } from './ship-moves';
import * as z from 'zod/mini';

/** The test ships' log: a hull only. */
const SCHEMAS = {
  sheet: z.strictObject({ hull: z.int().check(z.gte(0)) }),
  systemState: z.unknown()
};
const editSheet = editSheetMove(SCHEMAS);

const ctx = { options: {}, storedOptions: {}, variant: '', now: 0, newId: () => 'x' };
const state: BattleState = {
  ...INITIAL_STATE,
  ships: { s1: { id: 's1', side: 'Britain', player: '', sheet: { hull: 10 }, order: 0 } }
};

describe('the ship page moves', () => {
  it('edits a sheet as one sheet.edit event and refuses a ship that has gone', () => {
    const r = editSheet.run(
      state,
      { shipId: 's1', sheet: { hull: 4 }, summary: 'hull 10 → 4' },
      ctx
    );
    expect(r.ok && r.value.kind).toBe('sheet.edit');
    if (r.ok) expect(applyEvent(state, r.value).ships.s1.sheet).toEqual({ hull: 4 });
    expect(editSheet.run(state, { shipId: 'gone', sheet: {}, summary: '' }, ctx).ok).toBe(false);
  });

  it('refuses a log that is not the system’s, naming the field, and writes nothing', () => {
    // The fold reads sheets without a parse (sheets.ts): this check is what keeps them valid.
    const r = editSheet.run(state, { shipId: 's1', sheet: { hull: -1 }, summary: 'hull' }, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe('That is not a valid ship log (hull: expected at least 0).');
  });

  it('removes a ship once: a second removal is refused', () => {
    const r = removeShipMove.run(state, { shipId: 's1', name: 'Surprise' }, ctx);
    expect(r.ok && r.value.summary).toBe('Surprise removed from the battle');
    if (!r.ok) return;
    const after = applyEvent(state, r.value);
    expect(after.ships.s1).toBeUndefined();
    expect(removeShipMove.run(after, { shipId: 's1', name: 'Surprise' }, ctx)).toEqual({
      ok: false,
      error: 'That ship is no longer in the battle.'
    });
  });
});
