import { bench, describe } from 'vitest';
import { captureChance, captureChanceByGrid, captureChanceGrid } from './odds-boarding';
import { fireOdds } from './odds-gunnery';
import { DEFAULT_OPTIONS } from './options';
import { planFire, type FirePlan } from './resolve-gunnery';
import { boundedDamage } from './odds-bounded';
import { exampleChart } from './example-charts';
import { sheetFromChart } from './sheet';

// Budget (issue): exact boarding odds for 300 against 300 crew in under 100 ms. `captureChance`
// walks only the lines next to the boundary; the full-grid reference solver is here to compare.
describe('Wooden Warships boarding odds', () => {
  bench('exact P(capture), Novice v Novice, 300 v 300', () => {
    captureChance('Novice', 'Novice', 300, 300);
  });
  bench('exact P(capture), Crack v Veteran, 300 v 300', () => {
    captureChance('Crack', 'Veteran', 300, 300);
  });
  bench('exact P(capture), Skilled v Crack, 300 v 300', () => {
    captureChance('Skilled', 'Crack', 300, 300);
  });
  bench('exact P(capture), Novice v Novice, 600 v 600', () => {
    captureChance('Novice', 'Novice', 600, 600);
  });
  bench('reference full-grid exact solver, Novice v Novice, 300 v 300', () => {
    captureChanceByGrid('Novice', 'Novice', 300, 300);
  });
  bench('float grid of every state, 300 v 300', () => {
    captureChanceGrid('Skilled', 'Novice', 300, 300);
  });
});

describe('Wooden Warships gunnery odds', () => {
  const mow = sheetFromChart({ name: 'EXAMPLE', chart: exampleChart('ManOWar') });
  const firer = {
    ...mow,
    loaded: { ...mow.loaded, zone1: 'round' as const, zone2: 'round' as const }
  };
  const plan = planFire(
    {
      firer,
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      targetType: 'Frigate',
      distanceInches: 5,
      area: 'hull'
    },
    DEFAULT_OPTIONS
  );
  bench("full broadside damage distribution, Man O' War (EXAMPLE) 6 rolls × 3d6", () => {
    if (plan.ok) fireOdds(plan.value);
  });
});

// Budget (issue 17 #10): every figure within 2 s at the chart schema's maximum, 10 decks of 50d100
// in each of two zones; the screen shows these bounded figures first (odds-bounded.test.ts checks
// the bounds, this times them).
describe('Wooden Warships bounded damage odds at the schema maximum', () => {
  const battery = (zone: 'zone1' | 'zone2') => ({
    battery: zone,
    ammo: 'round' as const,
    rolls: 10,
    weight: 1,
    dice: { count: 50, sides: 100 },
    isMatched: true
  });
  const batteries = [battery('zone1'), battery('zone2')];
  const max: FirePlan = {
    mode: 'fullBroadside',
    area: 'hull',
    basePercent: 63,
    modifiers: [],
    needed: { n: 63n, d: 1n },
    hitFaces: 63,
    batteries,
    totalRolls: 20,
    mismatchedAmmo: 'eachDieBecomesD4',
    convention: '00to99_under'
  };
  bench('boundedDamage, 2 zones × 10 decks × 50d100', () => {
    boundedDamage(max);
  });
});
