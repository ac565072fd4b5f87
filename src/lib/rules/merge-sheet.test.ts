import { describe, expect, it } from 'vitest';
import { privateers } from './privateers';
import { defaultSheet } from './privateers/sheet';
import { withMoves } from './with-moves';
import { INITIAL_STATE, stampEvent, type BattleEvent, type Json } from '../engine/events';
import { addShip } from '../battle/actions';
import { applyEvent } from '../battle/fold';
import { foldMerged } from '../battle/merge-fold';
import { recheckFor } from '../battle/merge-recheck';
import { withInput } from '../battle/move';
import { editSheetMove } from '../battle/ship-moves';

// Issue 40: sheets are read without a parse (battle/sheets.ts), so a sheet edit merged from
// another device is checked against the system's schema where it enters the merged log.

const system = await withMoves(privateers);
const ship = { id: 's1', side: '', player: '', sheet: defaultSheet({ name: 'V' }), order: 0 };
const added = stampEvent(addShip(INITIAL_STATE, ship, 'V'), {
  id: 'add',
  battleId: 'b',
  seq: 1,
  deviceId: 'tablet',
  at: 1_000
});
const state = applyEvent(INITIAL_STATE, added);

/** The phone's edit of V's hull damage, as its edit move writes it, then given `damage`. */
function phoneEdit(damage: number): BattleEvent {
  const sheet = { ...defaultSheet({ name: 'V' }), hull: { points: 0, damage: 1 } };
  const input = { shipId: 's1', sheet: sheet as Json, summary: 'V: hull damage' };
  const ctx = { options: {}, storedOptions: {}, variant: 'standard', now: 0, newId: () => 'x' };
  const r = withInput(editSheetMove(system.schemas).run(state, input, ctx), input);
  if (!r.ok) throw new Error(r.error);
  // Another device that skips the check (a modified client) writes any number there.
  expect(r.value.ops).toEqual([
    { op: 'set', path: ['ships', 's1', 'sheet', 'hull', 'damage'], value: 1, prev: 0 }
  ]);
  const forged = {
    ...r.value,
    input: { ...input, sheet: { ...sheet, hull: { points: 0, damage } } },
    ops: [{ ...r.value.ops[0], value: damage }]
  };
  return stampEvent(forged, {
    id: 'edit',
    battleId: 'b',
    seq: 2,
    deviceId: 'phone',
    at: 2_000,
    clock: '0000000000100000'
  });
}

describe('a sheet edit merged from another device', () => {
  it('is refused and flagged when its log is not the system’s, the field named', () => {
    const check = recheckFor(system, {}, 'standard');
    const bad = phoneEdit(-4);
    const folded = foldMerged([added, bad], check);
    expect(folded.state).toEqual(state);
    expect(folded.flags.get(bad.id)?.kind).toBe('refused');
    expect(folded.flags.get(bad.id)?.text).toContain('hull.damage: expected at least 0');
    // The same edit with a valid log is applied.
    const fair = foldMerged([added, phoneEdit(4)], check);
    expect(fair.flags.size).toBe(0);
    expect(fair.state.ships.s1.sheet).toMatchObject({ hull: { points: 0, damage: 4 } });
  });
});
