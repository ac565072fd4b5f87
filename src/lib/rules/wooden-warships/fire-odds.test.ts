import { describe, expect, it } from 'vitest';
import type { Dist } from '../../engine/dist';
import { formatFraction } from '../../engine/rational';
import { exampleChart } from './example-charts';
import {
  boundedFireOddsNow,
  fireDamageOdds,
  fireOddsNow,
  fireOddsOfReport,
  isFireOddsQuick,
  type FireOddsMessage
} from './fire-odds';
import { fire, reload, type FirePlan, type FireSetup } from './moves';
import { fleets, fleetsOf, must, played } from './moves.testkit';
import { boundedDamage, boundedForDisplay, exactDamageSteps } from './odds-bounded';
import { damageDist, fireOdds, fireOddsWith } from './odds-gunnery';
import { DEFAULT_OPTIONS as O } from './options';

// Issue 31 item 2: the attack's odds, worked off the main thread for the largest charts, are one
// entry point of the fire move's own (fire-odds.ts), fed the plan `fire.preview` gives. Its figures
// are the ones the worker and the page worked out before from odds-bounded/odds-gunnery directly
// (compared on the same plan) and the exact ones equal the plain enumeration (`damageDist`).

const aim = (firerId: string, targetId: string): FireSetup => ({
  firerId,
  targetId,
  mode: 'fullBroadside',
  batteries: ['zone1', 'zone2'],
  distanceInches: 3,
  area: 'hull',
  isExposedSide: false,
  hasLineOfSight: true
});

/** A Man O' War whose guns deal 10d12 a hit (the chart schema allows 50d100): too big to work
 *  out on the page, so its odds go to the worker. */
function bigPlan(): FirePlan {
  const chart = { ...exampleChart('ManOWar'), damageDice: { count: 10, sides: 12 } };
  let s = fleetsOf([
    { id: 'victory', player: 'Nelson', name: 'Victory', chart },
    { id: 'fleche', player: 'Villeneuve', name: 'Fleche', chart: exampleChart('Frigate') }
  ]);
  s = played(s, reload, { shipId: 'victory', loads: { zone1: 'round', zone2: 'round' } });
  return must(fire.preview.odds(s, aim('victory', 'fleche'), O)).plan;
}

function reports(plan: FirePlan, isExactWanted: boolean): FireOddsMessage[] {
  const out: FireOddsMessage[] = [];
  fireDamageOdds(plan, isExactWanted, (m) => out.push(m));
  return out;
}

/** Each value's exact chance, as a fraction: equal for two distributions with the same odds. */
const chancesOf = (d: Dist<number>): string[] =>
  d.entries().map((e) => `${e.value}: ${formatFraction(e.p)}`);

describe('the fire move’s odds, one entry point for the page and the worker (issue 31)', () => {
  it('an ordinary attack is worked out at once: the exact odds the page showed before', () => {
    const plan = must(fire.preview.odds(fleets(), aim('pickle', 'fleche'), O)).plan;
    expect(isFireOddsQuick(plan)).toBe(true);
    const now = fireOddsNow(plan);
    const before = fireOddsWith(plan, exactDamageSteps(plan));
    expect(formatFraction(now.anyHit)).toBe(formatFraction(before.anyHit));
    expect(formatFraction(now.meanDamage)).toBe(formatFraction(fireOdds(plan).meanDamage));
    expect(chancesOf(now.damage)).toEqual(chancesOf(damageDist(plan)));
    expect(chancesOf(now.hits)).toEqual(chancesOf(before.hits));
  });

  it('a big attack in the worker: bounded figures as before, then the exact ones of the enumeration', () => {
    const plan = bigPlan();
    expect(isFireOddsQuick(plan)).toBe(false);
    const steps = reports(plan, true);
    const kinds = steps.map((m) => m.kind).filter((k, i, a) => k !== a[i - 1]);
    expect(kinds).toEqual(['progress', 'bounded', 'progress', 'exact']);
    const bounded = steps.find((m) => m.kind === 'bounded');
    const exact = steps.find((m) => m.kind === 'exact');
    if (bounded?.kind !== 'bounded' || exact?.kind !== 'exact') throw new Error('both reported');
    // The worker's bounded figures before this change: odds-bounded called directly.
    const old = boundedForDisplay(boundedDamage(plan));
    expect([...bounded.values]).toEqual([...old.values]);
    expect([...bounded.weights]).toEqual([...old.weights]);
    expect(bounded.mean).toEqual(old.mean);
    expect(bounded.figureError).toBe(old.figureError);
    const shown = fireOddsOfReport(plan, bounded);
    expect(formatFraction(shown.anyHit)).toBe(formatFraction(fireOdds(plan).anyHit));
    expect(boundedFireOddsNow(plan).maxError).toBe(old.figureError);
    // The exact figures are the plain enumeration's, chance for chance.
    const odds = fireOddsOfReport(plan, exact);
    expect(chancesOf(odds.damage)).toEqual(chancesOf(damageDist(plan)));
    expect(formatFraction(odds.meanDamage)).toBe(formatFraction(fireOdds(plan).meanDamage));
    // Progress is reported in whole percents, never backwards within a phase.
    const done = steps.filter((m) => m.kind === 'progress').map((m) => m.done);
    expect(done.length).toBeLessThanOrEqual(2 * 101);
    expect(Math.max(...done)).toBe(1);
  });

  it('bounded only (the referee cancelled the exact figures): no exact step is worked out', () => {
    const steps = reports(bigPlan(), false);
    expect(steps.some((m) => m.kind === 'bounded')).toBe(true);
    expect(steps.some((m) => m.kind === 'exact')).toBe(false);
  });
});
