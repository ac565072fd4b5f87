/**
 * Odds benchmarks (not tests): `npx vitest bench --run src/lib/engine`.
 * Budgets from the brief: a 300 v 300 Wooden Warships boarding < 100 ms; a 1,000 v 1,000 fight with
 * 3 and 2 dice a round (exact method, float arithmetic) < 50 ms.
 */
import { bench, describe } from 'vitest';
import { compileDiceExpression } from './dice-expression';
import { Dist, plus, sumOf } from './dist';
import {
  type AttritionOutcome,
  attritionValueFloat,
  type ChainStep,
  solveAttrition,
  solveAttritionFloat,
  solveDecreasingFloat
} from './markov';
import { pairwiseWins, poolOutcome } from './pools';
import { toNumber } from './rational';

/** A two-sided state (attackers, defenders). */
type Pair = readonly [number, number];

const d6 = Dist.die(6);
const d8 = Dist.die(8);
/** Wooden Warships boarding dice by crew skill (SPEC B.3.3). */
const SKILL_DICE = [d6, plus(d6, 1), plus(d8, 1), plus(d8, 2)];

/** One round of min(3, a) v (b >= 2 ? 2 : 1) dice, ties to the defender (SPEC B.3.4). */
function roundTables(da: Dist<number>, dd: Dist<number>) {
  const exact = new Map<number, AttritionOutcome[]>();
  for (const nA of [1, 2, 3]) {
    for (const nD of [1, 2]) {
      const m = Math.min(nA, nD);
      const wins = poolOutcome(da, nA, dd, nD, (a, d) => pairwiseWins(a, d, 'defender'));
      exact.set(
        nA * 10 + nD,
        wins.entries().map((e) => ({ lossA: m - e.value, lossB: e.value, p: e.p }))
      );
    }
  }
  const float: AttritionOutcome<number>[][] = [];
  for (const [k, os] of exact) float[k] = os.map((o) => ({ ...o, p: toNumber(o.p) }));
  const idx = (a: number, b: number): number => Math.min(3, a) * 10 + (b >= 2 ? 2 : 1);
  return {
    exact: (a: number, b: number) => exact.get(idx(a, b)) ?? [],
    float: (a: number, b: number) => float[idx(a, b)]
  };
}

const novice = roundTables(d6, d6);

describe('distributions', () => {
  bench('60d6 exact distribution', () => {
    sumOf(60, d6);
  });
  bench('dice expression 4d6kh3 + hd6 (compile)', () => {
    compileDiceExpression('4d6kh3 + hd6');
  });
  bench('dice expression 100d100 (compile, at the work limit)', () => {
    compileDiceExpression('100d100');
  });
});

describe('sorted pools', () => {
  bench('3 v 2 comparison table, all 16 skill pairs (d6, d6+1, d8+1, d8+2)', () => {
    for (const a of SKILL_DICE) {
      for (const d of SKILL_DICE) poolOutcome(a, 3, d, 2, (x, y) => pairwiseWins(x, y, 'defender'));
    }
  });
});

describe('fights to the end', () => {
  bench('1,000 v 1,000 absorbing fight, 3 v 2 dice a round (float, start value only)', () => {
    attritionValueFloat({ a0: 1000, b0: 1000, round: novice.float });
  });
  bench('1,000 v 1,000 absorbing fight, 3 v 2 dice a round (float, whole grid)', () => {
    solveAttritionFloat({ a0: 1000, b0: 1000, round: novice.float });
  });
  bench('300 v 300 boarding (float grid)', () => {
    solveAttritionFloat({ a0: 300, b0: 300, round: novice.float });
  });
  bench('300 v 300 boarding (generic solveDecreasingFloat, string keys)', () => {
    solveDecreasingFloat(
      [300, 300] as Pair,
      ([a, b]) => `${a},${b}`,
      ([a, b]): ChainStep<readonly [number, number], number> =>
        a === 0 || b === 0
          ? { absorbed: true, value: b === 0 ? 1 : 0 }
          : {
              absorbed: false,
              transitions: novice
                .float(a, b)
                .map((o) => ({ p: o.p, next: [a - o.lossA, b - o.lossB] as const }))
            }
    );
  });
  bench('300 v 300 boarding (generic solveDecreasingFloat, numeric keys)', () => {
    solveDecreasingFloat(
      [300, 300] as Pair,
      ([a, b]) => a * 10_000 + b,
      ([a, b]): ChainStep<readonly [number, number], number> =>
        a === 0 || b === 0
          ? { absorbed: true, value: b === 0 ? 1 : 0 }
          : {
              absorbed: false,
              transitions: novice
                .float(a, b)
                .map((o) => ({ p: o.p, next: [a - o.lossA, b - o.lossB] as const }))
            }
    );
  });
  bench('300 v 300 boarding including building the round tables (float grid)', () => {
    solveAttritionFloat({ a0: 300, b0: 300, round: roundTables(d8, d6).float });
  });
  bench('20 v 20 boarding, exact rationals (Appendix B-2 table)', () => {
    solveAttrition({ a0: 20, b0: 20, round: novice.exact });
  });
});
