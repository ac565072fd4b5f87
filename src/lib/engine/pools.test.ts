import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForce, repeat, sameDist } from './brute.test-helpers';
import { Dist, plus } from './dist';
import {
  allExceedHighest,
  cascadeWinner,
  pairwiseWins,
  poolOutcome,
  sortedMultisets
} from './pools';
import { compare, formatFraction, formatPercent, type Rational } from './rational';

const d6 = Dist.die(6);
const d8 = Dist.die(8);
/** Wooden Warships boarding dice by crew skill (SPEC B.3.3). */
const SKILL = {
  Novice: d6,
  Skilled: plus(d6, 1),
  Veteran: plus(d8, 1),
  Crack: plus(d8, 2)
} as const;
const DICE: [string, Dist<number>][] = [
  ['d6', d6],
  ['d8', d8],
  ['d6+1', SKILL.Skilled],
  ['d8+2', SKILL.Crack]
];

/**
 * Which multisets were rolled, as one number: a count per face (base 4, at most 3 dice a side) for
 * the attacker, then the same for the defender shifted by 4^10 (faces go up to 10). Equal codes
 * mean equal sorted pools, so comparing these distributions compares the weight of every pair of
 * sorted multisets.
 */
const multisetCode = (a: readonly number[], d: readonly number[]): number => {
  let c = 0;
  for (const x of a) c += 4 ** (x - 1);
  for (const x of d) c += 4 ** (x - 1) * 4 ** 10;
  return c;
};

/** The same code for one raw tuple whose first `nA` faces are the attacker's. */
const tupleCode = (faces: readonly number[], nA: number): number => {
  let c = 0;
  for (let i = 0; i < faces.length; i++) c += 4 ** (faces[i] - 1) * (i < nA ? 1 : 4 ** 10);
  return c;
};

const isDesc = (xs: readonly number[]): boolean => xs.every((x, i) => i === 0 || x <= xs[i - 1]);

/** The code of what poolOutcome passes, or −1 if it ever passes an unsorted pool. */
const sortedCode = (a: readonly number[], d: readonly number[]): number =>
  isDesc(a) && isDesc(d) ? multisetCode(a, d) : -1;

function hitChance(
  nA: number,
  nD: number,
  exhausted: 'defender' | 'moreDice' = 'defender'
): Rational {
  return poolOutcome(d6, nA, d6, nD, (a, d) => cascadeWinner(a, d, exhausted)).prob('attacker');
}

describe('poolOutcome against brute-force enumeration of all tuples', () => {
  it('every sorted outcome has the right weight, up to 3 v 2 and 2 v 3 for all die pairs', () => {
    for (const [na, da] of DICE) {
      for (const [nd, dd] of DICE) {
        for (let a = 0; a <= 3; a++) {
          for (let d = 0; d <= 3; d++) {
            if (a + d > 5 || a + d === 0) continue;
            const fast = poolOutcome(da, a, dd, d, sortedCode);
            const slow = bruteForce([...repeat(da, a), ...repeat(dd, d)], (f) => tupleCode(f, a));
            expect(sameDist(fast, slow), `${a}${na} v ${d}${nd}`).toBe(true);
          }
        }
      }
    }
  }, 20_000); // about 1 s alone; the margin is for a machine shared with other test runs

  it('3 v 3 of d6, d8 and d6+1 v d8+2', () => {
    for (const [da, dd] of [
      [d6, d6],
      [d8, d8],
      [SKILL.Skilled, SKILL.Crack]
    ]) {
      const fast = poolOutcome(da, 3, dd, 3, sortedCode);
      const slow = bruteForce([...repeat(da, 3), ...repeat(dd, 3)], (f) => tupleCode(f, 3));
      expect(sameDist(fast, slow)).toBe(true);
    }
  }, 20_000);

  it('enumerates multisets, not tuples: 3 d8 give C(10,3) = 120 sorted outcomes', () => {
    const ms = sortedMultisets(d8, 3);
    expect(ms).toHaveLength(120);
    expect(ms.reduce((s, m) => s + m.weight, 0n)).toBe(512n);
    expect(ms.every((m) => m.faces.every((f, i) => i === 0 || f <= m.faces[i - 1]))).toBe(true);
  });
});

