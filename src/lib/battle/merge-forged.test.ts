import { describe, expect, it } from 'vitest';
import { addShip } from './actions';
import {
  INITIAL_STATE,
  stampEvent,
  type BattleEvent,
  type BattleState,
  type Op
} from '../engine/events';
import { applyEvent } from './fold';
import { foldMerged } from './merge-fold';
import { NOT_A_MOVE, recheckWith } from './merge-recheck';
import { withInput } from './move';
import { editSheetMove, type EditSheetInput } from './ship-moves';
import * as z from 'zod/mini';

/** The test ships' log: a name and a hull (the sheet edit checks a sheet against it). */
const SCHEMAS = {
  sheet: z.strictObject({ name: z.string(), hull: z.int().check(z.gte(0)) }),
  systemState: z.unknown()
};
const editSheet = editSheetMove(SCHEMAS);

// A forged event written straight into the live table's shared document (issue 34 item 2): the
// re-check on every device refuses it and the fold flags it; the state is as if it were not there.

let n = 0;
function stamp(draft: Parameters<typeof stampEvent>[0], clocked = true): BattleEvent {
  n += 1;
  return stampEvent(draft, {
    id: `e${n}`,
    battleId: 'b',
    seq: n,
    deviceId: 'bob-phone',
    at: 1_000 + n,
    ...(clocked ? { clock: `00000000000${String(n).padStart(5, '0')}` } : {})
  });
}

/** Swift (Ann's) and Bold (Bob's), added by the battle layer's own action before sharing. */
function twoShips(): { log: BattleEvent[]; state: BattleState } {
  const log: BattleEvent[] = [];
  let state = INITIAL_STATE;
  for (const [id, name, player] of [
    ['swift', 'Swift', 'Ann'],
    ['bold', 'Bold', 'Bob']
  ] as const) {
    const e = stamp(
      addShip(state, { id, side: player, player, sheet: { name, hull: 10 }, order: 0 }, name),
      false
    );
    log.push(e);
    state = applyEvent(state, e);
  }
  return { log, state };
}

/** Bob's real sheet edit of his own ship, as the app writes it (input, meaning, ops). */
function bobEdits(state: BattleState, hull: number): BattleEvent {
  const input: EditSheetInput = {
    shipId: 'bold',
    sheet: { name: 'Bold', hull },
    summary: `Bold: hull 10 → ${hull}`
  };
  const r = withInput(editSheet.run(state, input, {} as never), input);
  if (!r.ok) throw new Error(r.error);
  return stamp(r.value);
}

const sinkSwift: Op = {
  op: 'set',
  path: ['ships', 'swift', 'sheet', 'hull'],
  value: 0,
  prev: 10
};

const check = recheckWith([editSheet]);

describe('a forged event in the shared battle', () => {
  it('with changes and no move (a bare sheet edit) is refused, flagged, and changes nothing', () => {
    const { log, state } = twoShips();
    const forged = stamp({ kind: 'sheet.edit', summary: 'Swift sinks', ops: [sinkSwift] });
    const folded = foldMerged([...log, forged], check);
    expect(folded.state).toEqual(state);
    expect(folded.flags.get(forged.id)?.text).toBe(`“Swift sinks” not applied: ${NOT_A_MOVE}`);
  });

  it('naming a move this battle does not have is refused the same way', () => {
    const { log, state } = twoShips();
    const forged = stamp({ kind: 'pv.sink', summary: 'Swift sinks', ops: [sinkSwift], input: {} });
    const folded = foldMerged([...log, forged], check);
    expect(folded.state).toEqual(state);
    expect(folded.flags.get(forged.id)?.kind).toBe('refused');
  });

  it('a real move with a change beyond it (Bob’s edit that also sinks Swift) is refused', () => {
    const { log, state } = twoShips();
    const honest = bobEdits(state, 8);
    const forged = { ...bobEdits(state, 7), ops: [...bobEdits(state, 7).ops, sinkSwift] };
    const folded = foldMerged([...log, forged], check);
    expect(folded.state).toEqual(state);
    expect(folded.flags.get(forged.id)?.text).toContain(
      'it also changes Swift, which that move does not, so it was not made by the app.'
    );
    // The same move as the app wrote it is applied, unflagged.
    const fair = foldMerged([...log, honest], check);
    expect(fair.flags.size).toBe(0);
    expect(fair.state.ships.bold.sheet).toEqual({ name: 'Bold', hull: 8 });
  });

  it('a change another device had already made is no forgery (it changes nothing)', () => {
    const { log, state } = twoShips();
    const same = stamp(
      {
        kind: 'sheet.edit',
        summary: 'Swift: hull 10 → 9',
        ops: [{ op: 'set', path: ['ships', 'swift', 'sheet', 'hull'], value: 9, prev: 10 }]
      },
      false
    );
    const after = applyEvent(state, same);
    const edit = bobEdits(after, 8);
    const withEcho = { ...edit, ops: [...edit.ops, { ...sinkSwift, value: 9 }] };
    const folded = foldMerged([...log, same, withEcho], check);
    expect(folded.flags.get(withEcho.id)?.kind).not.toBe('refused');
    expect(folded.state.ships.bold.sheet).toEqual({ name: 'Bold', hull: 8 });
  });

  it('the log from before the battle was shared (no clock, no input) is applied as before', () => {
    const { log } = twoShips();
    const older = stamp(
      { kind: 'sheet.edit', summary: 'Swift: hull 10 → 0', ops: [sinkSwift] },
      false
    );
    const folded = foldMerged([...log, older], check);
    expect(folded.flags.size).toBe(0);
    expect(folded.state.ships.swift.sheet).toEqual({ name: 'Swift', hull: 0 });
  });
});
