import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dist, mean } from '../../engine/dist';
import {
  add,
  formatFraction,
  mul,
  rational,
  sum,
  ZERO,
  type Rational
} from '../../engine/rational';
import { expectedOfficerHits, hitsDist, officerHitOdds, ratingOdds, countsKey } from './odds';
import * as checkedOdds from './odds';
import { unchecked } from '../../engine/brute.test-helpers';

// The checked exports (issue 17 #9), unwrapped: every figure below is the same as before the checks.
const broadsideOdds = unchecked(checkedOdds.broadsideOdds);
const checkOdds = unchecked(checkedOdds.checkOdds);
const damageDiceDist = unchecked(checkedOdds.damageDiceDist);
const tossOdds = unchecked(checkedOdds.tossOdds);
const weighAnchorOdds = unchecked(checkedOdds.weighAnchorOdds);
const collisionOdds = unchecked(checkedOdds.collisionOdds);
const criticalChance = unchecked(checkedOdds.criticalChance);
const fireAttemptOdds = unchecked(checkedOdds.fireAttemptOdds);
const fireChainOdds = unchecked(checkedOdds.fireChainOdds);
const grappleOdds = unchecked(checkedOdds.grappleOdds);
const hitChance = unchecked(checkedOdds.hitChance);
const initiativeOdds = unchecked(checkedOdds.initiativeOdds);
const marksmanOdds = unchecked(checkedOdds.marksmanOdds);
const moraleOdds = unchecked(checkedOdds.moraleOdds);
const reloadOdds = unchecked(checkedOdds.reloadOdds);
const tackOdds = unchecked(checkedOdds.tackOdds);

import { DEFAULT_OPTIONS, type PvOptions } from './options';
import {
  COLUMN_ORDER,
  damageDiceFor,
  FRESH_TOSS,
  NO_DICE,
  resolveHits,
  resolveToss,
  tossNeeds,
  type ColumnCounts,
  type FiringGun,
  type TossDie,
  type TossState
} from './resolve-gunnery';
import { resolveMorale } from './resolve-morale';
import { resolveCollision } from './resolve-collision';
import { resolveTack, resolveWeighAnchor } from './resolve-movement';
import { resolveFire, resolveReload } from './resolve-tasks';
import type { Aim, DamageColumn } from './tables';

const opts = (o: Partial<PvOptions> = {}): PvOptions => ({ ...DEFAULT_OPTIONS, ...o });
const f = (r: Rational) => formatFraction(r);

/** Every tuple of faces 1..sides of the given length. */
function* tuples(n: number, sides: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of tuples(n - 1, sides)) for (let x = 1; x <= sides; x++) yield [...rest, x];
}

/** Brute-force tally: value → count, as a Dist. */
function tally<T extends number | string | boolean>(values: Iterable<T>): Dist<T> {
  const m = new Map<T, bigint>();
  for (const v of values) m.set(v, (m.get(v) ?? 0n) + 1n);
  return Dist.of(m);
}

function sameDist<T extends number | string | boolean>(a: Dist<T>, b: Dist<T>) {
  const vals = new Set([...a.values(), ...b.values()]);
  for (const v of vals) expect(f(a.prob(v)), `value ${String(v)}`).toBe(f(b.prob(v)));
}

function diceOf(counts: ColumnCounts, faces: number[]): TossDie[] {
  const out: TossDie[] = [];
  let i = 0;
  for (const col of COLUMN_ORDER)
    for (let k = 0; k < counts[col]; k++) out.push({ column: col, face: faces[i++] });
  return out;
}

/** Enumerates every damage-die tuple, and the critical d12 when needed (officer d6s do not change
 *  points, so they are fixed at 1 here), through the resolver. */
