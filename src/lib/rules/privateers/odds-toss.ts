import { Dist } from '../../engine/dist';
import { rational, type Rational } from '../../engine/rational';
import type { PvOptions } from './options';
import { COLUMN_ORDER, FRESH_TOSS, type ColumnCounts, type TossState } from './resolve-gunnery';
import type { Aim, DamageColumn } from './tables';
import {
  CRITICAL_HITS,
  DAMAGE_DICE_TABLE,
  twoXOf as twoX,
  type CriticalEffect,
  type DamageResult
} from './tables-play';

// The exact odds of one damage toss (SPEC C.7.3), for fixed dice per column (a toss) or for dice
// that depend on which guns hit (a broadside, C.7.2): one pass over the four columns in
// COLUMN_ORDER. The only things that tie the columns together are the critical — two or more 1s in
// the whole toss — and which two 1s it consumes (the first two in column order, as the resolver's
// criticalPair takes them), so the pass carries, besides the points so far, how many 1s it has seen
// (0, 1 or "2 or more"), the points of a lone first 1 (counted only if no second 1 comes), and, when
// firing high, whether a die outside Swivel/Grape is in the toss (the critical column, C.7.3). Each
// column's dice enter as three slices — no 1s, one 1, two or more — so the work grows with the
// number of dice, not with the product of every column's ones. Weights are integer counts over a
// common total (no reduced fractions on the way), so everything is exact; the answers are reduced
// once at the end (issue 18: the first broadside of a fresh page is one short pass, not a mixture
// over every ones vector of every dice vector).

/** Weights of a small non-negative integer value v = index (dense; zeros allowed). */
type Weights = bigint[];

/** Weights of a column's number of dice: weights[n] for n dice, over `total`. */
export interface ColumnDice {
  weights: bigint[];
  total: bigint;
}

type Metric = (r: DamageResult) => number;
const METRICS = {
  hull: (r) => (r.kind === 'hull' ? r.points : 0),
  rigging: (r) => (r.kind === 'rigging' ? r.points : 0),
  crew: (r) => (r.kind === 'crew' ? 1 : 0),
  gun: (r) => (r.kind === 'gun' ? 1 : 0),
  officer: (r) => (r.kind === 'officer' ? 1 : 0)
} satisfies Record<string, Metric>;
type MetricName = keyof typeof METRICS;

/** out[at + i + j] += a[i]·b[j]·scale; every index with a non-zero product is ≥ 0 by the caller. */
function convolveInto(out: Weights, at: number, a: Weights, b: Weights, scale = 1n): void {
  for (let i = 0; i < a.length; i++) {
    const wa = a[i];
    if (wa === 0n) continue;
    const x = wa * scale;
    for (let j = 0; j < b.length; j++) {
      const wb = b[j];
      if (wb === 0n) continue;
      const k = at + i + j;
      if (k < 0) throw new RangeError('convolveInto: a weight below value 0');
      while (out.length <= k) out.push(0n);
      out[k] += x * wb;
    }
  }
}

/** out[at + i] += sign·scale·a[i]. */
function addScaled(out: Weights, at: number, a: Weights, scale: bigint): void {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0n) continue;
    const k = at + i;
    while (out.length <= k) out.push(0n);
    out[k] += scale * a[i];
  }
}

interface Powers {
  /** the metric's value on a 1 */
  one: number;
  /** sums[k]: the k-fold sum over all six faces (6^k tuples) */
  all: Weights[];
  /** nonOne[k]: the k-fold sum over faces 2–6 (5^k tuples) */
  nonOne: Weights[];
}
const powersCache = new Map<string, Powers>();

/** The metric's k-fold sums on a column, up to k = n (cached: the tables never change). */
function powersOf(col: DamageColumn, name: MetricName, n: number): Powers {
  const key = `${col}:${name}`;
  let p = powersCache.get(key);
  const values = DAMAGE_DICE_TABLE[col].map(METRICS[name]);
  if (!p) {
    p = { one: values[0], all: [[1n]], nonOne: [[1n]] };
    powersCache.set(key, p);
  }
  const face = (from: number): Weights => {
    const w: Weights = [];
    for (let f = from; f < 6; f++) {
      while (w.length <= values[f]) w.push(0n);
      w[values[f]] += 1n;
    }
    return w;
  };
  if (p.all.length <= n) {
    const all = face(0);
    const nonOne = face(1);
    while (p.all.length <= n) {
      const next: Weights = [];
      convolveInto(next, 0, p.all[p.all.length - 1], all);
      p.all.push(next);
      const nextNon: Weights = [];
      convolveInto(nextNon, 0, p.nonOne[p.nonOne.length - 1], nonOne);
      p.nonOne.push(nextNon);
    }
  }
  return p;
}

