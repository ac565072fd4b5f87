import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForce, sameDist } from './brute.test-helpers';
import {
  checkDiceExpressionCost,
  compileDiceExpression,
  DICE_EXPRESSION_LIMITS,
  diceExpressionDist,
  diceToRoll,
  evaluate,
  formatDiceExpression,
  parseDiceExpression,
  type DiceExpression
} from './dice-expression';
import { convolve, Dist, halfDie, mean, sumOf } from './dist';
import { equals, ONE, rational, sum } from './rational';

function parse(text: string): DiceExpression {
  const r = parseDiceExpression(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function distOf(text: string): Dist<number> {
  const r = compileDiceExpression(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.dist;
}

/** Reference: run `evaluate` on every tuple of faces the expression can roll. */
function bruteDist(e: DiceExpression): Dist<number> {
  const dice = diceToRoll(e).map((d) => Dist.die(d.sides));
  if (dice.length === 0) {
    const r = evaluate(e, []);
    if (!r.ok) throw new Error(r.error);
    return Dist.constant(r.value.total);
  }
  return bruteForce(dice, (faces) => {
    const r = evaluate(e, faces);
    if (!r.ok) throw new Error(r.error);
    return r.value.total;
  });
}

describe('parsing', () => {
  it.each([
    ['3d6', '3d6'],
    ['d8+2', '1d8 + 2'],
    ['2d6+1d4-1', '2d6 + 1d4 - 1'],
    ['4d6kh3', '4d6kh3'],
    ['4D6K3', '4d6kh3'],
    ['4d6kl1', '4d6kl1'],
    ['hd6', '1hd6'],
    ['  2 d6 +  3 ', '2d6 + 3'],
    ['-d4+3', '-1d4 + 3'],
    ['5', '5'],
    ['d6 - d6', '1d6 - 1d6']
  ])('%s reads as %s', (text, canonical) => {
    expect(formatDiceExpression(parse(text))).toBe(canonical);
  });

  it.each([
    ['', 0, 'enter a dice expression such as 3d6+2'],
    ['   ', 0, 'enter a dice expression such as 3d6+2'],
    ['3x6', 1, "expected '+', '-' or the end but found 'x'"],
    ['3d', 2, "expected the number of sides after 'd'"],
    ['3hd', 3, "expected the number of sides after 'hd'"],
    ['2d6+', 4, "expected a number or dice after '+'"],
    ['2d6++1', 4, "expected a number or dice (like 2d6) but found '+'"],
    ['d1', 1, 'a die has 2 to 1000 sides'],
    ['d1001', 1, 'a die has 2 to 1000 sides'],
    ['0d6', 0, 'roll at least 1 die'],
    ['101d6', 0, 'at most 100 dice in all'],
    ['60d6+41d6', 5, 'at most 100 dice in all'],
    ['4d6kh5', 3, 'keep between 1 and 4 of the 4 dice rolled'],
    ['4d6kh0', 3, 'keep between 1 and 4 of the 4 dice rolled'],
    ['4d6kh', 5, 'expected how many dice to keep, as in 4d6kh3'],
    ['d6/2', 2, "expected '+', '-' or the end but found '/'"],
    ['100001', 0, 'a constant can be at most 100000'],
    ['99999999999999999999', 0, 'a constant can be at most 100000'],
    ['2d6 3', 4, "expected '+', '-' or the end but found '3'"]
  ])('%j is refused at index %i: %s', (text, index, reason) => {
    const r = parseDiceExpression(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.index).toBe(index);
      expect(r.error.reason).toBe(reason);
      expect(r.error.message).toBe(`At character ${index + 1}: ${reason}`);
    }
  });

  it('refuses overlong input and too many terms', () => {
    expect(parseDiceExpression('1+'.repeat(150) + '1').ok).toBe(false);
    const r = parseDiceExpression(Array.from({ length: 21 }, () => '1').join('+'));
    expect(r.ok ? '' : r.error.reason).toBe('at most 20 terms');
  });
});

describe('exact distribution', () => {
  it('matches the library operations on plain cases', () => {
    expect(sameDist(distOf('3d6'), sumOf(3, Dist.die(6)))).toBe(true);
    expect(sameDist(distOf('d6+hd6'), convolve(Dist.die(6), halfDie(6)))).toBe(true);
    expect(mean(distOf('d8+2'))).toEqual(rational(13, 2));
    expect(mean(distOf('60d6'))).toEqual(rational(210));
  });

  it.each([
    '3d6',
    'd8+2',
    '2d6+1d4-1',
    '4d6kh3',
    '4d6kl1',
    '4d6k1',
    'hd6',
    'hd5',
    '2hd5-d4',
    '3d8kh2',
    '-2d6kh1+7',
    '5d4kh3',
    '3hd6kh2',
    '3hd7kl2',
    '4d12kh2',
    'd6-d6',
    '12'
  ])('%s equals evaluate() over every tuple of faces', (text) => {
    const e = parse(text);
    expect(sameDist(distOf(text), bruteDist(e))).toBe(true);
  });

  const arbTerm = fc.oneof(
    fc.integer({ min: -20, max: 20 }).map((c) => (c < 0 ? `-${-c}` : `+${c}`)),
    fc
      .record({
        isNeg: fc.boolean(),
        count: fc.integer({ min: 1, max: 3 }),
        sides: fc.integer({ min: 2, max: 7 }),
        isHalf: fc.boolean(),
        keep: fc.option(fc.tuple(fc.constantFrom('kh', 'kl', 'k'), fc.integer({ min: 1, max: 3 })))
      })
      .map(
        ({ isNeg, count, sides, isHalf, keep }) =>
          `${isNeg ? '-' : '+'}${count}${isHalf ? 'hd' : 'd'}${sides}` +
          (keep ? `${keep[0]}${Math.min(keep[1], count)}` : '')
      )
  );

  it('random expressions: exact odds equal brute force and sum to exactly 1', () => {
    fc.assert(
      fc.property(fc.array(arbTerm, { minLength: 1, maxLength: 3 }), (terms) => {
        const text = terms.join('');
        const e = parse(text);
        if (diceToRoll(e).length > 6) return;
        const d = distOf(text);
        expect(sameDist(d, bruteDist(e))).toBe(true);
        expect(equals(sum(d.entries().map((x) => x.p)), ONE)).toBe(true);
      }),
      { numRuns: 80 }
    );
  });

  it('refuses work that would freeze the page, pointing at the term', () => {
    const refuse = (text: string): string => {
      const r = checkDiceExpressionCost(parse(text));
      return r.ok ? 'accepted' : r.error.message;
    };
    const big = diceExpressionDist(parse('100d1000'));
    expect(big.ok).toBe(false);
    expect(refuse('100d1000')).toBe(
      'At character 1: 100d1000 gives more than 10000 possible totals, too many for exact odds'
    );
    expect(refuse('d6+4d1000kh3')).toBe(
      'At character 4: 4d1000kh3 is too large to compute exact odds for on this device'
    );
    for (const ok of ['100d100', '2d1000kh1', '10d100kh5', '100d6', '10d1000']) {
      expect(refuse(ok), ok).toBe('accepted');
    }
    expect(DICE_EXPRESSION_LIMITS.maxDice).toBe(100);
  });
});

describe('dice to roll and evaluation', () => {
  it('lists every die with a label, in order', () => {
    expect(diceToRoll(parse('2d6+hd6-1'))).toEqual([
      { sides: 6, label: '2d6, die 1 of 2' },
      { sides: 6, label: '2d6, die 2 of 2' },
      { sides: 6, label: '1hd6 (half die)' }
    ]);
  });

  it('totals the faces: keep highest, half dice, signs and constants', () => {
    const r = evaluate(parse('4d6kh3 + hd6 - d4 - 1'), [2, 5, 1, 6, 5, 3]);
    expect(r.ok && r.value.total).toBe(5 + 6 + 2 + 3 - 3 - 1);
    if (r.ok) {
      expect(r.value.terms[0]).toEqual({
        text: '4d6kh3',
        faces: [2, 5, 1, 6],
        kept: [6, 5, 2],
        value: 13
      });
      expect(r.value.terms[1].kept).toEqual([3]);
      expect(r.value.terms[2].value).toBe(-3);
      expect(r.value.terms[3].value).toBe(-1);
    }
    const low = evaluate(parse('4d6kl1'), [2, 5, 1, 6]);
    expect(low.ok && low.value.total).toBe(1);
  });

  it('reports a wrong number of faces or a face off the die', () => {
    const e = parse('2d6');
    expect(evaluate(e, [3])).toEqual({ ok: false, error: '2 dice expected, 1 given.' });
    expect(evaluate(e, [3, 7])).toEqual({
      ok: false,
      error: 'Die 2 (2d6, die 2 of 2): 7 is not a face of a d6.'
    });
    expect(evaluate(e, [3, 2.5]).ok).toBe(false);
  });
});
