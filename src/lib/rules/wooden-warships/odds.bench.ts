import { bench, describe } from 'vitest';
import { captureChance, captureChanceByGrid, captureChanceGrid } from './odds-boarding';
import { fireOdds } from './odds-gunnery';
import { DEFAULT_OPTIONS } from './options';
import { planFire } from './resolve-gunnery';
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
