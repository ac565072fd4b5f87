import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForce, repeat, sameDist } from './brute.test-helpers';
import {
  atLeast,
  atMost,
  binomial,
  convolve,
  Dist,
  halfDie,
  highestOf,
  lowestOf,
  mean,
  plus,
  sumOf,
  variance
} from './dist';
import { compare, equals, formatFraction, ONE, rational, sum } from './rational';

const SIDES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** A small random distribution over small integers, with random positive weights. */
const arbDist = fc
  .array(fc.tuple(fc.integer({ min: -5, max: 12 }), fc.bigInt({ min: 1n, max: 50n })), {
    minLength: 1,
    maxLength: 6
  })
  .map((pairs) => Dist.of(pairs));

function probsSumToOne<T extends number | string | boolean>(d: Dist<T>): boolean {
  return equals(sum(d.entries().map((e) => e.p)), ONE);
}

describe('Dist basics', () => {
  it('merges equal values, drops zero weights and lists numbers ascending', () => {
    const d = Dist.of<number>([
      [3, 2n],
      [1, 1n],
      [3, 1n],
      [7, 0n]
    ]);
    expect(d.values()).toEqual([1, 3]);
    expect(d.total).toBe(4n);
    expect(d.weight(3)).toBe(3n);
    expect(d.weight(7)).toBe(0n);
    expect(formatFraction(d.prob(3))).toBe('3/4');
  });

  it('keeps first-seen order for non-numbers', () => {
    const d = Dist.of<string>([
      ['hit', 1n],
      ['miss', 2n],
      ['hit', 1n]
    ]);
    expect(d.values()).toEqual(['hit', 'miss']);
    expect(formatFraction(d.prob('hit'))).toBe('1/2');
  });

  it('rejects an empty or negative distribution', () => {
    expect(() => Dist.of<number>([])).toThrow(RangeError);
    expect(() => Dist.of<number>([[1, 0n]])).toThrow(RangeError);
    expect(() => Dist.of<number>([[1, -1n]])).toThrow(RangeError);
    expect(() => Dist.die(0)).toThrow(RangeError);
    expect(() => Dist.die(2.5)).toThrow(RangeError);
  });

  it('gives uniform dice, constants and Bernoulli trials', () => {
    for (const s of SIDES) {
      const d = Dist.die(s);
      expect(d.values()).toEqual(Array.from({ length: s }, (_, i) => i + 1));
      expect(d.entries().every((e) => equals(e.p, rational(1, s)))).toBe(true);
    }
    expect(Dist.constant('x').prob('x')).toEqual(ONE);
    const b = Dist.bernoulli(rational(2, 7));
    expect(formatFraction(b.prob(true))).toBe('2/7');
    expect(formatFraction(b.prob(false))).toBe('5/7');
    expect(Dist.bernoulli(ONE).values()).toEqual([true]);
    expect(Dist.uniform(['N', 'S', 'E', 'W', 'storm', 'steady']).prob('storm')).toEqual(
      rational(1, 6)
    );
  });
});

