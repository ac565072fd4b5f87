import { Dist } from '../../engine/dist';
import { rational, type Rational } from '../../engine/rational';
import type { Result } from '../../engine/result';
import type { FireOutlook } from './moves-gunnery';
import {
  boundedDamage,
  boundedForDisplay,
  damageWork,
  displayDist,
  exactDamageSteps,
  MAIN_THREAD_WORK,
  type DisplayDamage
} from './odds-bounded';
import { fireOddsWith, type FireOdds } from './odds-gunnery';
import { sinkingChanceOf } from './odds-sinking';
import type { FirePlan } from './resolve-gunnery';

// The fire move's own odds (issue 31 item 2): what `fire.preview` plans, worked out into the
// chances the attack panel and the gunnery calculator show (SPEC B.7 #1–2), in one place. The hit
// chances are exact at once; the damage distribution is exact at once for ordinary ships and
// otherwise worked out off the main thread by `fireDamageOdds` (issue 17 #10): every chance within
// a proven bound first, then the exact fractions. No screen works these figures out itself.

export type { FireOdds };

/** What `fireDamageOdds` reports as it goes (posted by the odds worker to the page). */
export type FireOddsMessage =
  | { kind: 'progress'; phase: 'bounded' | 'exact'; done: number }
  | ({ kind: 'bounded' } & DisplayDamage)
  | { kind: 'exact'; pairs: [number, bigint][] };

/** The plan's damage odds are worked out at once, on the page (about 50 ms on a phone at most). */
export function isFireOddsQuick(plan: FirePlan): boolean {
  return damageWork(plan) <= MAIN_THREAD_WORK;
}

/** The plan's odds, exact (for a plan `isFireOddsQuick` says is quick: it blocks while it works). */
export function fireOddsNow(plan: FirePlan): FireOdds {
  return fireOddsWith(plan, exactDamageSteps(plan));
}

/**
 * The heavy part of the fire move's odds, for a worker: the damage chances within a stated bound
 * (`bounded`), then, if wanted, the exact ones (`exact`), with progress in whole percents between.
 * `report` is called with each step in turn; the second argument lists the buffers it may transfer.
 */
export function fireDamageOdds(
  plan: FirePlan,
  isExactWanted: boolean,
  report: (m: FireOddsMessage, transfer: ArrayBuffer[]) => void
): void {
  const reporter = (phase: 'bounded' | 'exact') => {
    let last = -1;
    return (done: number) => {
      const pct = Math.floor(done * 100);
      if (pct === last) return;
      last = pct;
      report({ kind: 'progress', phase, done }, []);
    };
  };
  const b = boundedForDisplay(boundedDamage(plan, reporter('bounded')));
  report({ kind: 'bounded', ...b }, [
    b.values.buffer as ArrayBuffer,
    b.weights.buffer as ArrayBuffer
  ]);
  if (!isExactWanted) return;
  const exact = exactDamageSteps(plan, reporter('exact'));
  report({ kind: 'exact', pairs: exact.pairs() }, []);
}

/** The plan's odds with the damage figures a `bounded` or `exact` report gives. */
export function fireOddsOfReport(
  plan: FirePlan,
  m: Exclude<FireOddsMessage, { kind: 'progress' }>
): FireOdds {
  return m.kind === 'bounded'
    ? fireOddsWith(plan, displayDist(m), rational(m.mean.n, m.mean.d))
    : fireOddsWith(plan, Dist.of(m.pairs));
}

/** The bounded odds worked out in place (a browser without workers), with their bound. */
export function boundedFireOddsNow(plan: FirePlan): { odds: FireOdds; maxError: number } {
  const b = boundedForDisplay(boundedDamage(plan));
  return { odds: fireOddsOfReport(plan, { kind: 'bounded', ...b }), maxError: b.figureError };
}

/**
 * The chance the attack sinks her, before any roll (B.4.9 step 2, `sinkWhen = 'hullZero'`): the
 * fire move's damage odds against the hull `fire.preview` read on her; fire at the crew or the
 * rigging never sinks her. Exact when the odds are; within their bound while the worker works.
 */
export function fireSinkingChance(
  outlook: Pick<FireOutlook, 'plan' | 'targetHull'>,
  odds: FireOdds
): Result<Rational> {
  return sinkingChanceOf(odds.damage, outlook.plan.area, outlook.targetHull);
}
