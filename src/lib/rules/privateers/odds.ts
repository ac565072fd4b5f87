import { binomial, convolve, Dist } from '../../engine/dist';
import * as check from '../../engine/inputs';
import { add, mul, rational, sum, type Rational } from '../../engine/rational';
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
import type { Aim, DamageColumn } from './tables';
import {
  CRITICAL_HITS,
  MAX_DAMAGE_DICE,
  diceCountOf as diceCount,
  OFFICER_HITS,
  type CriticalEffect
} from './tables-play';
import {
  fixedDice,
  totalDiceDist,
  tossPassOdds,
  type ColumnDice,
  type TossPassOdds
} from './odds-toss';

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

/** C.7.3: exact odds of one toss with the given dice per column (one pass, odds-toss.ts). */
function tossOddsOf(
  counts: ColumnCounts,
  aim: Aim,
  options: PvOptions = DEFAULT_OPTIONS,
  toss: TossState = FRESH_TOSS
): TossOdds {
  return {
    dice: COLUMN_ORDER.reduce((a, c) => a + counts[c], 0),
    criticalEffects: criticalEffectOddsOf(critColumn(counts, aim)),
    ...tossPassOdds(fixedDice(counts), aim, options, toss)
  };
}

/** C.7.3 closed form P(critical) for N dice: 1 − (5/6)^N − N(1/6)(5/6)^(N−1). */
function criticalChanceOf(n: number): Rational {
  return binomial(n, SIXTH).probWhere((k) => k >= 2);
}

/**
 * A broadside's odds: its toss's (each column's dice as the hits fall), each gun's chance to hit,
 * the hits and the dice.
 */
export interface BroadsideOdds extends TossPassOdds {
  perGun: { id: string; p: Rational }[];
  hits: Dist<number>;
  dice: Dist<number>;
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
  // The guns of different columns hit independently, so each column's dice count has its own
  // distribution and the toss pass takes them column by column (C.7.2, then C.7.3).
  const dice = {} as Record<DamageColumn, ColumnDice>;
  for (const col of COLUMN_ORDER)
    dice[col] = columnDiceOf(
      guns.filter((g) => g.column === col),
      rakes,
      options
    );
  return {
    perGun: guns.map((g) => ({ id: g.id, p: hitChanceOf(g.threshold) })),
    hits: hitsDist(guns.map((g) => g.threshold)),
    dice: totalDiceDist(dice),
    ...tossPassOdds(dice, aim, options, tossState)
  };
}

/** C.7.2 one column's damage dice after the hit rolls: the guns' base and double-shotted dice,
 *  rounded once for the toss (with rakes), as weights over the product of the hit chances'
 *  denominators. */
function columnDiceOf(guns: readonly FiringGun[], rakes: Rakes, options: PvOptions): ColumnDice {
  // (base dice, double-shotted dice) → weight; base·2^22 + ds is exact (both below 2^22 here).
  let joint = new Map<number, bigint>([[0, 1n]]);
  let total = 1n;
  const SHIFT = 2 ** 22;
  for (const g of guns) {
    const p = hitChanceOf(g.threshold);
    const miss = p.d - p.n;
    const step = g.dice * SHIFT + (g.doubleShot ? g.dice : 0);
    const next = new Map<number, bigint>();
    const put = (k: number, w: bigint) => next.set(k, (next.get(k) ?? 0n) + w);
    for (const [k, w] of joint) {
      if (miss > 0n) put(k, w * miss);
      if (p.n > 0n) put(k + step, w * p.n);
    }
    joint = next;
    total *= p.d;
  }
  const weights: bigint[] = [];
  for (const [k, w] of joint) {
    const n = diceCount(Math.floor(k / SHIFT), k % SHIFT, rakes, options);
    while (weights.length <= n) weights.push(0n);
    weights[n] += w;
  }
  return { weights, total };
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
export const hitChance = check.guarded(
  (t: number) => check.intIn('A hit threshold', t, -MAX_MODIFIER, 12 + MAX_MODIFIER),
  hitChanceOf
);
/** P(at least two 1s among n damage dice), the chance of a critical (C.7.3). */
export const criticalChance = check.guarded((n: number) => men('Damage dice', n), criticalChanceOf);
// The gunnery odds take the records a broadside plan or a fire in progress holds; each field is
// checked, so a NaN dice count or an unknown ammunition is an error, not a Dist of nonsense.
const aimCheck = (aim: unknown): check.Check => check.oneOf('The aim', aim, ['low', 'high']);
const rakesCheck = (r: Rakes): check.Check =>
  check.isRecord('The rakes', r) ??
  check.firstProblem(check.isBool('Stern rake', r.stern), check.isBool('Bow rake', r.bow));
const tossCheck = (t: TossState | undefined): check.Check =>
  t === undefined
    ? null
    : (check.isRecord('The toss', t) ?? check.isBool('Critical already scored', t.isCriticalSpent));
const countsCheck = (c: ColumnCounts): check.Check =>
  check.isRecord('The damage dice', c) ??
  check.firstProblem(
    ...COLUMN_ORDER.map((col) => check.intIn(`Damage dice (${col})`, c[col], 0, MAX_DAMAGE_DICE))
  );
/** A broadside of at most this many guns (far beyond any ship's battery). */
const MAX_GUNS = 200;
const gunCheck = (g: FiringGun): check.Check =>
  check.isRecord('A gun', g) ??
  check.firstProblem(
    typeof g.id === 'string' ? null : 'A gun’s name is missing',
    check.intIn('A gun’s damage dice', g.dice, 0, MAX_DAMAGE_DICE),
    check.oneOf('A gun’s ammunition', g.column, COLUMN_ORDER),
    check.isBool('Double shot', g.doubleShot),
    check.intIn('A hit threshold', g.threshold, -MAX_MODIFIER, 12 + MAX_MODIFIER)
  );
const gunsCheck = (guns: readonly FiringGun[]): check.Check =>
  Array.isArray(guns) && guns.length <= MAX_GUNS
    ? check.firstProblem(...guns.map(gunCheck))
    : `The guns must be a list of at most ${MAX_GUNS}`;

export const damageDiceDist = check.guarded(
  (guns: readonly FiringGun[], rakes: Rakes, o?: PvOptions) =>
    gunsCheck(guns) ?? rakesCheck(rakes) ?? opts(o),
  damageDiceDistOf
);
export const tossOdds = check.guarded(
  (counts: ColumnCounts, aim: Aim, o?: PvOptions, toss?: TossState) =>
    countsCheck(counts) ?? aimCheck(aim) ?? opts(o) ?? tossCheck(toss),
  tossOddsOf
);
export const broadsideOdds = check.guarded(
  (guns: readonly FiringGun[], aim: Aim, rakes: Rakes, o?: PvOptions, toss?: TossState) =>
    gunsCheck(guns) ?? aimCheck(aim) ?? rakesCheck(rakes) ?? opts(o) ?? tossCheck(toss),
  broadsideOddsOf
);
