import { describe, expect, it } from 'vitest';
import { fairnessOf, formatShare, luckOfDice, sideLuck, type AuditDie } from './luck';
import { chiSquareSurvival, gammaQ, normalUpper, sumDistribution, sumTails } from './stats';

const die = (sides: number, face: number, side = 'Britain', isHighGood = true): AuditDie => ({
  sides,
  face,
  source: 'app',
  side,
  group: 'gunnery',
  isHighGood,
  seq: 1
});

describe('the exact distribution of a sum of dice', () => {
  it('is the convolution of fair dice (2d6: 1/36 … 6/36 … 1/36)', () => {
    const { lo, p } = sumDistribution([6, 6]);
    expect(lo).toBe(2);
    expect([...p].map((x) => Math.round(x * 36))).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    // d4 + d6: P(sum ≥ 9) = (1 + 2) / 24
    expect(sumTails([4, 6], 9).atLeast).toBeCloseTo(3 / 24, 12);
  });
});

describe('luck of a side’s dice, against hand-computed cases', () => {
  it('a single 6 on a d6 is the top 1/6: lucky', () => {
    const l = luckOfDice([die(6, 6)]);
    expect(l.tail).toBe('top');
    expect(l.p).toBeCloseTo(1 / 6, 12);
    expect(l.word).toBe('lucky');
  });

  it('double six is the top 1/36 (2.8%): very lucky; double one the bottom 1/36', () => {
    expect(luckOfDice([die(6, 6), die(6, 6)])).toMatchObject({ tail: 'top', word: 'very lucky' });
    expect(luckOfDice([die(6, 6), die(6, 6)]).p).toBeCloseTo(1 / 36, 12);
    expect(luckOfDice([die(6, 1), die(6, 1)])).toMatchObject({
      tail: 'bottom',
      word: 'very unlucky'
    });
  });

  it('2d6 totalling 7 is right in the middle', () => {
    expect(luckOfDice([die(6, 3), die(6, 4)])).toMatchObject({
      tail: 'middle',
      word: 'about average'
    });
  });

  it('turns round the dice where low is good (a d12 hit roll of 1 is the best there is)', () => {
    const l = luckOfDice([die(12, 1, 'Britain', false)]);
    expect(l.tail).toBe('top');
    expect(l.p).toBeCloseTo(1 / 12, 12);
  });

  it('sums every die of a side: 3d6 showing 5, 5, 5 is P(3d6 ≥ 15) = 20/216, "top 9%"', () => {
    const [l] = sideLuck([die(6, 5), die(6, 5), die(6, 5)]);
    expect(l.p).toBeCloseTo(20 / 216, 12);
    expect(l.text).toBe("Britain's gunnery (3 dice) ran in the top 9% — lucky.");
  });

  it('formats small shares without rounding them to nothing', () => {
    expect(formatShare(0.3)).toBe('30%');
    expect(formatShare(1 / 216)).toBe('0.5%');
    expect(formatShare(0.0001)).toBe('<0.1%');
  });
});

describe('the chi-square survival function', () => {
  it('matches the tables’ critical values', () => {
    // (χ², df, p) from the standard upper-tail table.
    const table: [number, number, number][] = [
      [3.841, 1, 0.05],
      [6.635, 1, 0.01],
      [2.706, 1, 0.1],
      [5.991, 2, 0.05],
      [11.07, 5, 0.05],
      [15.086, 5, 0.01],
      [18.307, 10, 0.05],
      [24.725, 11, 0.01],
      [19.675, 11, 0.05],
      [30.144, 19, 0.05],
      [124.342, 100, 0.05]
    ];
    for (const [x, df, p] of table) expect(chiSquareSurvival(x, df)).toBeCloseTo(p, 3);
  });

  it('equals the closed form for even degrees of freedom', () => {
    // Q(k, y) = e^-y Σ_{i<k} y^i / i!
    for (const [x, df] of [
      [1, 2],
      [7.5, 6],
      [40, 10],
      [3, 20]
    ]) {
      const y = x / 2;
      let term = 1;
      let sum = 1;
      for (let i = 1; i < df / 2; i++) {
        term *= y / i;
        sum += term;
      }
      expect(chiSquareSurvival(x, df)).toBeCloseTo(Math.exp(-y) * sum, 12);
    }
    expect(gammaQ(1, 0)).toBe(1);
  });
});

describe('the fairness check of typed-in dice', () => {
  const repeat = (counts: number[]): number[] =>
    counts.flatMap((c, i) => Array.from({ length: c }, () => i + 1));

  it('calls perfectly even d6 counts nothing unusual', () => {
    const f = fairnessOf(6, repeat([10, 10, 10, 10, 10, 10]));
    expect(f.chiSquare).toBe(0);
    expect(f.pValue).toBe(1);
    expect(f.text).toBe('60 typed-in d6 rolls: nothing unusual.');
  });

  it('says these dice rolled high when the sixes pile up (χ² = 50 on 5 df)', () => {
    const f = fairnessOf(6, repeat([5, 5, 5, 5, 10, 30]));
    expect(f.chiSquare).toBeCloseTo(50, 12);
    expect(f.pValue!).toBeLessThan(1e-8);
    expect(f.verdict).toBe('high');
    expect(f.text).toBe('60 typed-in d6 rolls: these d6 rolled high.');
  });

  it('says low, and unevenly when the mean is right but the faces are not', () => {
    expect(fairnessOf(12, repeat([20, 20, 20, 5, 5, 5, 0, 0, 0, 0, 0, 0])).verdict).toBe('low');
    const uneven = fairnessOf(6, repeat([20, 0, 10, 10, 0, 20]));
    expect(uneven.verdict).toBe('uneven');
    expect(uneven.text).toContain('too many 1s');
  });

  it('waits for five rolls per face before judging', () => {
    expect(fairnessOf(6, repeat([5, 5, 5, 5, 5, 4])).verdict).toBe('too few');
    expect(fairnessOf(6, repeat([5, 5, 5, 5, 5, 5])).verdict).toBe('nothing unusual');
  });
});

describe('the tails of a long battle’s dice', () => {
  it('switch to the normal limit past the exact budget and agree with the exact figure near it', () => {
    // 300 d6 is exact; the same tails by the normal limit differ by far less than a percent.
    const sides = Array.from({ length: 300 }, () => 6);
    const exact = sumTails(sides, 1080);
    const z = (1080 - 0.5 - 1050) / Math.sqrt((300 * 35) / 12);
    expect(Math.abs(exact.atLeast - normalUpper(z))).toBeLessThan(0.002);
    // 4,000 dice: the normal limit, and still a probability.
    const many = sumTails(
      Array.from({ length: 4000 }, (_, i) => (i % 2 ? 12 : 6)),
      20000
    );
    expect(many.atLeast).toBeGreaterThan(0.45);
    expect(many.atLeast).toBeLessThan(0.55);
  });

  it('computes the normal tail exactly enough (P(Z ≥ 1.96) = 0.025)', () => {
    expect(normalUpper(1.959964)).toBeCloseTo(0.025, 6);
    expect(normalUpper(0)).toBeCloseTo(0.5, 12);
    expect(normalUpper(-1.644854)).toBeCloseTo(0.95, 6);
  });
});