describe('Comparisons', () => {
  it('Master and Commander test vectors (SPEC A.8)', () => {
    expect(cascadeWinner([6, 5, 2], [6, 4, 3], 'defender')).toBe('attacker'); // 8a
    expect(cascadeWinner([5, 3, 1], [5, 4, 2], 'defender')).toBe('defender'); // 8b
    expect(cascadeWinner([5, 5, 4], [6, 1], 'defender')).toBe('defender'); // 8c
    expect(cascadeWinner([4, 4], [4, 4], 'defender')).toBe('defender');
    expect(cascadeWinner([4, 4], [4, 4], 'moreDice')).toBe('defender');
    expect(cascadeWinner([6, 3, 2], [6], 'defender')).toBe('defender');
    expect(cascadeWinner([6, 3, 2], [6], 'moreDice')).toBe('attacker');
    expect(cascadeWinner([2, 6, 3], [6], 'moreDice')).toBe('attacker'); // unsorted input
    expect(allExceedHighest([5, 4, 4], [3, 2])).toBe(true);
    expect(allExceedHighest([6, 6, 3], [3, 1])).toBe(false);
  });

  it('Wooden Warships round vectors (Appendix B-3)', () => {
    // A 6,4,2 v D 5,4: 6 > 5 (D loses 1), 4 = 4 (defender wins the tie: A loses 1).
    expect(pairwiseWins([6, 4, 2], [5, 4], 'defender')).toBe(1);
    // Crack v Novice 2v1: A 10,3 v D 3: one comparison, D loses 1.
    expect(pairwiseWins([10, 3], [3], 'defender')).toBe(1);
    expect(pairwiseWins([3, 10], [3], 'defender')).toBe(1);
    expect(pairwiseWins([4, 4], [4, 4], 'attacker')).toBe(2);
  });
});

describe('SPEC A.7.1: probability that an attack scores a hit', () => {
  const TABLE: [number, number, string][] = [
    [3, 3, '3805/7776'],
    [3, 2, '4747/7776'],
    [3, 1, '95/144'],
    [2, 3, '331/972'],
    [2, 2, '205/432'],
    [2, 1, '125/216'],
    [1, 3, '25/144'],
    [1, 2, '55/216'],
    [1, 1, '5/12']
  ];
  it.each(TABLE)('%i dice v %i dice = %s (tieExhaustion defender)', (nA, nD, p) => {
    expect(formatFraction(hitChance(nA, nD))).toBe(p);
  });

  it('percentages as printed', () => {
    expect(formatPercent(hitChance(3, 3), 2)).toBe('48.93%');
    expect(formatPercent(hitChance(2, 3), 2)).toBe('34.05%');
    expect(formatPercent(hitChance(1, 3), 2)).toBe('17.36%');
  });

  it.each([
    [3, 2, '641/972'],
    [3, 1, '119/144'],
    [2, 1, '161/216']
  ])('moreDiceWins: %i v %i = %s', (nA, nD, p) => {
    expect(formatFraction(hitChance(nA, nD, 'moreDice'))).toBe(p);
  });

  it('moreDiceWins changes no other cell', () => {
    for (const [nA, nD] of [
      [3, 3],
      [2, 3],
      [2, 2],
      [1, 3],
      [1, 2],
      [1, 1]
    ]) {
      expect(hitChance(nA, nD, 'moreDice')).toEqual(hitChance(nA, nD));
    }
  });

  it('boarding success: 517/7776 against 2 dice, 25/144 against 1 die', () => {
    const board = (nD: number): string =>
      formatFraction(poolOutcome(d6, 3, d6, nD, allExceedHighest).prob(true));
    expect(board(2)).toBe('517/7776');
    expect(board(1)).toBe('25/144');
  });
});

describe('Appendix B-1: Wooden Warships one-round outcomes', () => {
  /** [attacker dice, defender dice, A wins all, split, D wins all] */
  type Row = [number, number, string, string | null, string];
  const round = (a: keyof typeof SKILL, d: keyof typeof SKILL, nA: number, nD: number) =>
    poolOutcome(SKILL[a], nA, SKILL[d], nD, (x, y) => pairwiseWins(x, y, 'defender'));
  const check = (a: keyof typeof SKILL, d: keyof typeof SKILL, rows: Row[]): void => {
    for (const [nA, nD, all, split, none] of rows) {
      const r = round(a, d, nA, nD);
      const m = Math.min(nA, nD);
      expect(formatFraction(r.prob(m)), `${a} v ${d} ${nA}v${nD} A wins all`).toBe(all);
      expect(formatFraction(r.prob(0)), `${a} v ${d} ${nA}v${nD} D wins all`).toBe(none);
      if (split !== null) expect(formatFraction(r.prob(1))).toBe(split);
      else expect(r.size).toBe(2);
    }
  };

  it('Novice v Novice', () => {
    check('Novice', 'Novice', [
      [3, 2, '1445/3888', '2611/7776', '2275/7776'],
      [3, 1, '95/144', null, '49/144'],
      [2, 2, '295/1296', '35/108', '581/1296'],
      [2, 1, '125/216', null, '91/216'],
      [1, 2, '55/216', null, '161/216'],
      [1, 1, '5/12', null, '7/12']
    ]);
  });

  it('Crack v Veteran', () => {
    check('Crack', 'Veteran', [
      [3, 2, '4839/8192', '273/1024', '1169/8192'],
      [3, 1, '207/256', null, '49/256'],
      [2, 2, '429/1024', '21/64', '259/1024'],
      [2, 1, '93/128', null, '35/128'],
      [1, 2, '51/128', null, '77/128'],
      [1, 1, '9/16', null, '7/16']
    ]);
  });

  it('only the difference of the dice matters (SPEC B.7 #3 [DERIVED])', () => {
    for (const [nA, nD] of [
      [3, 2],
      [2, 2],
      [1, 1]
    ]) {
      expect(sameDist(round('Novice', 'Novice', nA, nD), round('Skilled', 'Skilled', nA, nD))).toBe(
        true
      );
      expect(sameDist(round('Veteran', 'Veteran', nA, nD), round('Crack', 'Crack', nA, nD))).toBe(
        true
      );
    }
  });
});