function bruteToss(
  counts: ColumnCounts,
  aim: Aim,
  options: PvOptions,
  toss: TossState = FRESH_TOSS
) {
  const n = COLUMN_ORDER.reduce((a, c) => a + counts[c], 0);
  const hull: [number, bigint][] = [];
  const rig: [number, bigint][] = [];
  let crit = 0n;
  let crew = 0n;
  let guns = 0n;
  let offs = 0n;
  let total = 0n;
  for (const faces of tuples(n, 6)) {
    const dice = diceOf(counts, faces);
    const needs = tossNeeds(dice, options, toss);
    const critFaces = needs.isCritical ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [undefined];
    const w = needs.isCritical ? 1n : 12n; // weight so each damage tuple totals 12
    for (const cf of critFaces) {
      const r = resolveToss(
        dice,
        aim,
        { criticalFace: cf, officerFaces: Array(needs.officerRolls).fill(1) },
        options,
        toss
      );
      if (!r.ok) throw new Error(r.error);
      hull.push([r.value.hullPoints, w]);
      rig.push([r.value.riggingPoints, w]);
      if (needs.isCritical) crit += w;
      crew += w * BigInt(r.value.crewHits);
      guns += w * BigInt(r.value.gunHits);
      offs += w * BigInt(r.value.officerRolls.length);
      total += w;
    }
  }
  return {
    hull: Dist.of(hull),
    rigging: Dist.of(rig),
    pCritical: rational(crit, total),
    expectedCrew: rational(crew, total),
    expectedGuns: rational(guns, total),
    expectedOfficerRolls: rational(offs, total)
  };
}

const counts = (c: Partial<Record<DamageColumn, number>>): ColumnCounts => ({ ...NO_DICE, ...c });

describe('toss odds agree with brute-force enumeration of the resolver (C.7.3)', () => {
  const cases: [string, ColumnCounts, Aim, Partial<PvOptions>][] = [
    ['ball low ×3', counts({ ballLow: 3 }), 'low', {}],
    ['ball low ×4', counts({ ballLow: 4 }), 'low', {}],
    ['ball high ×3', counts({ ballHigh: 3 }), 'high', {}],
    ['shot & grape ×3', counts({ shotAndGrape: 3 }), 'low', {}],
    ['swivel ×3', counts({ swivelGrape: 3 }), 'high', {}],
    ['mixed swivel + ball low', counts({ swivelGrape: 2, ballLow: 2 }), 'low', {}],
    ['mixed shot & grape + ball low', counts({ shotAndGrape: 1, ballLow: 3 }), 'low', {}],
    ['pair counts as damage', counts({ ballLow: 3 }), 'low', { criticalPairCountsAsDamage: true }],
    ['2x = +2', counts({ ballLow: 3 }), 'low', { twoXPoints: 'plusTwoPoints' }],
    ['2x rigging = +2', counts({ ballHigh: 3 }), 'high', { twoXPoints: 'plusTwoPoints' }],
    // Fired high with Swivel/Grape among the dice: the critical column and which 1s it consumes
    // depend on every column at once (the one-pass odds, issue 18).
    ['mixed swivel + ball high, fired high', counts({ swivelGrape: 2, ballHigh: 2 }), 'high', {}],
    [
      'swivel ×3 fired high, 2x = +2',
      counts({ swivelGrape: 3 }),
      'high',
      { twoXPoints: 'plusTwoPoints' }
    ],
    [
      'three columns fired high, 2x = +2',
      counts({ shotAndGrape: 1, swivelGrape: 1, ballHigh: 2 }),
      'high',
      { twoXPoints: 'plusTwoPoints' }
    ],
    [
      'three columns fired high, pair counts as damage',
      counts({ swivelGrape: 1, ballLow: 1, ballHigh: 2 }),
      'high',
      { criticalPairCountsAsDamage: true }
    ]
  ];
  it.each(cases)('%s', (_name, c, aim, o) => {
    const options = opts(o);
    const exact = tossOdds(c, aim, options);
    const brute = bruteToss(c, aim, options);
    sameDist(exact.hull, brute.hull);
    sameDist(exact.rigging, brute.rigging);
    expect(f(exact.pCritical)).toBe(f(brute.pCritical));
    expect(f(exact.expectedCrew)).toBe(f(brute.expectedCrew));
    expect(f(exact.expectedGuns)).toBe(f(brute.expectedGuns));
    expect(f(exact.expectedOfficerRolls)).toBe(f(brute.expectedOfficerRolls));
  });
  // Errata 8 'perTargetPerPhase': the target already took this phase's critical.
  const spent: [string, ColumnCounts, Aim][] = [
    ['spent: ball low ×3', counts({ ballLow: 3 }), 'low'],
    ['spent: ball high ×3', counts({ ballHigh: 3 }), 'high'],
    ['spent: swivel + ball low', counts({ swivelGrape: 2, ballLow: 2 }), 'low'],
    ['spent: swivel + ball high, fired high', counts({ swivelGrape: 2, ballHigh: 2 }), 'high']
  ];
  it.each(spent)('%s', (_name, c, aim) => {
    const options = opts({ tossGrouping: 'perTargetPerPhase' });
    const toss = { isCriticalSpent: true };
    const exact = tossOdds(c, aim, options, toss);
    const brute = bruteToss(c, aim, options, toss);
    expect(f(exact.pCritical)).toBe('0');
    sameDist(exact.hull, brute.hull);
    sameDist(exact.rigging, brute.rigging);
    expect(f(exact.pCritical)).toBe(f(brute.pCritical));
    expect(f(exact.expectedCrew)).toBe(f(brute.expectedCrew));
    expect(f(exact.expectedGuns)).toBe(f(brute.expectedGuns));
    expect(f(exact.expectedOfficerRolls)).toBe(f(brute.expectedOfficerRolls));
  });
});

