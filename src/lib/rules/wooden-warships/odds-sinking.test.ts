import { describe, expect, it } from 'vitest';
import { rational } from '../../engine/rational';
import { exampleChart } from './example-charts';
import { damageDist } from './odds-gunnery';
import { sinkingChance, sinkingChanceOf } from './odds-sinking';
import { DEFAULT_OPTIONS } from './options';
import {
  applyFire,
  damageDiceList,
  planFire,
  resolveFire,
  resolveHitRolls,
  type FireInput,
  type FirePlan
} from './resolve-gunnery';
import { sheetFromChart, type ShipChart, type Sheet } from './sheet';
import type { TargetArea } from './tables';

function chart(patch: Partial<ShipChart>): ShipChart {
  const row = [50];
  return {
    ...exampleChart('Frigate'),
    hitTable: {
      bands: [{ upToInches: 10 }],
      percent: { ManOWar: row, Frigate: row, Brig: row, Corvette: row, BattleSchooner: row }
    },
    ...patch
  };
}

function armed(c: ShipChart): Sheet {
  const s = sheetFromChart({ name: 'Firer', chart: c });
  const a = 'round' as const;
  return { ...s, loaded: { foreChase: a, aftChase: a, zone1: a, zone2: a, zone3: a, zone4: a } };
}

function plan(c: ShipChart, area: TargetArea, patch: Partial<FireInput> = {}): FirePlan {
  const r = planFire(
    {
      firer: armed(c),
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      targetType: 'Frigate',
      distanceInches: 5,
      area,
      ...patch
    },
    DEFAULT_OPTIONS
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function* tuples(n: number, sides: readonly number[] | number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  const s = typeof sides === 'number' ? sides : sides[n - 1];
  const rest = typeof sides === 'number' ? sides : sides.slice(0, n - 1);
  for (const head of tuples(n - 1, rest)) for (let f = 1; f <= s; f++) yield [...head, f];
}

/**
 * Brute force through the resolver and the damage step the battle applies: every tuple of d100
 * faces, then every tuple of damage faces, weighted so each percentile tuple weighs the same;
 * counts the outcomes where the target's status becomes 'sunk'.
 */
function bruteSinking(p: FirePlan, hull: number): { sunk: bigint; total: bigint } {
  const c = chart({});
  const target: Sheet = {
    ...sheetFromChart({ name: 'Target', chart: c }),
    hull: { original: 20, current: hull }
  };
  const firer = armed(c);
  let sunk = 0n;
  let total = 0n;
  const LCM = 6n ** 8n;
  for (const hitFaces of tuples(p.totalRolls, 100)) {
    const hits = resolveHitRolls(p, hitFaces);
    if (!hits.ok) throw new Error(hits.error);
    const sides = damageDiceList(hits.value.pieces).map((d) => d.sides);
    const ways = sides.reduce((s, x) => s * BigInt(x), 1n);
    for (const dmgFaces of tuples(sides.length, sides)) {
      const r = resolveFire(p, hitFaces, dmgFaces);
      if (!r.ok) throw new Error(r.error);
      const after = applyFire(firer, target, r.value).target;
      const w = LCM / ways;
      total += w;
      if (after.status === 'sunk') sunk += w;
    }
  }
  return { sunk, total };
}

describe('the chance of sinking the target, against brute-force enumeration', () => {
  it.each([
    ['1 deck, 1d6 per hit, hull 4', { decks: 1, damageDice: { count: 1, sides: 6 } }, 4],
    [
      '1 deck, 1d6 per hit, hull 7 (needs both hits)',
      { decks: 1, damageDice: { count: 1, sides: 6 } },
      7
    ],
    [
      'half deck, 2d6 with half dice, hull 3',
      { decks: 0.5, damageDice: { count: 2, sides: 6 } },
      3
    ],
    ['1 deck, 1d4, hull 1', { decks: 1, damageDice: { count: 1, sides: 4 } }, 1]
  ] as const)(
    '%s',
    (_name, patch, hull) => {
      const p = plan(chart(patch), 'hull');
      const brute = bruteSinking(p, hull);
      expect(sinkingChance(p, hull)).toEqual(rational(brute.sunk, brute.total));
    },
    30_000
  );

  it('hand check: 2 rolls at 50%, 1d6 each, hull 7 sinks only with both hits and 7+ on 2d6', () => {
    // P(both hit) = 1/4; P(2d6 ≥ 7) = 21/36; 1/4 · 21/36 = 7/48.
    expect(
      sinkingChance(plan(chart({ decks: 1, damageDice: { count: 1, sides: 6 } }), 'hull'), 7)
    ).toEqual(rational(7, 48));
  });

  it('fire at the crew or the rigging never sinks her; a hull at 0 is sunk already', () => {
    const c = chart({ decks: 1, damageDice: { count: 1, sides: 6 } });
    expect(sinkingChance(plan(c, 'crew'), 1)).toEqual(rational(0));
    expect(sinkingChanceOf(damageDist(plan(c, 'hull')), 'hull', 0)).toEqual({
      ok: true,
      value: rational(1)
    });
  });
});
