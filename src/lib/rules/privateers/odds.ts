import { binomial, convolve, Dist } from '../core/dist';
import { firstProblem, guarded, intIn, isBool, isRecord, oneOf, type Check } from '../core/inputs';
import { add, mul, rational, sum, ZERO, type Rational } from '../core/rational';
import { MAX_MODIFIER, men, opts } from './input-limits';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import {
  COLUMN_ORDER,
  FRESH_TOSS,
  NO_DICE,
  type ColumnCounts,
  type FiringGun,
  type Rakes,
  type TossState
} from './resolve-gunnery';
import {
  CRITICAL_HITS,
  DAMAGE_DICE_TABLE,
  MAX_DAMAGE_DICE,
  diceCountOf as diceCount,
  twoXOf as twoX,
  OFFICER_HITS,
  type Aim,
  type CriticalEffect,
  type DamageColumn,
  type DamageResult
} from './tables';

// Exact odds for the Privateers gunnery (SPEC C.7.1–C.7.3), from the same tables and rules the
// resolvers use; morale, crew tasks and other checks (C.7.4–C.7.5) are in odds-tasks.ts, re-exported
// below. Everything is a Rational or a Dist with bigint weights.

const D12 = Dist.die(12);
const D6 = Dist.die(6);
const SIXTH = rational(1, 6);

/** C.7.1 P(hit) = clamp(threshold, 0, 12)/12. */
function hitChanceOf(threshold: number): Rational {
  return rational(Math.max(0, Math.min(12, threshold)), 12);
}

/** Distribution of the number of guns hitting (Poisson binomial). */
export function hitsDist(thresholds: readonly number[]): Dist<number> {
  let d = Dist.constant<number>(0);
  for (const t of thresholds)
    d = convolve(
      d,
      Dist.bernoulli(hitChanceOf(t)).map((h) => (h ? 1 : 0))
    );
  return d;
}

/** Key for per-column dice counts. */
export function countsKey(c: ColumnCounts): string {
  return COLUMN_ORDER.map((col) => c[col]).join(',');
}
export function countsFromKey(k: string): ColumnCounts {
  const v = k.split(',').map(Number);
  const out: ColumnCounts = { ...NO_DICE };
  COLUMN_ORDER.forEach((col, i) => (out[col] = v[i]));
  return out;
}

/** C.7.2 distribution of the damage dice per column after the hit rolls (with double shot, rakes
 *  and rounding), keyed by `countsKey`. */
function damageDiceDistOf(
  guns: readonly FiringGun[],
  rakes: Rakes,
  options: PvOptions = DEFAULT_OPTIONS
): Dist<string> {
  // Track base and double-shotted dice per column, then apply the rounding once per toss.
  const zero = COLUMN_ORDER.flatMap(() => [0, 0]).join(',');
  let d = Dist.constant<string>(zero);
  for (const g of guns) {
    const ci = COLUMN_ORDER.indexOf(g.column);
    const hit = Dist.bernoulli(hitChanceOf(g.threshold));
    d = d.combine(hit, (k, h) => {
      if (!h) return k;
      const v = k.split(',').map(Number);
      v[2 * ci] += g.dice;
      if (g.doubleShot) v[2 * ci + 1] += g.dice;
      return v.join(',');
    });
  }
  return d.map((k) => {
    const v = k.split(',').map(Number);
    const c: ColumnCounts = { ...NO_DICE };
    COLUMN_ORDER.forEach((col, i) => (c[col] = diceCount(v[2 * i], v[2 * i + 1], rakes, options)));
    return countsKey(c);
  });
}

type Metric = (r: DamageResult) => number;
const HULL: Metric = (r) => (r.kind === 'hull' ? r.points : 0);
const RIGGING: Metric = (r) => (r.kind === 'rigging' ? r.points : 0);
const CREW: Metric = (r) => (r.kind === 'crew' ? 1 : 0);
const GUN: Metric = (r) => (r.kind === 'gun' ? 1 : 0);
const OFFICER: Metric = (r) => (r.kind === 'officer' ? 1 : 0);