describe('C.7.3 figures', () => {
  it('P(critical) by number of dice', () => {
    expect([1, 2, 3, 4, 5].map((n) => f(criticalChance(n)))).toEqual([
      '0',
      '1/36',
      '2/27',
      '19/144',
      '763/3888'
    ]);
    const pct = [6, 7, 8, 9, 10, 11, 12].map((n) => {
      const p = criticalChance(n);
      return (Number((p.n * 10000n) / p.d) / 100).toFixed(2);
    });
    // 26.32 33.02 39.53 45.73 51.55 56.93 61.87 (truncated to 2 decimals here)
    expect(pct.map((x) => x.slice(0, 4))).toEqual([
      '26.3',
      '33.0',
      '39.5',
      '45.7',
      '51.5',
      '56.9',
      '61.8'
    ]);
    expect(f(criticalChance(4))).toBe(f(tossOdds(counts({ ballLow: 4 }), 'low').pCritical));
  });
  it('Ball Low hull points before any 2x: N = 1..4 and 6', () => {
    // "identical figures apply to Ball High rigging points": Ball High dice read on the Low critical
    // column never double rigging, so this is the distribution before any "2x".
    const noDouble = (n: number) => tossOdds(counts({ ballHigh: n }), 'low').rigging;
    const d1 = noDouble(1);
    expect([0, 1, 2, 3, 4].map((v) => f(d1.prob(v)))).toEqual(['1/3', '1/6', '1/6', '1/6', '1/6']);
    expect(f(mean(noDouble(2)))).toBe('59/18');
    expect(f(mean(noDouble(3)))).toBe('131/27');
    expect(f(mean(noDouble(4)))).toBe('461/72');
    expect(f(mean(noDouble(6)))).toBe('220999/23328');
    const d2 = noDouble(2);
    const rounded = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((v) =>
      (Number(d2.prob(v).n) / Number(d2.prob(v).d)).toFixed(4)
    );
    expect(rounded).toEqual([
      '0.1389',
      '0.1111',
      '0.1111',
      '0.1667',
      '0.1944',
      '0.1111',
      '0.0833',
      '0.0556',
      '0.0278'
    ]);
  });
  it('with the default "2x Hull Pts" doubling on a low critical', () => {
    expect(f(mean(tossOdds(counts({ ballLow: 3 }), 'low').hull))).toBe('1579/324');
    expect(f(mean(tossOdds(counts({ ballLow: 4 }), 'low').hull))).toBe('25193/3888');
    expect(f(mean(tossOdds(counts({ ballLow: 6 }), 'low').hull))).toBe('342217/34992');
  });
  it('Shot & Grape hull means E = N − 2·P(crit)', () => {
    const m = (n: number) => f(mean(tossOdds(counts({ shotAndGrape: n }), 'high').hull));
    expect([m(1), m(2), m(3), m(4)]).toEqual(['1', '35/18', '77/27', '269/72']);
  });
  it('Swivel/Grape expected crew N·5/6 − 2·P(crit); per-die rates', () => {
    for (const n of [1, 2, 3, 5]) {
      const t = tossOdds(counts({ swivelGrape: n }), 'low');
      const expected = add(
        mul(rational(5 * n, 6), rational(1)),
        mul(rational(-2), criticalChance(n))
      );
      expect(f(t.expectedCrew)).toBe(f(expected));
    }
    expect(f(tossOdds(counts({ ballLow: 1 }), 'low').expectedCrew)).toBe('1/6');
    expect(f(tossOdds(counts({ ballHigh: 1 }), 'high').expectedCrew)).toBe('1/3');
    expect(f(tossOdds(counts({ shotAndGrape: 1 }), 'low').expectedCrew)).toBe('1/3');
    expect(f(tossOdds(counts({ ballLow: 1 }), 'low').expectedGuns)).toBe('1/6');
    expect(f(tossOdds(counts({ swivelGrape: 1 }), 'low').expectedOfficerRolls)).toBe('1/6');
  });
  it('critical table given a critical, and the Officer Hits table', () => {
    const low = tossOdds(counts({ ballLow: 2 }), 'low').criticalEffects;
    const p = (e: string) => f(low.find((x) => x.effect === e)?.p ?? ZERO);
    expect([p('captain'), p('mast'), p('waterLine'), p('doubleHull')]).toEqual([
      '1/12',
      '1/12',
      '1/6',
      '1/6'
    ]);
    const high = tossOdds(counts({ ballHigh: 2 }), 'high').criticalEffects;
    const h = (e: string) => f(high.find((x) => x.effect === e)?.p ?? ZERO);
    expect([h('mast'), h('doubleRigging'), h('helmTiller')]).toEqual(['1/4', '1/3', '1/12']);
    expect(officerHitOdds().map((o) => f(o.p))).toEqual(['1/6', '1/3', '1/2', '1/3']);
  });
});