/**
 * One column's dice as slices: slices[f][k] are the weights of the column's points (every 1
 * counted) with k = 0, 1 or 2+ ones among them, f = 1 when the column has dice and is not
 * Swivel/Grape. The slices' weights sum to dice.total · 6^nmax.
 */
function columnSlices(
  col: DamageColumn,
  name: MetricName,
  dice: ColumnDice
): { slices: Weights[][]; one: number; total: bigint } {
  const nmax = dice.weights.length - 1;
  const p = powersOf(col, name, nmax);
  const slices: Weights[][] = [
    [[], [], []],
    [[], [], []]
  ];
  dice.weights.forEach((w, n) => {
    if (w === 0n) return;
    const s = w * 6n ** BigInt(nmax - n);
    const f = n > 0 && col !== 'swivelGrape' ? 1 : 0;
    // no 1s: every die shows 2–6
    addScaled(slices[f][0], 0, p.nonOne[n], s);
    if (n >= 1) {
      // exactly one 1, on any of the n dice
      addScaled(slices[f][1], p.one, p.nonOne[n - 1], s * BigInt(n));
    }
    if (n >= 2) {
      // two or more 1s: all tuples less the two cases above
      const rest = slices[f][2];
      addScaled(rest, 0, p.all[n], s);
      addScaled(rest, 0, p.nonOne[n], -s);
      addScaled(rest, p.one, p.nonOne[n - 1], -s * BigInt(n));
    }
  });
  return { slices, one: p.one, total: dice.total * 6n ** BigInt(nmax) };
}

/** Where the pass is: 1s seen (0, 1, 2 = two or more), the points of a lone first 1, and whether a
 *  die outside Swivel/Grape is in the toss. */
interface PassState {
  ones: 0 | 1 | 2;
  pending: number;
  isNonSwivel: boolean;
  w: Weights;
}

interface PassResult {
  states: PassState[];
  total: bigint;
}

/** The pass over the columns for one metric; the 1s a critical consumes are already taken off. */
function tossPass(
  dice: Record<DamageColumn, ColumnDice>,
  name: MetricName,
  aim: Aim,
  options: PvOptions,
  toss: TossState
): PassResult {
  const canCrit = !toss.isCriticalSpent;
  const isConsumed = canCrit && !options.criticalPairCountsAsDamage;
  // Fired low, the critical column is 'low' whatever the dice: no need to tell the states apart.
  const tracksColumn = aim !== 'low';
  let states: PassState[] = [{ ones: 0, pending: 0, isNonSwivel: false, w: [1n] }];
  let total = 1n;
  for (const col of COLUMN_ORDER) {
    const { slices, one, total: t } = columnSlices(col, name, dice[col]);
    total *= t;
    const next = new Map<string, PassState>();
    for (const st of states) {
      for (let f = 0; f < 2; f++) {
        for (let k = 0; k < 3; k++) {
          const b = slices[f][k];
          if (b.length === 0) continue;
          let ones: 0 | 1 | 2 = Math.min(2, st.ones + k) as 0 | 1 | 2;
          let pending = 0;
          let shift = 0;
          if (isConsumed) {
            if (st.ones === 0 && k === 1) pending = one;
            else if (st.ones === 0 && k === 2) shift = 2 * one;
            else if (st.ones === 1 && k === 0) pending = st.pending;
            else if (st.ones === 1) shift = st.pending + one;
          } else if (!canCrit) ones = 0;
          const isNonSwivel = tracksColumn && (st.isNonSwivel || f === 1);
          const key = `${ones}|${pending}|${isNonSwivel}`;
          let target = next.get(key);
          if (!target) {
            target = { ones, pending, isNonSwivel, w: [] };
            next.set(key, target);
          }
          convolveInto(target.w, -shift, st.w, b);
        }
      }
    }
    states = [...next.values()];
  }
  return { states, total };
}

