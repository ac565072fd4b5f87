import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { INITIAL_STATE, stampEvent, type BattleState } from '../engine/events';
import { applyEvent } from './fold';
import { foldMerged } from './merge-fold';
import { defineMove, draftOf, refuse, withInput } from './move';
import { systemOf } from './sheets';
import { recheckWith } from './merge-recheck';
import { REFEREE_SEAT, secretsViewOf } from '../engine/secrets';

// Rechecking merged moves on the live table (#19 item 5): a hidden move that reads a private
// document this device does not open keeps its ops as published; one it can read is checked.

/** A draw from the referee's library: refused when the library (a private document) is empty. */
const draw = defineMove<{ seat: string }>({
  id: 'test.draw',
  input: z.strictObject({ seat: z.string() }),
  category: 'other',
  run: (state, input, ctx) => {
    const pile = ctx.secrets?.get(REFEREE_SEAT, 'pile');
    if (!Array.isArray(pile) || pile.length === 0) return refuse('The library is empty.');
    return draftOf(state, {
      kind: 'test.draw',
      summary: `${input.seat} draws a card`,
      next: state
    });
  }
});

const event = stampEvent(
  { kind: 'test.draw', summary: 'Ann draws a card', ops: [], input: { seat: 'Ann' } },
  { id: 'e1', battleId: 'b', seq: 1, deviceId: 'd', at: 0 }
);
const state: BattleState = INITIAL_STATE;

describe('rechecking a merged move that reads private documents', () => {
  it('keeps the ops of a move that read a seat this device does not open (a player’s phone)', () => {
    const ann = secretsViewOf({ Ann: { hand: [] } });
    expect(recheckWith([draw], { secrets: ann })(state, event)).toBeNull();
  });

  it('checks it where the device opens that seat (the referee’s): refused on an empty library', () => {
    const referee = secretsViewOf({ Ann: {}, [REFEREE_SEAT]: { pile: [] } });
    expect(recheckWith([draw], { secrets: referee })(state, event)).toBe('The library is empty.');
    const full = secretsViewOf({ Ann: {}, [REFEREE_SEAT]: { pile: ['c1'] } });
    expect(recheckWith([draw], { secrets: full })(state, event)).toBeNull();
  });

  it('without any private documents (not live) the move is checked as before', () => {
    expect(recheckWith([draw])(state, event)).toBe('The library is empty.');
  });
});

describe('the merged fold with a recheck that reads the state', () => {
  it('never leaves a memoised read of a container it then changes in place (stale after)', () => {
    // A read (battle/sheets.ts) hands out the state's own container: a recheck that reads
    // the fold's working state must not see that container changed under it by a later event.
    const empty = (): Record<string, number> => ({});
    const read = (s: BattleState) => systemOf(s, empty);
    const note = defineMove<{ key: string }>({
      id: 'test.note',
      input: z.strictObject({ key: z.string() }),
      category: 'other',
      run: (s, input) =>
        draftOf(s, {
          kind: 'test.note',
          summary: 'Noted',
          next: { ...s, system: { ...read(s), [input.key]: 1 } }
        })
    });
    let state: BattleState = { ...INITIAL_STATE, system: { base: 0 } };
    const events = ['a', 'b', 'c'].map((key, i) => {
      const r = withInput(note.run(state, { key }, {} as never), { key });
      if (!r.ok) throw new Error(r.error);
      const e = stampEvent(r.value, {
        id: `e${i}`,
        battleId: 'b',
        seq: i + 1,
        deviceId: 'd',
        at: 0,
        clock: `000000000000000${i + 1}`
      });
      state = applyEvent(state, e);
      return e;
    });
    const { state: merged } = foldMerged(events, recheckWith([note]), {
      ...INITIAL_STATE,
      system: { base: 0 }
    });
    expect(read(merged)).toEqual({ base: 0, a: 1, b: 1, c: 1 });
  });
});