describe('broadside odds agree with brute force over hit and damage dice', () => {
  const g = (
    id: string,
    dice: number,
    column: DamageColumn,
    threshold: number,
    doubleShot = false
  ): FiringGun => ({
    id,
    dice,
    column,
    threshold,
    doubleShot
  });
  it('hits and damage-dice distributions (with double shot and a bow rake)', () => {
    const guns = [
      g('a', 2, 'ballLow', 9, true),
      g('b', 1, 'ballLow', 6),
      g('c', 1, 'swivelGrape', 3)
    ];
    const rakes = { stern: false, bow: true };
    const dice: string[] = [];
    const hits: number[] = [];
    for (const faces of tuples(3, 12)) {
      const r = resolveHits(guns, faces);
      if (!r.ok) throw new Error(r.error);
      hits.push(r.value.filter(Boolean).length);
      dice.push(
        countsKey(
          damageDiceFor(
            guns.filter((_, i) => r.value[i]),
            rakes
          )
        )
      );
    }
    sameDist(hitsDist(guns.map((x) => x.threshold)), tally(hits));
    sameDist(damageDiceDist(guns, rakes), tally(dice));
  });
  it('hull distribution, P(critical) and expectations of a two-gun broadside', () => {
    const guns = [g('a', 1, 'ballLow', 9), g('b', 2, 'ballLow', 6)];
    const odds = broadsideOdds(guns, 'low', { stern: false, bow: false });
    // brute force: every hit tuple, then every damage tuple (and critical d12) through the resolver
    const hull: [number, bigint][] = [];
    let crit = ZERO;
    let crew = ZERO;
    const L = 12n * 6n ** 3n; // every toss here has at most 3 dice: its brute total divides L
    for (const hf of tuples(2, 12)) {
      const r = resolveHits(guns, hf);
      if (!r.ok) throw new Error(r.error);
      const c = damageDiceFor(
        guns.filter((_, i) => r.value[i]),
        { stern: false, bow: false }
      );
      const b = bruteToss(c, 'low', DEFAULT_OPTIONS);
      for (const e of b.hull.entries()) hull.push([e.value, (e.weight * L) / b.hull.total]);
      crit = add(crit, mul(rational(1, 144), b.pCritical));
      crew = add(crew, mul(rational(1, 144), b.expectedCrew));
    }
    sameDist(odds.hull, Dist.of(hull));
    expect(f(odds.pCritical)).toBe(f(crit));
    expect(f(odds.expectedCrew)).toBe(f(crew));
    expect(odds.perGun.map((x) => f(x.p))).toEqual(['3/4', '1/2']);
    expect(f(sum(odds.hits.entries().map((e) => e.p)))).toBe('1');
  });
  it('rigging, P(critical) and expectations of a mixed broadside fired high (with double shot)', () => {
    const guns = [
      g('a', 1, 'swivelGrape', 7),
      g('b', 1, 'ballHigh', 5, true),
      g('c', 1, 'shotAndGrape', 10)
    ];
    const rakes = { stern: false, bow: false };
    const options = opts({ twoXPoints: 'plusTwoPoints' });
    const odds = broadsideOdds(guns, 'high', rakes, options);
    const rigging: [number, bigint][] = [];
    let crit = ZERO;
    let crew = ZERO;
    let offs = ZERO;
    const L = 12n * 6n ** 4n; // at most 4 dice after double shot: every brute total divides L
    const brute = new Map<string, ReturnType<typeof bruteToss>>();
    for (const hf of tuples(3, 12)) {
      const r = resolveHits(guns, hf);
      if (!r.ok) throw new Error(r.error);
      const c = damageDiceFor(
        guns.filter((_, i) => r.value[i]),
        rakes,
        options
      );
      expect(COLUMN_ORDER.reduce((a, col) => a + c[col], 0)).toBeLessThanOrEqual(4);
      const b = brute.get(countsKey(c)) ?? bruteToss(c, 'high', options);
      brute.set(countsKey(c), b);
      for (const e of b.rigging.entries())
        rigging.push([e.value, (e.weight * L) / b.rigging.total]);
      crit = add(crit, mul(rational(1, 1728), b.pCritical));
      crew = add(crew, mul(rational(1, 1728), b.expectedCrew));
      offs = add(offs, mul(rational(1, 1728), b.expectedOfficerRolls));
    }
    sameDist(odds.rigging, Dist.of(rigging));
    expect(f(odds.pCritical)).toBe(f(crit));
    expect(f(odds.expectedCrew)).toBe(f(crew));
    expect(f(odds.expectedOfficerRolls)).toBe(f(offs));
  });
  it('a spent toss (Errata 8): no critical, every 1 counts, so the mean is N·5/3 on Ball Low', () => {
    const guns = [g('a', 2, 'ballLow', 12), g('b', 2, 'ballLow', 12)];
    const rakes = { stern: false, bow: false };
    const options = opts({ tossGrouping: 'perTargetPerPhase' });
    const fresh = broadsideOdds(guns, 'low', rakes, options);
    const spent = broadsideOdds(guns, 'low', rakes, options, { isCriticalSpent: true });
    expect(f(fresh.pCritical)).toBe('19/144');
    expect(f(spent.pCritical)).toBe('0');
    expect(f(mean(spent.hull))).toBe('20/3');
    sameDist(
      spent.hull,
      bruteToss(counts({ ballLow: 4 }), 'low', options, { isCriticalSpent: true }).hull
    );
  });
  it('C.7.1 hit chance = clamp(threshold)/12', () => {
    expect([-1, 0, 8, 12, 14].map((t) => f(hitChance(t)))).toEqual(['0', '0', '2/3', '1', '1']);
  });
});