const powCache = new Map<string, Dist<number>[]>();
/** k-fold sum of a metric over dice showing 2..6 on a column (the non-one dice of C.7.3). */
function nonOnePower(col: DamageColumn, metric: Metric, name: string, k: number): Dist<number> {
  const key = `${col}:${name}`;
  let arr = powCache.get(key);
  if (!arr) {
    arr = [Dist.constant<number>(0)];
    powCache.set(key, arr);
  }
  const face = Dist.uniform([2, 3, 4, 5, 6]).map((f) => metric(DAMAGE_DICE_TABLE[col][f - 1]));
  while (arr.length <= k) arr.push(convolve(arr[arr.length - 1], face));
  return arr[k];
}

/** Joint distribution of the number of 1s per column: key "k0,k1,k2,k3". */
function onesDist(counts: ColumnCounts): Dist<string> {
  let d = Dist.constant<string>('');
  for (const col of COLUMN_ORDER) {
    const b = binomial(counts[col], SIXTH);
    d = d.combine(b, (k, x) => (k === '' ? String(x) : `${k},${x}`));
  }
  return d;
}

/** Counted 1s per column once the critical pair is consumed (same order as `criticalPair`); a toss
 *  whose critical is spent (Errata 8) has none and counts every 1. */
function countedOnes(
  ones: number[],
  options: PvOptions,
  toss: TossState
): { counted: number[]; isCritical: boolean } {
  const total = ones.reduce((a, b) => a + b, 0);
  const isCritical = total >= 2 && !toss.isCriticalSpent;
  const counted = [...ones];
  if (isCritical && !options.criticalPairCountsAsDamage) {
    let left = 2;
    for (let i = 0; i < counted.length && left > 0; i++) {
      const take = Math.min(left, counted[i]);
      counted[i] -= take;
      left -= take;
    }
  }
  return { counted, isCritical };
}

function metricDist(
  counts: ColumnCounts,
  metric: Metric,
  name: string,
  ones: number[],
  counted: number[]
): Dist<number> {
  let d = Dist.constant<number>(0);
  COLUMN_ORDER.forEach((col, i) => {
    const fromOnes = counted[i] * metric(DAMAGE_DICE_TABLE[col][0]);
    d = convolve(
      d,
      nonOnePower(col, metric, name, counts[col] - ones[i]).map((x) => x + fromOnes)
    );
  });
  return d;
}

export interface TossOdds {
  dice: number;
  pCritical: Rational;
  /** critical effect given a critical (each d12 face 1/12) */
  criticalEffects: { effect: CriticalEffect; p: Rational }[];
  /** hull points after any "2x Hull Pts" critical */
  hull: Dist<number>;
  rigging: Dist<number>;
  expectedCrew: Rational;
  expectedGuns: Rational;
  /** expected Officer* results (each a roll on the Officer Hits table) */
  expectedOfficerRolls: Rational;
  /** expected officer hits from the critical table */
  expectedCriticalOfficers: Rational;
}

function critColumn(counts: ColumnCounts, aim: Aim): Aim {
  const n = COLUMN_ORDER.reduce((a, c) => a + counts[c], 0);
  return n > 0 && counts.swivelGrape === n ? 'low' : aim;
}

/** P(effect | critical) on the column in use. */
function criticalEffectOddsOf(column: Aim): { effect: CriticalEffect; p: Rational }[] {
  return D12.map((f) => CRITICAL_HITS[f - 1][column])
    .entries()
    .map((e) => ({ effect: e.value, p: e.p }));
}

