import { describe, expect, it } from 'vitest';
import type { Dist } from '../../engine/dist';
import type { DiceRoll } from '../../engine/dice';
import { add, formatFraction, rational } from '../../engine/rational';
import { exampleChart } from './example-charts';
import {
  boundedFireOddsNow,
  fireDamageOdds,
  fireOddsNow,
  fireOddsOfReport,
  fireSinkingChance,
  isFireOddsQuick,
  type FireOddsMessage
} from './fire-odds';
import { fire, reload, type FirePlan, type FireSetup } from './moves';
import { edited, fleets, fleetsOf, must, played } from './moves.testkit';
import { sheetOf } from './ships';
import { boundedDamage, boundedForDisplay, exactDamageSteps } from './odds-bounded';
import { damageDist, fireOdds, fireOddsWith } from './odds-gunnery';
import { DEFAULT_OPTIONS as O } from './options';

// Issue 31 item 2: the attack's odds, worked off the main thread for the largest charts, are one
// entry point of the fire move's own (fire-odds.ts), fed the plan `fire.preview` gives. Its figures
// are the ones the worker and the page worked out before from odds-bounded/odds-gunnery directly
// (compared on the same plan) and the exact ones equal the plain enumeration (`damageDist`). The
// chance of sinking her shown beside them is the move's too: every face played through the move.

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

/** Every combination of faces of `sides`-sided dice, `count` of them. */
function* allFaces(count: number, sides: number): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (const rest of allFaces(count - 1, sides))
    for (let f = 1; f <= sides; f++) yield [...rest, f];
}

const typedRoll = (faces: readonly number[], sides: number | readonly number[]): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face, i) => ({ sides: typeof sides === 'number' ? sides : sides[i], face }))
});

describe('the chance of sinking her is the fire move’s (issue 31)', () => {
  for (const [area, hull] of [
    ['hull', 4],
    ['crew', 1]
  ] as const) {
    it(`Zone 1 at Fleche's ${area}, her hull ${hull}: every face played through the move sinks her as often as the preview says`, () => {
      const s = edited(fleets(), 'fleche', (f) => ({ ...f, hull: { ...f.hull, current: hull } }));
      const setup = { ...aim('pickle', 'fleche'), mode: 'halfBroadside' as const, area };
      setup.batteries = ['zone1'];
      const outlook = must(fire.preview.odds(s, setup, O));
      expect(outlook.targetHull).toBe(hull);
      const shown = must(fireSinkingChance(outlook, fireOddsNow(outlook.plan)));
      // Each percentile face, and for a hit every face of the damage dice it earns, played.
      let sunk = rational(0);
      for (let face = 1; face <= 100; face++) {
        const after = must(fire.preview.odds(s, { ...setup, hitFaces: [face] }, O));
        const needs = must(fire.preview.dice(s, { ...setup, hitFaces: [face] }, O));
        const sides = needs.flatMap((d) => Array.from({ length: d.count }, () => d.sides));
        const combos = after.hits?.hits ? [...allFaces(sides.length, sides[0] ?? 6)] : [[]];
        let sinks = 0;
        for (const faces of combos) {
          const next = played(s, fire, {
            ...setup,
            hitRoll: typedRoll([face], 100),
            damageRoll: after.hits?.hits ? typedRoll(faces, sides) : null
          });
          const fleche = sheetOf(next.ships.fleche);
          if (fleche?.status === 'sunk') sinks++;
        }
        sunk = add(sunk, rational(sinks, 100 * combos.length));
      }
      expect(formatFraction(shown)).toBe(formatFraction(sunk));
      expect(shown.n > 0n).toBe(area === 'hull');
    });
  }
});