/** C.7.3 the critical column: 'low' when every die is Swivel/Grape, else the aim. */
function critColumnOf(st: PassState, aim: Aim): Aim {
  return st.isNonSwivel ? aim : 'low';
}

/** P(effect | critical) on a column, as twelfths. */
function effectTwelfths(column: Aim, effect: CriticalEffect): bigint {
  return BigInt(CRITICAL_HITS.filter((r) => r[column] === effect).length);
}

const CRITICAL_OFFICERS: readonly CriticalEffect[] = ['captain', 'firstLt', 'master', 'gunner'];

function distOf(m: Map<number, bigint>): Dist<number> {
  return Dist.of(m).reduced();
}

/** Points with the critical's "2x Hull/Rigging Pts" mixed in (C.5 #13), as an exact Dist. */
function pointsDist(
  pass: PassResult,
  effect: CriticalEffect,
  aim: Aim,
  options: PvOptions
): Dist<number> {
  const m = new Map<number, bigint>();
  const put = (v: number, w: bigint) => m.set(v, (m.get(v) ?? 0n) + w);
  for (const st of pass.states) {
    const dbl = st.ones === 2 ? effectTwelfths(critColumnOf(st, aim), effect) : 0n;
    st.w.forEach((w, v) => {
      if (w === 0n) return;
      put(v, w * (12n - dbl));
      if (dbl > 0n) put(twoX(v, options), w * dbl);
    });
  }
  return distOf(m);
}

function expectationOf(pass: PassResult): Rational {
  let acc = 0n;
  for (const st of pass.states) st.w.forEach((w, v) => (acc += w * BigInt(v)));
  return rational(acc, pass.total);
}

export interface TossPassOdds {
  hull: Dist<number>;
  rigging: Dist<number>;
  pCritical: Rational;
  expectedCrew: Rational;
  expectedGuns: Rational;
  expectedOfficerRolls: Rational;
  /** expected officer hits from the critical table */
  expectedCriticalOfficers: Rational;
}

/** The toss's odds when each column's number of dice has the given distribution. */
export function tossPassOdds(
  dice: Record<DamageColumn, ColumnDice>,
  aim: Aim,
  options: PvOptions,
  toss: TossState = FRESH_TOSS
): TossPassOdds {
  const hull = tossPass(dice, 'hull', aim, options, toss);
  let crit = 0n;
  let critOfficers = 0n;
  for (const st of hull.states) {
    if (st.ones !== 2) continue;
    const mass = st.w.reduce((a, b) => a + b, 0n);
    crit += mass;
    const col = critColumnOf(st, aim);
    for (const e of CRITICAL_OFFICERS) critOfficers += mass * effectTwelfths(col, e);
  }
  return {
    hull: pointsDist(hull, 'doubleHull', aim, options),
    rigging: pointsDist(
      tossPass(dice, 'rigging', aim, options, toss),
      'doubleRigging',
      aim,
      options
    ),
    pCritical: rational(crit, hull.total),
    expectedCrew: expectationOf(tossPass(dice, 'crew', aim, options, toss)),
    expectedGuns: expectationOf(tossPass(dice, 'gun', aim, options, toss)),
    expectedOfficerRolls: expectationOf(tossPass(dice, 'officer', aim, options, toss)),
    expectedCriticalOfficers: rational(critOfficers, hull.total * 12n)
  };
}

/** Fixed dice per column (one toss) in the pass's terms. */
export function fixedDice(counts: ColumnCounts): Record<DamageColumn, ColumnDice> {
  const out = {} as Record<DamageColumn, ColumnDice>;
  for (const col of COLUMN_ORDER) {
    const weights = new Array<bigint>(counts[col] + 1).fill(0n);
    weights[counts[col]] = 1n;
    out[col] = { weights, total: 1n };
  }
  return out;
}

/** The total number of dice, from the columns' independent counts. */
export function totalDiceDist(dice: Record<DamageColumn, ColumnDice>): Dist<number> {
  let acc: Weights = [1n];
  for (const col of COLUMN_ORDER) {
    const next: Weights = [];
    convolveInto(next, 0, acc, dice[col].weights);
    acc = next;
  }
  const m = new Map<number, bigint>();
  acc.forEach((w, v) => w !== 0n && m.set(v, w));
  return distOf(m);
}