/** C.7.3: exact odds of one toss with the given dice per column. */
function tossOddsOf(
  counts: ColumnCounts,
  aim: Aim,
  options: PvOptions = DEFAULT_OPTIONS,
  toss: TossState = FRESH_TOSS
): TossOdds {
  const column = critColumn(counts, aim);
  const effects = criticalEffectOddsOf(column);
  const pEffect = (e: CriticalEffect) => effects.find((x) => x.effect === e)?.p ?? ZERO;
  const pDoubleHull = pEffect('doubleHull');
  const pDoubleRig = pEffect('doubleRigging');
  const critOfficers = sum(
    effects
      .filter((e) => ['captain', 'firstLt', 'master', 'gunner'].includes(e.effect))
      .map((e) => e.p)
  );
  const onesD = onesDist(counts);
  let pCrit = ZERO;
  let eCrew = ZERO;
  let eGuns = ZERO;
  let eOff = ZERO;
  const hull = onesD.flatMap((k) => {
    const ones = k.split(',').map(Number);
    const { counted, isCritical } = countedOnes(ones, options, toss);
    const base = metricDist(counts, HULL, 'hull', ones, counted);
    if (!isCritical) return base;
    // mixture: with P(2x Hull) the toss's hull points are doubled (or +2)
    return doubledMixture(base, pDoubleHull, options);
  });
  const rigging = onesD.flatMap((k) => {
    const ones = k.split(',').map(Number);
    const { counted, isCritical } = countedOnes(ones, options, toss);
    const base = metricDist(counts, RIGGING, 'rigging', ones, counted);
    return isCritical ? doubledMixture(base, pDoubleRig, options) : base;
  });
  // Expectations are linear: counted 1s plus the non-one dice at their mean per column.
  const faceMean = (col: DamageColumn, metric: Metric) =>
    rational(
      [2, 3, 4, 5, 6].reduce((a, f) => a + metric(DAMAGE_DICE_TABLE[col][f - 1]), 0),
      5
    );
  const expect = (metric: Metric, ones: number[], counted: number[]) =>
    sum(
      COLUMN_ORDER.map((col, i) =>
        add(
          rational(counted[i] * metric(DAMAGE_DICE_TABLE[col][0])),
          mul(rational(counts[col] - ones[i]), faceMean(col, metric))
        )
      )
    );
  for (const e of onesD.entries()) {
    const ones = e.value.split(',').map(Number);
    const { counted, isCritical } = countedOnes(ones, options, toss);
    if (isCritical) pCrit = add(pCrit, e.p);
    eCrew = add(eCrew, mul(e.p, expect(CREW, ones, counted)));
    eGuns = add(eGuns, mul(e.p, expect(GUN, ones, counted)));
    eOff = add(eOff, mul(e.p, expect(OFFICER, ones, counted)));
  }
  return {
    dice: COLUMN_ORDER.reduce((a, c) => a + counts[c], 0),
    pCritical: pCrit,
    criticalEffects: effects,
    hull,
    rigging,
    expectedCrew: eCrew,
    expectedGuns: eGuns,
    expectedOfficerRolls: eOff,
    expectedCriticalOfficers: mul(pCrit, critOfficers)
  };
}

function doubledMixture(base: Dist<number>, p: Rational, options: PvOptions): Dist<number> {
  if (p.n === 0n) return base;
  return Dist.bernoulli(p).flatMap((dbl) => (dbl ? base.map((x) => twoX(x, options)) : base));
}

/** C.7.3 closed form P(critical) for N dice: 1 − (5/6)^N − N(1/6)(5/6)^(N−1). */
function criticalChanceOf(n: number): Rational {
  return binomial(n, SIXTH).probWhere((k) => k >= 2);
}

export interface BroadsideOdds {
  perGun: { id: string; p: Rational }[];
  hits: Dist<number>;
  dice: Dist<number>;
  hull: Dist<number>;
  rigging: Dist<number>;
  pCritical: Rational;
  expectedCrew: Rational;
  expectedGuns: Rational;
  expectedOfficerRolls: Rational;
  expectedCriticalOfficers: Rational;
}

