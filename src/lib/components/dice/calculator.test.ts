import { describe, expect, it } from 'vitest';
import { appRoller } from '$lib/engine/dice';
import { compileDiceExpression, evaluate } from '$lib/engine/dice-expression';
import { Dist, sumOf } from '$lib/engine/dist';
import { rational } from '$lib/engine/rational';
import { describeTotal, makeRecord, meetsTarget, targetChance } from './calculator';
import { enteredRoll, expandSlots, rollWith } from './dice-pad';

const threeD6 = sumOf(3, Dist.die(6));

function compile(text: string) {
  const c = compileDiceExpression(text);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

function evaluated(text: string, faces: number[]) {
  const ev = evaluate(compile(text).expression, faces);
  if (!ev.ok) throw new Error(ev.error);
  return ev.value;
}

describe('targetChance', () => {
  it('gives the exact chance of the asked total and agrees with meetsTarget', () => {
    expect(targetChance(threeD6, 'atLeast', 12)).toEqual({
      label: 'total 12 or more',
      p: rational(81, 216)
    });
    expect(targetChance(threeD6, 'atMost', 4).p).toEqual(rational(4, 216));
    expect(targetChance(threeD6, 'exactly', 10).p).toEqual(rational(27, 216));
    for (const mode of ['atLeast', 'atMost', 'exactly'] as const) {
      for (let t = 2; t <= 19; t++) {
        expect(targetChance(threeD6, mode, t).p).toEqual(
          threeD6.probWhere((v) => meetsTarget(mode, t, v))
        );
      }
    }
  });
});

describe('describeTotal', () => {
  it('shows each term with its faces, signs and the total', () => {
    expect(describeTotal(evaluated('2d6+d8-1', [4, 6, 3]))).toBe('2d6 [4, 6] + 1d8 [3] − 1 = 12');
    expect(describeTotal(evaluated('-d4+3', [2]))).toBe('−1d4 [2] + 3 = 1');
  });

  it('shows which dice were kept', () => {
    expect(describeTotal(evaluated('4d6kh3', [2, 5, 1, 6]))).toBe(
      '4d6kh3 [2, 5, 1, 6] → 6, 5, 2 = 13'
    );
  });
});

describe('calculator records', () => {
  it('are identical for an app roll and the same faces typed in, apart from the source', () => {
    const c = compile('2d6 + hd6 + 2');
    const dice = c.dice.map((d) => ({ count: 1, sides: d.sides, label: d.label }));
    let seed = 12345;
    const app = rollWith(
      appRoller((a) => {
        seed = (seed * 1103515245 + 12345) >>> 0;
        a[0] = seed;
        return a;
      }),
      dice
    );
    const faces = app.dice.map((d) => d.face);
    const typed = enteredRoll(dice, faces);
    expect(typed.ok).toBe(true);
    if (!typed.ok) return;
    expect(expandSlots(dice)).toHaveLength(3);
    const ev = evaluated(c.text, faces);
    const a = makeRecord(c.text, app, ev);
    const t = makeRecord(c.text, typed.value, ev);
    expect(a.roll.source).toBe('app');
    expect(t.roll.source).toBe('entered');
    expect({ ...t, roll: { ...t.roll, source: 'app' } }).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});
