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