/**
 * The last broadsides' odds by a canonical string of their inputs (issue 18): a panel re-derives its
 * plan whenever a ship changes, and an 8-gun broadside takes about a second to work out. The answer
 * depends on nothing but these inputs, so an equal key is the same answer (shared: read-only).
 */
const BROADSIDE_CACHE_SIZE = 32;
const broadsideCache = new Map<string, BroadsideOdds>();

/** Everything the referee sees before a broadside (issue: "Before a broadside the referee sees…"). */
function broadsideOddsOf(
  guns: readonly FiringGun[],
  aim: Aim,
  rakes: Rakes,
  options: PvOptions = DEFAULT_OPTIONS,
  tossState: TossState = FRESH_TOSS
): BroadsideOdds {
  let key: string | null = null;
  try {
    key = JSON.stringify([guns, aim, rakes, options, tossState]);
  } catch {
    // Not plain data (never expected): worked out without the cache.
  }
  if (key === null) return computeBroadsideOdds(guns, aim, rakes, options, tossState);
  const hit = broadsideCache.get(key);
  if (hit) {
    // Most recently used last: the oldest entry is the one dropped.
    broadsideCache.delete(key);
    broadsideCache.set(key, hit);
    return hit;
  }
  const odds = computeBroadsideOdds(guns, aim, rakes, options, tossState);
  broadsideCache.set(key, odds);
  if (broadsideCache.size > BROADSIDE_CACHE_SIZE)
    broadsideCache.delete(broadsideCache.keys().next().value as string);
  return odds;
}

function computeBroadsideOdds(
  guns: readonly FiringGun[],
  aim: Aim,
  rakes: Rakes,
  options: PvOptions,
  tossState: TossState
): BroadsideOdds {
  const dd = damageDiceDistOf(guns, rakes, options);
  const tosses = new Map<string, TossOdds>();
  const toss = (k: string) => {
    let t = tosses.get(k);
    if (!t) {
      t = tossOddsOf(countsFromKey(k), aim, options, tossState);
      tosses.set(k, t);
    }
    return t;
  };
  let pCrit = ZERO;
  let eCrew = ZERO;
  let eGuns = ZERO;
  let eOff = ZERO;
  let eCritOff = ZERO;
  for (const e of dd.entries()) {
    const t = toss(e.value);
    pCrit = add(pCrit, mul(e.p, t.pCritical));
    eCrew = add(eCrew, mul(e.p, t.expectedCrew));
    eGuns = add(eGuns, mul(e.p, t.expectedGuns));
    eOff = add(eOff, mul(e.p, t.expectedOfficerRolls));
    eCritOff = add(eCritOff, mul(e.p, t.expectedCriticalOfficers));
  }
  return {
    perGun: guns.map((g) => ({ id: g.id, p: hitChanceOf(g.threshold) })),
    hits: hitsDist(guns.map((g) => g.threshold)),
    dice: dd.map((k) => k.split(',').reduce((a, x) => a + Number(x), 0)),
    hull: dd.flatMap((k) => toss(k).hull),
    rigging: dd.flatMap((k) => toss(k).rigging),
    pCritical: pCrit,
    expectedCrew: eCrew,
    expectedGuns: eGuns,
    expectedOfficerRolls: eOff,
    expectedCriticalOfficers: eCritOff
  };
}

/** Officer Hits table (C.3.10): P(role hit) per roll. */
export function officerHitOdds(): { role: string; p: Rational }[] {
  return (['captain', 'firstLt', 'master', 'gunner'] as const).map((role) => ({
    role,
    p: D6.probWhere((f) => OFFICER_HITS[f - 1].includes(role))
  }));
}

/** Expected officer hits of a fire: each Officer* result rolls on the Officer Hits table (rows 5
 *  and 6 hit two officers, C.3.10), plus the critical table's Captain / 1st Lt. / Master / Gunner
 *  results. Counts results, whether or not the officer is still aboard. */