describe('Dist operations against brute-force enumeration', () => {
  it('convolve: every pair of dice up to d12, and shifted dice', () => {
    for (const a of SIDES) {
      for (const b of SIDES) {
        const fast = convolve(Dist.die(a), plus(Dist.die(b), 2));
        const slow = bruteForce([Dist.die(a), Dist.die(b)], ([x, y]) => x + y + 2);
        expect(sameDist(fast, slow), `d${a} + (d${b}+2)`).toBe(true);
      }
    }
  });

  it('convolve of sparse, wide or non-integer values', () => {
    const wide = Dist.of<number>([
      [0, 1n],
      [1_000_000, 2n]
    ]);
    const halves = Dist.uniform([0.5, 1.5]);
    for (const [a, b] of [
      [wide, wide],
      [wide, Dist.die(6)],
      [halves, Dist.die(4)]
    ]) {
      expect(
        sameDist(
          convolve(a, b),
          bruteForce([a, b], ([x, y]) => x + y)
        )
      ).toBe(true);
    }
    expect(sumOf(3, wide).values()).toEqual([0, 1e6, 2e6, 3e6]);
  });

  it('sumOf: k = 0..4 dice of 1..12 sides', () => {
    for (const s of SIDES) {
      for (let k = 0; k <= 4; k++) {
        const fast = sumOf(k, Dist.die(s));
        const slow =
          k === 0
            ? Dist.constant(0)
            : bruteForce(repeat(Dist.die(s), k), (f) => f.reduce((p, q) => p + q, 0));
        expect(sameDist(fast, slow), `${k}d${s}`).toBe(true);
      }
    }
  });

  it('sumOf of non-uniform dice (half dice, skill dice, uneven weights) by repeated squaring', () => {
    const uneven = Dist.of<number>([
      [0, 3n],
      [2, 1n],
      [5, 2n]
    ]);
    for (const d of [halfDie(6), halfDie(4), plus(Dist.die(8), 2), uneven]) {
      for (let k = 1; k <= 5; k++) {
        const slow = bruteForce(repeat(d, k), (f) => f.reduce((p, q) => p + q, 0));
        expect(sameDist(sumOf(k, d), slow)).toBe(true);
      }
    }
  });

  it('highestOf and lowestOf: 1..4 dice of 1..12 sides', () => {
    for (const s of SIDES) {
      for (let k = 1; k <= 4; k++) {
        const dice = repeat(Dist.die(s), k);
        expect(
          sameDist(
            highestOf(k, Dist.die(s)),
            bruteForce(dice, (f) => Math.max(...f))
          )
        ).toBe(true);
        expect(
          sameDist(
            lowestOf(k, Dist.die(s)),
            bruteForce(dice, (f) => Math.min(...f))
          )
        ).toBe(true);
      }
    }
  });

  it('highestOf / lowestOf of a weighted die', () => {
    const d = plus(halfDie(6), 1); // 2, 3, 4 each 1/3
    const w = Dist.of<number>([
      [1, 5n],
      [4, 1n],
      [9, 2n]
    ]);
    for (const die of [d, w]) {
      for (let k = 1; k <= 4; k++) {
        const dice = repeat(die, k);
        expect(
          sameDist(
            highestOf(k, die),
            bruteForce(dice, (f) => Math.max(...f))
          )
        ).toBe(true);
        expect(
          sameDist(
            lowestOf(k, die),
            bruteForce(dice, (f) => Math.min(...f))
          )
        ).toBe(true);
      }
    }
  });

  it('binomial: n = 0..6 trials against enumerating every success/failure sequence', () => {
    for (const p of [rational(0), rational(1, 6), rational(1, 2), rational(5, 7), ONE]) {
      for (let n = 0; n <= 6; n++) {
        // A d(p.d) scores a success on faces 1..p.n.
        const trial = Dist.die(Number(p.d)).map((f) => (f <= Number(p.n) ? 1 : 0));
        const slow =
          n === 0
            ? Dist.constant(0)
            : bruteForce(repeat(trial, n), (f) => f.reduce((a, b) => a + b, 0));
        expect(sameDist(binomial(n, p), slow), `Bin(${n}, ${formatFraction(p)})`).toBe(true);
      }
    }
  });

  it('map, combine and flatMap against enumeration', () => {
    const d6 = Dist.die(6);
    const d4 = Dist.die(4);
    expect(
      sameDist(
        d6.map((x) => x % 3),
        bruteForce([d6], ([x]) => x % 3)
      )
    ).toBe(true);
    expect(
      sameDist(
        d6.combine(d4, (a, b) => a > b),
        bruteForce([d6, d4], ([a, b]) => a > b)
      )
    ).toBe(true);
    // flatMap: roll a d4, then roll that many d6 and sum; vs enumerating d4 × four d6 and summing
    // only the first n of them (each unused die is a factor 6 in every weight).
    const fast = d4.flatMap((n) => sumOf(n, d6));
    const slow = bruteForce([d4, d6, d6, d6, d6], ([n, ...f]) =>
      f.slice(0, n).reduce((a, b) => a + b, 0)
    );
    expect(sameDist(fast, slow)).toBe(true);
  });

  it('half die maps 1,2→1, 3,4→2, 5,6→3 (SPEC B.3.6, Appendix B-3)', () => {
    const h = halfDie(6);
    expect(h.values()).toEqual([1, 2, 3]);
    expect(h.entries().every((e) => equals(e.p, rational(1, 3)))).toBe(true);
    expect(halfDie(4).values()).toEqual([1, 2]);
    expect(mean(halfDie(6))).toEqual(rational(2));
    expect(mean(halfDie(4))).toEqual(rational(3, 2));
  });
});

