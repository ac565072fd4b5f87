/**
 * Privateers boarding projection benchmarks (not tests): `npx vitest bench --run src/lib/rules/privateers`.
 * The "if unchanged" chance of taking the ship (SPEC C.7.6) from small parties, where it is an exact
 * fraction, to the largest realistic boarding (300 crew, 4 officers and 60 marines a side), where the
 * forward pass stops at its work limit and the page shows a bracketed range.
 */
import { bench, describe } from 'vitest';
import {
  boardingCaptureChanceExact,
  boardingCaptureChanceForward,
  boardingProjection,
  FORWARD_EPSILON,
  FORWARD_WORK_LIMIT,
  type ChainInput
} from './odds-boarding';
import { broadsideOdds } from './odds';
import type { FiringGun } from './resolve-gunnery';
import type { DamageColumn } from './tables';

const side = (crew: number, officers: number, marines: number) => ({ crew, officers, marines });
const fight = (a: ReturnType<typeof side>, d: ReturnType<typeof side>, rating = 2): ChainInput => ({
  attacker: a,
  defender: d,
  defenderMoraleRating: rating,
  defenderDisordered: false
});

const ONCE = { iterations: 1, warmupIterations: 0, time: 0 };

describe('exact fractions', () => {
  bench('3 crew v 2 crew (the browser test), exact', () => {
    boardingCaptureChanceExact(fight(side(3, 0, 0), side(2, 0, 0), 0));
  });
  bench('2 crew + officer + marine a side (the exact limit), exact', () => {
    boardingCaptureChanceExact(fight(side(2, 1, 1), side(2, 1, 1)));
  });
});

describe('forward pass in doubles', () => {
  bench('20 crew + officer + 2 marines a side, complete (error ≤ 1e-6)', () => {
    boardingCaptureChanceForward(fight(side(20, 1, 2), side(20, 1, 2)), undefined, FORWARD_EPSILON);
  });
  bench(
    'largest realistic: 300 crew + 4 officers + 60 marines a side, at the page work limit',
    () => {
      const r = boardingCaptureChanceForward(
        fight(side(300, 4, 60), side(300, 4, 60)),
        undefined,
        FORWARD_EPSILON,
        FORWARD_WORK_LIMIT
      );
      console.log(
        `300/4/60 a side: p ≥ ${r.p.toFixed(4)}, ≤ ${(r.p + r.dropped).toFixed(4)}, ${r.states} states`
      );
    },
    ONCE
  );
  bench(
    'largest realistic through boardingProjection (what the page calls)',
    () => {
      boardingProjection(fight(side(300, 4, 60), side(300, 4, 60)));
    },
    ONCE
  );
});

// Broadsides (issue 18 #5: the first answer of a fresh calculator). Each run renames the guns, so
// the odds cache (keyed by the inputs) never answers: every run works the odds out.
let run = 0;
const battery = (n: number, dice: number, column: DamageColumn, threshold: number): FiringGun[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${run}-${i}`,
    dice,
    column,
    threshold,
    doubleShot: false
  }));
const NO_RAKE = { stern: false, bow: false };

describe('broadside odds, worked out afresh', () => {
  bench('2 medium guns, 4 dice Ball Low (the calculator after one step)', () => {
    run++;
    broadsideOdds(battery(2, 2, 'ballLow', 6), 'low', NO_RAKE);
  });
  bench('6 medium guns, 12 dice Ball Low', () => {
    run++;
    broadsideOdds(battery(6, 2, 'ballLow', 6), 'low', NO_RAKE);
  });
  bench('mixed: 4 Ball High + 2 Swivel/Grape + 2 Shot & Grape, 12 dice, fired high', () => {
    run++;
    broadsideOdds(
      [
        ...battery(4, 2, 'ballHigh', 7),
        ...battery(2, 1, 'swivelGrape', 8),
        ...battery(2, 1, 'shotAndGrape', 9)
      ],
      'high',
      NO_RAKE
    );
  });
  bench('12 heavy guns, 36 dice Ball Low', () => {
    run++;
    broadsideOdds(battery(12, 3, 'ballLow', 7), 'low', NO_RAKE);
  });
});