describe('expected officer hits of a fire, against brute force over every die', () => {
  it('two swivel dice and a ball low die, fired low: damage d6s, the critical d12, Officer* d6s', () => {
    const c = counts({ swivelGrape: 2, ballLow: 1 });
    const exact = expectedOfficerHits(tossOdds(c, 'low'));
    let hits = 0n;
    let total = 0n;
    const W = 12n * 36n; // every branch weighted to the same total
    for (const faces of tuples(3, 6)) {
      const dice = diceOf(c, faces);
      const needs = tossNeeds(dice);
      const crits = needs.isCritical ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [undefined];
      for (const cf of crits)
        for (const offs of tuples(needs.officerRolls, 6)) {
          const r = resolveToss(dice, 'low', { criticalFace: cf, officerFaces: offs });
          if (!r.ok) throw new Error(r.error);
          const w = W / BigInt(crits.length * 6 ** needs.officerRolls);
          const critOfficer =
            r.value.critical &&
            ['captain', 'firstLt', 'master', 'gunner'].includes(r.value.critical.effect)
              ? 1
              : 0;
          const n = r.value.officerRolls.reduce((a, x) => a + x.roles.length, 0) + critOfficer;
          hits += w * BigInt(n);
          total += w;
        }
    }
    expect(f(exact)).toBe(f(rational(hits, total)));
    // Each Officer* roll hits 8/6 officers on average (C.3.10 rows 5 and 6 hit two).
    expect(
      f(expectedOfficerHits({ expectedOfficerRolls: rational(1), expectedCriticalOfficers: ZERO }))
    ).toBe('4/3');
  });
});

