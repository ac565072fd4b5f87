import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appRoller, scriptedRoller } from '$lib/engine/dice';
import {
  clearSlot,
  diceNotation,
  enterFace,
  enteredRoll,
  expandSlots,
  keypadColumns,
  nextEmpty,
  rollWith,
  type DiceSpec
} from './dice-pad';

const DICE: DiceSpec[] = [
  { count: 2, sides: 6, label: 'hit' },
  { count: 1, sides: 8 }
];

function typeAll(faces: number[]): (number | null)[] {
  const slots = expandSlots(DICE);
  let state: (number | null)[] = slots.map(() => null);
  for (const f of faces) {
    const r = enterFace(slots, state, f);
    if (!r.ok) throw new Error(r.error);
    state = r.value;
  }
  return state;
}

describe('dice pad', () => {
  it('lists one slot per die, group by group', () => {
    expect(expandSlots(DICE)).toEqual([
      { sides: 6, label: 'hit' },
      { sides: 6, label: 'hit' },
      { sides: 8 }
    ]);
    expect(diceNotation(DICE)).toBe('2d6 + d8');
    const oneByOne = [1, 2, 3].map((k) => ({ count: 1, sides: 6, label: `die ${k}` }));
    expect(diceNotation([...oneByOne, { count: 0, sides: 4 }, { count: 1, sides: 8 }])).toBe(
      '3d6 + d8'
    );
    expect(diceNotation([])).toBe('no dice');
  });

  it('fills the next empty slot with each tap and refuses a face the die does not have', () => {
    const slots = expandSlots(DICE);
    const two = typeAll([4, 6]);
    expect(two).toEqual([4, 6, null]);
    expect(enterFace(slots, [4, null, null], 7).ok).toBe(false);
    expect(enterFace(slots, two, 8)).toEqual({ ok: true, value: [4, 6, 8] });
    expect(enterFace(slots, [4, 6, 8], 1).ok).toBe(false);
  });

  it('lets a die be corrected: clearing it makes it the next to fill', () => {
    const full = typeAll([4, 6, 8]);
    const cleared = clearSlot(full, 0);
    expect(nextEmpty(cleared)).toBe(0);
    const r = enterFace(expandSlots(DICE), cleared, 2);
    expect(r).toEqual({ ok: true, value: [2, 6, 8] });
  });

  it('will not build a typed roll with a die missing', () => {
    const r = enteredRoll(DICE, [4, null, 8]);
    expect(r).toEqual({ ok: false, error: 'Die 2 is not entered yet.' });
  });

  it('builds the same record from app dice and from the same faces typed in, apart from source', () => {
    const app = rollWith(
      appRoller((a) => a.fill(0x9e3779b9)),
      DICE
    );
    const faces = app.dice.map((d) => d.face);
    const typed = enteredRoll(DICE, typeAll(faces));
    expect(typed.ok).toBe(true);
    if (!typed.ok) return;
    expect(typed.value.source).toBe('entered');
    expect(app.source).toBe('app');
    expect({ ...typed.value, source: 'x' }).toEqual({ ...app, source: 'x' });
    expect(JSON.stringify(typed.value.dice)).toBe(JSON.stringify(app.dice));
  });

  it('lays out the keypad in short rows', () => {
    expect([4, 6, 8, 10, 12].map(keypadColumns)).toEqual([4, 3, 4, 5, 4]);
  });

  it('labels each die with its group', () => {
    const roll = rollWith(scriptedRoller([1, 2, 3]), DICE);
    expect(roll.dice).toEqual([
      { sides: 6, face: 1, label: 'hit' },
      { sides: 6, face: 2, label: 'hit' },
      { sides: 8, face: 3 }
    ]);
  });
});

describe('dice pad properties', () => {
  const specs = fc.array(
    fc.record({
      count: fc.integer({ min: 0, max: 4 }),
      sides: fc.constantFrom(2, 3, 4, 6, 8, 10, 12, 20, 100),
      label: fc.option(fc.string({ maxLength: 8 }), { nil: undefined })
    }),
    { maxLength: 4 }
  );

  it('an app roll typed back in, in any order of taps and corrections, gives the same record', () => {
    fc.assert(
      fc.property(
        specs,
        fc.integer(),
        fc.array(fc.nat(), { maxLength: 6 }),
        (dice, seed, slips) => {
          let s = seed >>> 0;
          const app = rollWith(
            appRoller((a) => {
              s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
              a[0] = s;
              return a;
            }),
            dice
          );
          const slots = expandSlots(dice);
          const target = app.dice.map((d) => d.face);
          let state: (number | null)[] = slots.map(() => null);
          // Type everything, then clear some dice (slips) and type them again.
          const typeRest = (): void => {
            for (let i = nextEmpty(state); i >= 0; i = nextEmpty(state)) {
              const r = enterFace(slots, state, target[i]);
              if (!r.ok) throw new Error(r.error);
              state = r.value;
            }
          };
          typeRest();
          for (const k of slips) if (slots.length > 0) state = clearSlot(state, k % slots.length);
          typeRest();
          const typed = enteredRoll(dice, state);
          expect(typed.ok).toBe(true);
          if (typed.ok) expect({ ...typed.value, source: 'app' }).toEqual(app);
        }
      ),
      { numRuns: 200 }
    );
  });
});