describe('Pool properties', () => {
  const arbDie = fc.constantFrom(...DICE.map(([, d]) => d));
  const arbN = fc.integer({ min: 1, max: 3 });

  it('a comparison seen from the other side gives the complement', () => {
    fc.assert(
      fc.property(arbDie, arbN, arbDie, arbN, (da, nA, dd, nD) => {
        const m = Math.min(nA, nD);
        const fwd = poolOutcome(da, nA, dd, nD, (a, d) => pairwiseWins(a, d, 'defender'));
        const back = poolOutcome(dd, nD, da, nA, (d, a) => pairwiseWins(d, a, 'attacker'));
        for (let k = 0; k <= m; k++) expect(fwd.prob(k)).toEqual(back.prob(m - k));
        // Cascade: attacker wins, the other side wins from its seat, or every pair ties.
        const hit = poolOutcome(da, nA, dd, nD, (a, d) => cascadeWinner(a, d, 'defender'));
        const otherHit = poolOutcome(dd, nD, da, nA, (d, a) => cascadeWinner(d, a, 'defender'));
        const allTie = poolOutcome(da, nA, dd, nD, (a, d) =>
          a.slice(0, m).every((x, i) => x === d[i])
        );
        const p = hit.prob('attacker');
        const q = otherHit.prob('attacker');
        const t = allTie.prob(true);
        expect(p.n * q.d * t.d + q.n * p.d * t.d + t.n * p.d * q.d).toBe(p.d * q.d * t.d);
      }),
      { numRuns: 60 }
    );
  });

  it('an extra attacker die never lowers P(hit); an extra defender die never raises it while no new pair is compared (every case up to 3 v 3)', () => {
    for (const [, da] of DICE) {
      for (const [, dd] of DICE) {
        const memo = new Map<string, Rational>();
        const p = (a: number, d: number): Rational => {
          const k = `${a}v${d}`;
          let v = memo.get(k);
          if (!v) {
            v = poolOutcome(da, a, dd, d, (x, y) => cascadeWinner(x, y, 'defender')).prob(
              'attacker'
            );
            memo.set(k, v);
          }
          return v;
        };
        for (let nA = 1; nA <= 3; nA++) {
          for (let nD = 1; nD <= 3; nD++) {
            // Inserting a die makes the sorted pool pointwise higher; the cascade is monotone in it.
            if (nA < 3) expect(compare(p(nA + 1, nD), p(nA, nD))).toBeGreaterThanOrEqual(0);
            if (nD < 3 && (nD >= nA || da === dd)) {
              expect(compare(p(nA, nD + 1), p(nA, nD))).toBeLessThanOrEqual(0);
            }
          }
        }
      }
    }
  });

  it('but with different dice an extra defender die can help the attacker (an exhausted tie gets a new pair)', () => {
    // 3 d8+2 v 1 d6: a tie on the highest die is a repelled attack; with 2 d6 the cascade goes on.
    // (The only such case among d6, d8, d6+1, d8+2 pools of up to 3 dice.)
    const p = (nD: number): string =>
      formatFraction(
        poolOutcome(SKILL.Crack, 3, d6, nD, (x, y) => cascadeWinner(x, y, 'defender')).prob(
          'attacker'
        )
      );
    expect(p(1)).toBe('743/768');
    expect(p(2)).toBe('1117/1152');
  });

  it('probabilities sum to exactly 1', () => {
    fc.assert(
      fc.property(arbDie, arbN, arbDie, arbN, (da, nA, dd, nD) => {
        const r = poolOutcome(da, nA, dd, nD, (a, d) => pairwiseWins(a, d, 'defender'));
        const s = r.entries().reduce((acc, e) => acc + e.weight, 0n);
        expect(s).toBe(r.total);
        expect(r.entries().every((e) => e.weight > 0n)).toBe(true);
        expect(r.total).toBe(da.total ** BigInt(nA) * dd.total ** BigInt(nD));
      }),
      { numRuns: 40 }
    );
  });
});
