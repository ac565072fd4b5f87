import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { describeDice } from './describe';
import {
  MAX_STORED_INPUT_CHARS,
  defineMove,
  draftOf,
  joinRolls,
  labelDice,
  rollRecord,
  storedInput,
  withInput
} from './move';
import { err, ok } from '../engine/result';
import { INITIAL_STATE } from '../engine/events';

describe('the move contract', () => {
  it('keeps who rolled each die when app dice and typed dice are joined', () => {
    const app = { source: 'app' as const, dice: [{ sides: 100, face: 37 }] };
    const typed = {
      source: 'entered' as const,
      dice: [
        { sides: 6, face: 4 },
        { sides: 6, face: 5 }
      ]
    };
    const joined = joinRolls([app, typed]);
    expect(joined.source).toBe('app');
    expect(joined.dice.map((d) => d.source)).toEqual(['app', 'entered', 'entered']);
    expect(describeDice(joined)).toBe('d100: 37; d6: 4, 5, typed in');
  });

  it('leaves a single-source record untagged, as earlier releases stored it', () => {
    const a = { source: 'entered' as const, dice: [{ sides: 12, face: 3 }] };
    const b = { source: 'entered' as const, dice: [{ sides: 12, face: 9 }] };
    expect(joinRolls([a, b])).toEqual({
      source: 'entered',
      dice: [
        { sides: 12, face: 3 },
        { sides: 12, face: 9 }
      ]
    });
    expect(describeDice(joinRolls([a, b]))).toBe('d12: 3, 9, typed in');
  });

  it('labels dice in order and refuses display text as an id', () => {
    const r = labelDice(
      {
        source: 'app',
        dice: [
          { sides: 6, face: 1 },
          { sides: 6, face: 2 }
        ]
      },
      ['Surprise, hit', undefined]
    );
    expect(r.dice[0].label).toBe('Surprise, hit');
    expect(r.dice[1].label).toBeUndefined();
    expect(() =>
      defineMove({
        id: 'Privateers cannon fire (SPEC C.4.7)',
        input: z.unknown(),
        category: 'other',
        run: () => ({ ok: false, error: '' })
      })
    ).toThrow();
    expect(() =>
      rollRecord({ procedure: 'pv.cannonFire', inputs: null, dice: r, outcome: null })
    ).toThrow();
    expect(
      rollRecord({ procedure: 'pv.cannon-fire', inputs: null, dice: r, outcome: null }).procedure
    ).toBe('pv.cannon-fire');
  });
});

describe('a move’s typed input (issue 31)', () => {
  it('in the unit tests, a move that accepts an input its schema refuses throws', () => {
    // The schema says a whole number; the run would take any number: the testkits' real inputs
    // are held to the schema this way, so a merged copy of one is never refused for its shape.
    const loose = defineMove<{ n: number }>({
      id: 'test.loose',
      input: z.strictObject({ n: z.int() }),
      category: 'other',
      run: (state) => draftOf(state, { kind: 'note', summary: 'n', next: state })
    });
    const ctx = { options: {}, storedOptions: {}, variant: '', now: 0, newId: () => 'x' };
    expect(loose.run({ ...INITIAL_STATE }, { n: 2 }, ctx).ok).toBe(true);
    expect(() => loose.run({ ...INITIAL_STATE }, { n: 2.5 }, ctx)).toThrow(
      'move test.loose: an input it accepted does not parse under its schema (n: expected an int)'
    );
  });
});

describe('the input a move is stored with (#19)', () => {
  it('keeps plain JSON, drops optional fields left undefined, refuses what is not JSON', () => {
    expect(
      storedInput({ shipId: 's1', side: undefined, dice: { source: 'app', dice: [] } })
    ).toEqual({ shipId: 's1', dice: { source: 'app', dice: [] } });
    expect(storedInput({ n: Number.NaN })).toBeUndefined();
    expect(storedInput({ f: () => 1 })).toBeUndefined();
    expect(storedInput([1, undefined])).toBeUndefined();
    expect(storedInput(new Date(0))).toBeUndefined();
    expect(storedInput({ big: 'x'.repeat(MAX_STORED_INPUT_CHARS) })).toBeUndefined();
  });

  it('withInput puts it on a successful draft only, and never over the move’s own public input', () => {
    const draft = { kind: 'test.x', summary: 'x', ops: [] };
    expect(withInput(ok(draft), { a: 1 })).toEqual(ok({ ...draft, input: { a: 1 } }));
    expect(withInput(ok({ ...draft, input: { sealed: 'h' } }), { a: 1 })).toEqual(
      ok({ ...draft, input: { sealed: 'h' } })
    );
    expect(withInput(err('no'), { a: 1 })).toEqual(err('no'));
  });
});