describe('morale odds (C.7.4) against the resolver', () => {
  const rows: [number, boolean, string[]][] = [
    [4, false, ['5/6', '1/12', '1/12']],
    [3, false, ['3/4', '1/12', '1/6']],
    [2, false, ['2/3', '1/12', '1/4']],
    [1, false, ['7/12', '1/12', '1/3']],
    [0, false, ['1/2', '1/12', '5/12']],
    [0, true, ['5/12', '1/12', '1/2']]
  ];
  it.each(rows)('commander + crew %s, disordered %s', (rating, disordered, expected) => {
    const input = {
      commanderRating: Math.min(2, rating),
      crewRating: rating - Math.min(2, rating),
      disordered
    };
    const d = moraleOdds(input);
    expect(['pass', 'disordered', 'strike'].map((r) => f(d.prob(r as 'pass')))).toEqual(expected);
    const brute = tally(
      [...Array(12).keys()].map((i) => {
        const r = resolveMorale(input, i + 1);
        if (!r.ok) throw new Error(r.error);
        return r.value.result;
      })
    );
    sameDist(d, brute);
  });
});

describe('C.7.5 closed forms, each against the resolver', () => {
  it('reload: normal (6+R)/12, Gunner (7+R)/12, double shot (3+R)/12', () => {
    for (let R = 0; R <= 4; R++) {
      const normal = reloadOdds(R, { gunnerSighted: false, doubleShotOrdered: false });
      expect(f(normal.prob('single'))).toBe(f(rational(6 + R, 12)));
      expect(
        f(reloadOdds(R, { gunnerSighted: true, doubleShotOrdered: false }).prob('single'))
      ).toBe(f(rational(7 + R, 12)));
      const ds = reloadOdds(R, { gunnerSighted: false, doubleShotOrdered: true });
      expect(f(ds.prob('double'))).toBe(f(rational(3 + R, 12)));
      const brute = tally(
        [...Array(12).keys()].map((i) => {
          const r = resolveReload(
            [{ id: 'g', gunnerSighted: false, doubleShotOrdered: true }],
            R,
            i + 1
          );
          if (!r.ok) throw new Error(r.error);
          const l = r.value.loaded[0];
          return l ? (l.doubleShot ? 'double' : 'single') : 'notLoaded';
        })
      );
      sameDist(ds, brute);
    }
  });
  it('initiative (d12, ties re-rolled): k = 0..4', () => {
    expect([0, 1, 2, 3, 4].map((k) => f(initiativeOdds(k, 0)))).toEqual([
      '1/2',
      '78/133',
      '89/134',
      '11/15',
      '27/34'
    ]);
    expect(f(add(initiativeOdds(2, 1), initiativeOdds(1, 2)))).toBe('1');
  });
  it('tacking: min(12, 9 + I)/12; mast lost ((3 − I)/12)·(3/12)', () => {
    for (let I = 0; I <= 4; I++) {
      const t = tackOdds(I);
      expect(f(t.success)).toBe(f(rational(Math.min(12, 9 + I), 12)));
      expect(f(t.mastLost)).toBe(f(rational(Math.max(0, 3 - I) * 3, 144)));
      let lost = 0n;
      for (const [a, b] of tuples(2, 12)) {
        const r = resolveTack(I, a, b);
        if (r.ok && r.value.mastLost) lost++;
      }
      expect(f(t.mastLost)).toBe(f(rational(lost, 144)));
    }
  });
  it('weighing anchor E[T] for c = 0..12', () => {
    const expected = [
      '13/2',
      '67/12',
      '19/4',
      '4',
      '10/3',
      '11/4',
      '9/4',
      '11/6',
      '3/2',
      '5/4',
      '13/12',
      '1',
      '1'
    ];
    expect([...Array(13).keys()].map((c) => f(mean(weighAnchorOdds(c))))).toEqual(expected);
    const brute = tally(
      [...Array(12).keys()].map((i) => {
        const r = resolveWeighAnchor(5, i + 1);
        return r.ok ? r.value.turns : -1;
      })
    );
    sameDist(weighAnchorOdds(5), brute);
  });
  it('fire: burns up 77/192, 35/192, 35/576, 5/576; expected damage 12.11, 9.21, 7.07, 5.56', () => {
    const burn = [0, 2, 4, 6].map((c) => f(fireChainOdds([c, c, c]).burnsUp));
    expect(burn).toEqual(['77/192', '35/192', '35/576', '5/576']);
    const dmg = [0, 2, 4, 6].map((c) => {
      const e = fireChainOdds([c, c, c]).expectedDamage;
      return (Number(e.n) / Number(e.d)).toFixed(2);
    });
    expect(dmg).toEqual(['12.11', '9.21', '7.07', '5.56']);
    for (const t of [1, 2, 3] as const) {
      let out = 0n;
      for (let face = 1; face <= 12; face++) {
        const r = resolveFire(t, 3, face);
        if (r.ok && r.value.extinguished) out++;
      }
      expect(f(fireAttemptOdds(t, 3))).toBe(f(rational(out, 12)));
    }
  });
  it('damage control (3 + c)/12, jury rig (1 + c)/12, grappling 1 − (7/12)^n', () => {
    expect([0, 2, 9, 12].map((c) => f(checkOdds(c, 10)))).toEqual(['1/4', '5/12', '1', '1']);
    expect([0, 3].map((c) => f(checkOdds(c, 12)))).toEqual(['1/12', '1/3']);
    const pct = [1, 2, 3, 4, 6].map((n) => {
      const p = grappleOdds(n).probWhere((k) => k >= 1);
      return ((100 * Number(p.n)) / Number(p.d)).toFixed(1);
    });
    expect(pct).toEqual(['41.7', '66.0', '80.2', '88.4', '96.1']);
  });
  it('marksmen, collisions, ratings', () => {
    expect([f(marksmanOdds('crew').crew), f(marksmanOdds('crew').officer)]).toEqual([
      '5/24',
      '1/24'
    ]);
    expect([f(marksmanOdds('marine').crew), f(marksmanOdds('marine').officer)]).toEqual([
      '5/18',
      '1/18'
    ]);
    const c = collisionOdds(2);
    expect([f(c.entangle), f(mean(c.rammer)), f(mean(c.rammed))]).toEqual(['5/12', '7/2', '7']);
    expect(f(mean(collisionOdds(3).rammed))).toBe('21/2');
    // against the resolver, both readings, over every die
    for (const faceSum of [true, false]) {
      const o = opts({ collisionDiceAsFaceSum: faceSum });
      const hulls: number[] = [];
      let tangled = 0n;
      for (const faces of tuples(4, 6)) {
        for (const d12 of [1, 8]) {
          const r = resolveCollision(2, [faces[0], d12, faces[1], faces[2]], o);
          if (!r.ok) throw new Error(r.error);
          if (faces[3] === 1 && d12 === 1) hulls.push(r.value.rammed.hull);
          if (
            faces[3] === 1 &&
            faces[0] === 1 &&
            faces[1] === 1 &&
            faces[2] === 1 &&
            r.value.entangled
          )
            tangled++;
        }
      }
      sameDist(collisionOdds(2, o).rammed, tally(hulls));
      expect(tangled).toBe(1n);
    }
    expect([0, 1, 2].map((r) => f(ratingOdds().prob(r)))).toEqual(['1/3', '1/2', '1/6']);
  });
});