describe('Spec figures', () => {
  it('B.7: 1.5d6 (one d6 then a half die)', () => {
    const d = convolve(Dist.die(6), halfDie(6));
    const expected: Record<number, [number, number]> = {
      2: [1, 18],
      3: [2, 18],
      4: [3, 18],
      5: [3, 18],
      6: [3, 18],
      7: [3, 18],
      8: [2, 18],
      9: [1, 18]
    };
    expect(d.values()).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    for (const [v, [n, den]] of Object.entries(expected)) {
      expect(d.prob(Number(v))).toEqual(rational(n, den));
    }
    expect(mean(d)).toEqual(rational(11, 2));
  });

  it('B.7: 15d6 has 76 support points, range 15–90, mean 52.5, variance 43.75', () => {
    const d = sumOf(15, Dist.die(6));
    expect(d.size).toBe(76);
    expect(d.values()[0]).toBe(15);
    expect(d.values()[75]).toBe(90);
    expect(mean(d)).toEqual(rational(105, 2));
    expect(variance(d)).toEqual(rational(175, 4));
  });

  it('B.7: P(at least one of 6 deck rolls hits) at p = 1/2 is 63/64', () => {
    expect(atLeast(binomial(6, rational(1, 2)), 1)).toEqual(rational(63, 64));
  });

  it('mean accepts half-deck weights (0.5)', () => {
    expect(mean(Dist.uniform([0.5, 1, 1.5]))).toEqual(ONE);
    expect(mean(Dist.uniform([1.1, 2.2]))).toEqual(rational(33, 20));
    expect(mean(Dist.uniform([-0.25, 0.75]))).toEqual(rational(1, 4));
    expect(() => mean(Dist.uniform([Math.PI]))).toThrow(RangeError);
  });
});

describe('Properties', () => {
  it('probabilities are non-negative and sum to exactly 1', () => {
    fc.assert(
      fc.property(arbDist, arbDist, fc.integer({ min: 0, max: 4 }), (a, b, k) => {
        for (const d of [
          a,
          b,
          convolve(a, b),
          sumOf(k, a),
          highestOf(k + 1, a),
          lowestOf(k + 1, b)
        ]) {
          expect(d.entries().every((e) => e.p.n >= 0n)).toBe(true);
          expect(probsSumToOne(d)).toBe(true);
        }
      })
    );
  });

  it('adding a die never lowers P(sum >= n)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 110 }),
        (s, k, n) => {
          const d = Dist.die(s);
          expect(
            compare(atLeast(sumOf(k + 1, d), n), atLeast(sumOf(k, d), n))
          ).toBeGreaterThanOrEqual(0);
        }
      )
    );
  });

  it('mixtures (flatMap) keep total probability 1 and match the law of total probability', () => {
    fc.assert(
      fc.property(arbDist, arbDist, arbDist, (sel, a, b) => {
        const mix = sel.flatMap((v) => (v % 2 === 0 ? a : b));
        expect(probsSumToOne(mix)).toBe(true);
        for (const x of mix.values()) {
          const viaParts = sum(
            sel.entries().map((e) => {
              const inner = e.value % 2 === 0 ? a : b;
              return rational(e.p.n * inner.weight(x), e.p.d * inner.total);
            })
          );
          expect(equals(mix.prob(x), viaParts)).toBe(true);
        }
      })
    );
  });

  it('convolve is commutative and atLeast + atMost(x − 1) = 1', () => {
    fc.assert(
      fc.property(arbDist, arbDist, fc.integer({ min: -10, max: 30 }), (a, b, x) => {
        expect(sameDist(convolve(a, b), convolve(b, a))).toBe(true);
        const c = convolve(a, b);
        const s = atLeast(c, x);
        const t = atMost(c, x - 1);
        expect(equals(rational(s.n * t.d + t.n * s.d, s.d * t.d), ONE)).toBe(true);
      })
    );
  });
});
