import { describe, expect, it } from 'vitest';
import { Dist, mean } from '../../engine/dist';
import { formatFraction, rational } from '../../engine/rational';
import { exampleChart } from './example-charts';
import { damageDist, fireOdds, piecesDist, ramDamageDist, anyHitChance } from './odds-gunnery';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import {
  applyFire,
  damageDiceList,
  damagePieces,
  describePieces,
  isPercentileHit,
  neededNumber,
  planFire,
  resolveDamage,
  resolveFire,
  resolveHitRolls,
  type FireInput,
  type FirePlan
} from './resolve-gunnery';
import { resolveIslandCollision } from './resolve-island';
import { sheetFromChart, type ShipChart, type Sheet } from './sheet';
import { HALF_D6, type Ammo, type Battery } from './tables';

function armed(chart: ShipChart, ammo: Ammo = 'round'): Sheet {
  const s = sheetFromChart({ name: 'Test', chart });
  return {
    ...s,
    loaded: { foreChase: ammo, aftChase: ammo, zone1: ammo, zone2: ammo, zone3: ammo, zone4: ammo }
  };
}

/** A chart with every number chosen by the test (percent 50 at any range up to 10″). */
function testChart(patch: Partial<ShipChart>): ShipChart {
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

function plan(
  input: Partial<FireInput> & { firer: Sheet },
  options: WwOptions = DEFAULT_OPTIONS
): FirePlan {
  const r = planFire(
    {
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      targetType: 'Frigate',
      distanceInches: 5,
      area: 'hull',
      ...input
    },
    options
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('test vectors (Appendix B-3)', () => {
  it('half die: d6 faces 1..6 read 1,1,2,2,3,3', () => {
    expect(HALF_D6.map((h) => h.value)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it("Man O' War 3d6 (EXAMPLE), full broadside, 5 of 6 deck rolls hit: roll 15d6", () => {
    const p = plan({ firer: armed(exampleChart('ManOWar')) });
    expect(p.totalRolls).toBe(6);
    const hits = resolveHitRolls(p, [1, 1, 1, 1, 1, 99]);
    expect(hits.ok && hits.value.hits).toBe(5);
    expect(hits.ok && describePieces(hits.value.pieces)).toBe('15d6');
  });

  it('Schooner 3d6 (EXAMPLE), one zone, the single roll hits: 1d6 then one half die', () => {
    const p = plan({
      firer: armed(exampleChart('BattleSchooner')),
      mode: 'halfBroadside',
      batteries: ['zone1']
    });
    expect(p.totalRolls).toBe(1);
    const pieces = damagePieces(p, [1]);
    expect(describePieces(pieces)).toBe('1d6 + ½d6');
    expect(damageDiceList(pieces)).toEqual([
      { sides: 6, isHalf: false },
      { sides: 6, isHalf: true }
    ]);
    // Full die first, then the half die: faces 4 then 5 → 4 + 3.
    expect(resolveDamage(pieces, [4, 5])).toEqual({ ok: true, value: 7 });
  });

  it('Schooner full broadside, both rolls hit: 3d6 × (0.5 + 0.5) = 3d6', () => {
    const p = plan({ firer: armed(exampleChart('BattleSchooner')) });
    expect(p.totalRolls).toBe(2);
    expect(describePieces(damagePieces(p, [1, 1]))).toBe('3d6');
  });

  it('2 decks, target in zones 1 & 2, full broadside: 4 percentile rolls; half broadside: 2', () => {
    const firer = armed(testChart({ decks: 2 }));
    expect(plan({ firer }).totalRolls).toBe(4);
    expect(plan({ firer, mode: 'halfBroadside', batteries: ['zone1'] }).totalRolls).toBe(2);
  });

  it('round shot at crew, 3d6 × 2 decks hit: 6d4', () => {
    const p = plan({
      firer: armed(testChart({ decks: 2 }), 'round'),
      mode: 'halfBroadside',
      batteries: ['zone3'],
      area: 'crew'
    });
    expect(describePieces(damagePieces(p, [2]))).toBe('6d4');
  });

  it('N = 45: rolls 44 and 45 on the 00–99 reading are hit and miss', () => {
    expect(isPercentileHit(44, rational(45), '00to99_under')).toBe(true);
    expect(isPercentileHit(45, rational(45), '00to99_under')).toBe(false);
    expect(isPercentileHit(100, rational(1), '00to99_under')).toBe(true); // "00"
    expect(isPercentileHit(44, rational(45), '01to100_strictUnder')).toBe(true);
  });
});

describe('attack rules (SPEC B.4.5)', () => {
  const firer = armed(testChart({ decks: 2 }));

  it('the chart percentage by target type and range, and out of range', () => {
    const p = plan({
      firer: armed(exampleChart('Frigate')),
      targetType: 'ManOWar',
      distanceInches: 6
    });
    expect(p.basePercent).toBe(exampleChart('Frigate').hitTable.percent.ManOWar[1]);
    const far = planFire(
      {
        firer,
        mode: 'fullBroadside',
        batteries: ['zone1', 'zone2'],
        targetType: 'Brig',
        distanceInches: 11,
        area: 'hull'
      },
      DEFAULT_OPTIONS
    );
    expect(far.ok).toBe(false);
  });

  it('+30 against a boarding ship from its exposed side; relative mode ×1.3; clamped to 100', () => {
    expect(plan({ firer, isExposedSide: true }).needed).toEqual(rational(80));
    const rel = plan(
      { firer, isExposedSide: true },
      { ...DEFAULT_OPTIONS, percentModifierMode: 'relative' }
    );
    expect(rel.needed).toEqual(rational(65));
    expect(neededNumber(90, [{ source: 'x', value: 30 }], 'additivePoints')).toEqual(rational(100));
    expect(neededNumber(10, [{ source: 'x', value: -30 }], 'additivePoints')).toEqual(rational(0));
  });

  it('the 01–100 strict reading gives N − 1 hitting faces', () => {
    expect(plan({ firer }).hitFaces).toBe(50);
    expect(
      plan({ firer }, { ...DEFAULT_OPTIONS, percentileConvention: '01to100_strictUnder' }).hitFaces
    ).toBe(49);
  });

  it('refuses unloaded guns, wrong zones, and no line of sight', () => {
    const base = {
      mode: 'halfBroadside',
      batteries: ['zone1'] as Battery[],
      targetType: 'Brig',
      distanceInches: 3,
      area: 'hull'
    } as const;
    const empty = sheetFromChart({ name: 'x', chart: testChart({}) });
    expect(planFire({ ...base, firer: empty }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(
      planFire(
        { ...base, firer, mode: 'fullBroadside', batteries: ['zone1', 'zone3'] },
        DEFAULT_OPTIONS
      ).ok
    ).toBe(false);
    expect(
      planFire({ ...base, firer, mode: 'chase', batteries: ['zone1'] }, DEFAULT_OPTIONS).ok
    ).toBe(false);
    expect(planFire({ ...base, firer, hasLineOfSight: false }, DEFAULT_OPTIONS).ok).toBe(false);
  });

  it('chase guns roll the chart chase rolls with the chase damage dice', () => {
    const p = plan({
      firer: armed(exampleChart('Frigate')),
      mode: 'chase',
      batteries: ['foreChase']
    });
    expect(p.totalRolls).toBe(1);
    expect(describePieces(damagePieces(p, [1]))).toBe('2d6');
  });

  it('mismatched ammo options: one d4 per deck, one d4 in total', () => {
    const per = plan(
      { firer, area: 'rigging' },
      { ...DEFAULT_OPTIONS, mismatchedAmmo: 'oneD4PerDeck' }
    );
    expect(describePieces(damagePieces(per, [2, 1]))).toBe('3d4');
    const one = plan(
      { firer, area: 'rigging' },
      { ...DEFAULT_OPTIONS, mismatchedAmmo: 'oneD4Total' }
    );
    expect(describePieces(damagePieces(one, [2, 1]))).toBe('1d4');
    expect(describePieces(damagePieces(one, [0, 0]))).toBe('no damage');
  });

  it('applies damage, empties the batteries that fired, marks the attack; sinks at hull 0', () => {
    const target = sheetFromChart({ name: 't', chart: testChart({ hull: 10 }) });
    const p = plan({ firer, mode: 'halfBroadside', batteries: ['zone1'] });
    const out = resolveFire(p, [1, 99], [6, 6, 6]);
    if (!out.ok) throw new Error(out.error);
    expect(out.value.damage).toBe(18);
    const next = applyFire(firer, target, out.value);
    expect(next.firer.loaded.zone1).toBeNull();
    expect(next.firer.loaded.zone2).toBe('round');
    expect(next.firer.firedThisTurn).toEqual(['zone1']);
    expect(next.firer.hasAttackedThisTurn).toBe(true);
    expect(next.target.hull.current).toBe(0);
    expect(next.target.status).toBe('sunk');
    expect(firer.loaded.zone1).toBe('round'); // inputs untouched
  });
});

/** Every tuple of n faces 1..sides. */
function* tuples(n: number, sides: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of tuples(n - 1, sides)) for (let f = 1; f <= sides; f++) yield [...rest, f];
}

/**
 * Brute force: the resolver over every tuple of d100 faces and, for each, every tuple of damage
 * faces; weights multiply because the dice are independent.
 */
function bruteDamage(p: FirePlan): Map<number, bigint> {
  const byHits = new Map<string, bigint>();
  for (const faces of tuples(p.totalRolls, 100)) {
    const r = resolveHitRolls(p, faces);
    if (!r.ok) throw new Error(r.error);
    const key = r.value.hitsPerBattery.join(',');
    byHits.set(key, (byHits.get(key) ?? 0n) + 1n);
  }
  const out = new Map<number, bigint>();
  for (const [key, w] of byHits) {
    const pieces = damagePieces(p, key.split(',').map(Number));
    const sides = damageDiceList(pieces).map((d) => d.sides);
    const total = sides.reduce((s, x) => s * BigInt(x), 1n);
    const each = (function* rec(i: number, acc: number[]): Generator<number[]> {
      if (i === sides.length) {
        yield acc;
        return;
      }
      for (let f = 1; f <= sides[i]; f++) yield* rec(i + 1, [...acc, f]);
    })(0, []);
    for (const faces of each) {
      const d = resolveDamage(pieces, faces);
      if (!d.ok) throw new Error(d.error);
      // Scale so every hit pattern has the same total weight (product of its dice sides).
      out.set(d.value, (out.get(d.value) ?? 0n) + w * (LCM / total));
    }
  }
  return out;
}
const LCM = 4n ** 6n * 6n ** 6n;

function expectSameDist(a: Dist<number>, brute: Map<number, bigint>): void {
  const b = Dist.of(brute);
  expect(a.values()).toEqual(b.values());
  for (const v of a.values()) expect(a.prob(v)).toEqual(b.prob(v));
}

describe('gunnery odds agree with brute-force enumeration of the resolver', () => {
  const cases: [string, Partial<ShipChart>, Partial<FireInput>, WwOptions][] = [
    [
      '1 deck full broadside, 1d4',
      { decks: 1, damageDice: { count: 1, sides: 4 } },
      {},
      DEFAULT_OPTIONS
    ],
    [
      'half deck full broadside, 1d6 (half dice)',
      { decks: 0.5, damageDice: { count: 1, sides: 6 } },
      {},
      DEFAULT_OPTIONS
    ],
    [
      'schooner 3d6 half broadside',
      { decks: 0.5, damageDice: { count: 3, sides: 6 } },
      { mode: 'halfBroadside', batteries: ['zone1'] },
      DEFAULT_OPTIONS
    ],
    [
      'mismatched 2d6 → d4 with +30 exposed side',
      { decks: 1, damageDice: { count: 2, sides: 6 } },
      { area: 'crew', isExposedSide: true },
      DEFAULT_OPTIONS
    ],
    [
      'half deck mismatched, one d4 per deck, strict reading',
      { decks: 0.5, damageDice: { count: 2, sides: 6 } },
      { area: 'rigging' },
      {
        ...DEFAULT_OPTIONS,
        mismatchedAmmo: 'oneD4PerDeck',
        percentileConvention: '01to100_strictUnder'
      }
    ]
  ];
  it.each(cases)(
    '%s',
    (_n, chartPatch, inputPatch, options) => {
      const p = plan({ firer: armed(testChart(chartPatch)), ...inputPatch }, options);
      expectSameDist(damageDist(p), bruteDamage(p));
    },
    30_000
  );

  it('mixed ammunition in the two zones of a full broadside', () => {
    const firer = { ...armed(testChart({ decks: 1, damageDice: { count: 1, sides: 6 } })) };
    const mixed = {
      ...firer,
      loaded: { ...firer.loaded, zone1: 'round' as const, zone2: 'grape' as const }
    };
    const p = plan({ firer: mixed });
    expectSameDist(damageDist(p), bruteDamage(p));
  });

  it('per-broadside chance of any hit, 1 − (1 − p)^R (B.7 #1 EXAMPLE: p = 1/2, R = 6 → 63/64)', () => {
    const p = plan({ firer: armed(exampleChart('ManOWar')), distanceInches: 5 });
    const p50 = { ...p, hitFaces: 50 };
    expect(formatFraction(anyHitChance(p50))).toBe('63/64');
    const odds = fireOdds(p50);
    expect(odds.hits.prob(0)).toEqual(rational(1, 64));
    // E[D] = R·p·b·E[die] = 6 · 1/2 · 3 · 7/2
    expect(odds.meanDamage).toEqual(rational(63, 2));
  });

  it('1.5d6 distribution and 15d6 (B.7 #2)', () => {
    const d = piecesDist([{ sides: 6, count: 1, hasHalf: true, isMatched: true }]);
    expect([2, 3, 4, 5, 6, 7, 8, 9].map((x) => formatFraction(d.prob(x)))).toEqual([
      '1/18',
      '1/9',
      '1/6',
      '1/6',
      '1/6',
      '1/6',
      '1/9',
      '1/18'
    ]);
    expect(mean(d)).toEqual(rational(11, 2));
    const d15 = piecesDist([{ sides: 6, count: 15, hasHalf: false, isMatched: true }]);
    expect(d15.values().length).toBe(76);
    expect(mean(d15)).toEqual(rational(105, 2));
  });

  it('island collision: the ram damage dice plus the bonus, odds by enumeration', () => {
    const ram = { count: 2, sides: 4, plus: 1 };
    expect(resolveIslandCollision(ram, [3, 4])).toEqual({ ok: true, value: 8 });
    const brute = new Map<number, bigint>();
    for (const f of tuples(2, 4)) {
      const r = resolveIslandCollision(ram, f);
      if (r.ok) brute.set(r.value, (brute.get(r.value) ?? 0n) + 1n);
    }
    expectSameDist(ramDamageDist(ram), brute);
  });
});