describe('properties of the broadside odds', () => {
  const gun = (i: number, dice: number, threshold: number): FiringGun => ({
    id: `g${i}`,
    dice,
    column: 'ballLow',
    threshold,
    doubleShot: false
  });
  it('distributions sum to 1; one more gun never lowers the expected hull points', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ dice: fc.integer({ min: 1, max: 3 }), t: fc.integer({ min: 0, max: 12 }) }),
          {
            minLength: 1,
            maxLength: 3
          }
        ),
        fc.integer({ min: 1, max: 3 }),
        (spec, extraDice) => {
          const guns = spec.map((s, i) => gun(i, s.dice, s.t));
          const a = broadsideOdds(guns, 'low', { stern: false, bow: false });
          const b = broadsideOdds([...guns, gun(9, extraDice, 6)], 'low', {
            stern: false,
            bow: false
          });
          const total = (d: Dist<number>) => f(sum(d.entries().map((e) => e.p)));
          return (
            total(a.hull) === '1' &&
            total(a.hits) === '1' &&
            total(a.dice) === '1' &&
            toNumberSafe(mean(b.hull)) >= toNumberSafe(mean(a.hull))
          );
        }
      ),
      { numRuns: 15 }
    );
  });
});

function toNumberSafe(r: Rational): number {
  return Number(r.n) / Number(r.d);
}
