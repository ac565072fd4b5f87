import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dist, sumOf } from '$lib/engine/dist';
import { compare, rational } from '$lib/engine/rational';
import { formatTailPercent, luckOf } from './luck';

const threeD6 = sumOf(3, Dist.die(6));

describe('luckOf', () => {
  it('calls a high 3d6 total lucky with the exact chance of doing at least as well', () => {
    // P(3d6 >= 15) = 20/216 = 9.26%
    const l = luckOf(threeD6, 15);
    expect(l.tail).toBe('top');
    expect(l.p).toEqual(rational(20, 216));
    expect(l.text).toBe('top 9% — lucky');
  });

  it('calls the best and worst results very lucky / very unlucky without rounding to 0%', () => {
    expect(luckOf(threeD6, 18).text).toBe('top 0.5% — very lucky');
    expect(luckOf(threeD6, 3).text).toBe('bottom 0.5% — very unlucky');
  });

  it('calls results near the middle about average', () => {
    // P(>= 11) = 1/2 < P(<= 11) = 3/4
    expect(luckOf(threeD6, 11).text).toBe('top 50% — about average');
    expect(luckOf(threeD6, 10).text).toBe('bottom 50% — about average');
    expect(luckOf(Dist.die(3), 2).text).toBe('middle — about average');
  });

  it('turns round when low results are the good ones', () => {
    expect(luckOf(threeD6, 4, false).text).toBe('top 2% — very lucky');
    expect(luckOf(threeD6, 17, false).tail).toBe('bottom');
  });

  it('puts the threshold of "lucky" at the best quarter', () => {
    // d4: a 4 is the top 25% exactly, a 3 the top 50%.
    expect(luckOf(Dist.die(4), 4).word).toBe('lucky');
    expect(luckOf(Dist.die(4), 3).word).toBe('about average');
    // d20: 20 is top 5% exactly, which is "very lucky"; 19 (10%) only "lucky".
    expect(luckOf(Dist.die(20), 20).word).toBe('very lucky');
    expect(luckOf(Dist.die(20), 19).word).toBe('lucky');
  });

  it('says when a result could not have been anything else', () => {
    expect(luckOf(Dist.constant(7), 7).text).toBe('the only possible result');
  });
});

describe('formatTailPercent', () => {
  it('rounds to whole percent, with a decimal below 1.5% and a floor for tiny chances', () => {
    expect(formatTailPercent(rational(12, 100))).toBe('12%');
    expect(formatTailPercent(rational(1, 216))).toBe('0.5%');
    expect(formatTailPercent(rational(1, 100))).toBe('1%');
    expect(formatTailPercent(rational(1, 7776))).toBe('<0.1%');
    expect(formatTailPercent(rational(0, 1))).toBe('0%');
  });
});

describe('luckOf properties', () => {
  it('the figure shown is the exact chance of doing at least as well (or as badly) as the roll', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(4, 6, 8, 10),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (k, sides, pick, isHighGood) => {
          const d = sumOf(k, Dist.die(sides));
          const values = d.values();
          const r = values[pick % values.length];
          const l = luckOf(d, r, isHighGood);
          const better = d.probWhere((v) => (isHighGood ? v >= r : v <= r));
          const worse = d.probWhere((v) => (isHighGood ? v <= r : v >= r));
          if (l.tail === 'top') expect(l.p).toEqual(better);
          if (l.tail === 'bottom') expect(l.p).toEqual(worse);
          // The tail named is the smaller one: never "top 90%".
          if (l.tail === 'top' || l.tail === 'bottom') {
            expect(compare(l.p, rational(1, 2))).toBeLessThanOrEqual(0);
          }
        }
      ),
      { numRuns: 300 }
    );
  });
});