export function expectedOfficerHits(
  o: Pick<BroadsideOdds, 'expectedOfficerRolls' | 'expectedCriticalOfficers'>
): Rational {
  const perRoll = sum(officerHitOdds().map((x) => x.p));
  return add(mul(o.expectedOfficerRolls, perRoll), o.expectedCriticalOfficers);
}

export * from './odds-tasks';

// ---------------------------------------------------------------------------------------------
// The exported odds, each behind its input check (issue 17 #9): an error in the referee's words for
// anything the rules do not allow — never a RangeError, a NaN rating's 100% Strike or −4 dice. The
// checks read the arguments only; the odds above call one another unchecked.

/** C.7.1: a modified hit threshold (d12 ≤ it hits); beyond 0 and 12 it is clamped. */
export const hitChance = guarded(
  (t: number) => intIn('A hit threshold', t, -MAX_MODIFIER, 12 + MAX_MODIFIER),
  hitChanceOf
);
/** P(at least two 1s among n damage dice), the chance of a critical (C.7.3). */
export const criticalChance = guarded((n: number) => men('Damage dice', n), criticalChanceOf);
// The gunnery odds take the records a broadside plan or a fire in progress holds; each field is
// checked, so a NaN dice count or an unknown ammunition is an error, not a Dist of nonsense.
const aimCheck = (aim: unknown): Check => oneOf('The aim', aim, ['low', 'high']);
const rakesCheck = (r: Rakes): Check =>
  isRecord('The rakes', r) ??
  firstProblem(isBool('Stern rake', r.stern), isBool('Bow rake', r.bow));
const tossCheck = (t: TossState | undefined): Check =>
  t === undefined
    ? null
    : (isRecord('The toss', t) ?? isBool('Critical already scored', t.isCriticalSpent));
const countsCheck = (c: ColumnCounts): Check =>
  isRecord('The damage dice', c) ??
  firstProblem(
    ...COLUMN_ORDER.map((col) => intIn(`Damage dice (${col})`, c[col], 0, MAX_DAMAGE_DICE))
  );
/** A broadside of at most this many guns (far beyond any ship's battery). */
const MAX_GUNS = 200;
const gunCheck = (g: FiringGun): Check =>
  isRecord('A gun', g) ??
  firstProblem(
    typeof g.id === 'string' ? null : 'A gun’s name is missing',
    intIn('A gun’s damage dice', g.dice, 0, MAX_DAMAGE_DICE),
    oneOf('A gun’s ammunition', g.column, COLUMN_ORDER),
    isBool('Double shot', g.doubleShot),
    intIn('A hit threshold', g.threshold, -MAX_MODIFIER, 12 + MAX_MODIFIER)
  );
const gunsCheck = (guns: readonly FiringGun[]): Check =>
  Array.isArray(guns) && guns.length <= MAX_GUNS
    ? firstProblem(...guns.map(gunCheck))
    : `The guns must be a list of at most ${MAX_GUNS}`;

export const damageDiceDist = guarded(
  (guns: readonly FiringGun[], rakes: Rakes, o?: PvOptions) =>
    gunsCheck(guns) ?? rakesCheck(rakes) ?? opts(o),
  damageDiceDistOf
);
export const tossOdds = guarded(
  (counts: ColumnCounts, aim: Aim, o?: PvOptions, toss?: TossState) =>
    countsCheck(counts) ?? aimCheck(aim) ?? opts(o) ?? tossCheck(toss),
  tossOddsOf
);
export const broadsideOdds = guarded(
  (guns: readonly FiringGun[], aim: Aim, rakes: Rakes, o?: PvOptions, toss?: TossState) =>
    gunsCheck(guns) ?? aimCheck(aim) ?? rakesCheck(rakes) ?? opts(o) ?? tossCheck(toss),
  broadsideOddsOf
);
