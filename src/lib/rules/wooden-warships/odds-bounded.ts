import { binomial, convolve, Dist } from '../../engine/dist';
import { toNumber } from '../../engine/rational';
import { damagePieces, type FirePlan } from './resolve-gunnery';

// Gunnery damage odds at any size the charts allow (issue 17 #10). The exact distribution of
// `damageDist` (odds-gunnery.ts) sums up to 1,000 d100 in exact fractions at the schema's maximum
// (10 decks a zone, 50d100 a deck): minutes of work. Here the same mixture — hits per battery
// binomial, each hit adding its dice — is computed two ways, pool by pool:
// - `boundedDamage`: in floating point, in well under a second, with a proven bound on the error
//   of every chance (`maxError`), so the screen can show each figure labelled "within ±…";
// - `exactDamageSteps`: in exact integers, one die at a time, reporting progress, for a worker.
// A pool is the batteries whose hits roll the same dice (damagePieces pools them by die size).

/** Batteries whose hits add the same dice: `halvesPerHit` half-dice of `sides` per hit. */
export interface DamagePool {
  sides: number;
  /** Rolls of the pool (each hits with the plan's per-roll chance). */
  rolls: number;
  /** Dice per hit, counted in halves (a half deck's hit of 3d6 is 3 halves: 1d6 + ½d6). */
  halvesPerHit: number;
  /** "One d4 in total" for mismatched shot: 1 die if anything hits, whatever the hits. */
  isOneDieTotal: boolean;
}

/** The pools of a plan: batteries are pooled exactly as `damagePieces` pools their hits. */
export function damagePools(plan: FirePlan): DamagePool[] {
  const pools = new Map<string, DamagePool>();
  plan.batteries.forEach((b, i) => {
    const one = plan.batteries.map((_, j) => (j === i ? 1 : 0));
    const [piece] = damagePieces(plan, one);
    if (!piece) return;
    const isOneDieTotal = !piece.isMatched && plan.mismatchedAmmo === 'oneD4Total';
    const halvesPerHit = piece.count * 2 + (piece.hasHalf ? 1 : 0);
    const key = `${piece.sides}|${piece.isMatched}|${halvesPerHit}|${isOneDieTotal}`;
    const pool = pools.get(key);
    if (pool) pool.rolls += b.rolls;
    else pools.set(key, { sides: piece.sides, rolls: b.rolls, halvesPerHit, isOneDieTotal });
  });
  return [...pools.values()];
}

/** Full dice and whether a half die follows, for `hits` hits of a pool. */
function diceFor(pool: DamagePool, hits: number): { full: number; half: boolean } {
  if (hits === 0) return { full: 0, half: false };
  if (pool.isOneDieTotal) return { full: 1, half: false };
  const halves = hits * pool.halvesPerHit;
  return { full: Math.floor(halves / 2), half: halves % 2 === 1 };
}

/** Face weights of a half die of `sides` (ceil(face/2)), indexed by value. */
function halfDieCounts(sides: number): number[] {
  const c = new Array<number>(Math.ceil(sides / 2) + 1).fill(0);
  for (let f = 1; f <= sides; f++) c[Math.ceil(f / 2)]++;
  return c;
}

// ---------------------------------------------------------------------------------------------
// Floating point with an error bound. Unit roundoff u = 2^-53; γ(n) = n·u / (1 − n·u) bounds the
// relative error of a sum of n non-negative terms. An array holds the chances of the values
// lo, lo+1, …; `err` bounds |computed − exact| of every entry at once (max norm) and `l1` the
// total of the chances dropped as negligible (each below TINY) — convolving with a distribution
// (mass ≤ 1.01) enlarges neither by more than that factor.

const U = 2 ** -53;
const gamma = (n: number) => (n * U) / (1 - n * U);
/** Chances below this are dropped from the ends of a sum (its tails are ~13 deviations out). */
const TINY = 1e-40;

interface Approx {
  p: Float64Array;
  lo: number;
  err: number;
  l1: number;
}

/** Drops the ends of `out` below TINY, counting what they held into the L1 error. */
function trimmed(out: Float64Array, lo: number, err: number, l1: number): Approx {
  let i = 0;
  let j = out.length - 1;
  while (i < j && out[i] < TINY) i++;
  while (j > i && out[j] < TINY) j--;
  const dropped = (i + (out.length - 1 - j)) * TINY;
  return {
    p: i === 0 && j === out.length - 1 ? out : out.subarray(i, j + 1),
    lo: lo + i,
    err,
    l1: l1 + dropped
  };
}

/** Adds one fair die 1..s: a running window of the last s chances, divided by s. */
function addDie(a: Approx, s: number, into: Float64Array): Approx {
  const n = a.p.length;
  const p = a.p;
  const out = into.subarray(0, n + s - 1);
  const inv = 1 / s;
  let w = 0;
  for (let x = 0; x < n + s - 1; x++) {
    if (x < n) w += p[x];
    if (x >= s) w -= p[x - s];
    out[x] = w * inv;
  }
  // Each step of the window adds at most 2u·(|w| + |p|) ≤ 4.04u (mass ≤ 1.01), so after n + s
  // steps the window is within 4.04u·(n + s) of the exact sum; the product by 1/s (within one
  // rounding) shrinks that and rounds once more. Averaging carries the input's error over.
  const err = a.err + 4.04 * U * (n + s) * inv * (1 + 2 * U) + 2 * U;
  return trimmed(out, a.lo + 1, err, a.l1);
}

/** General convolution of two chance arrays (sums of non-negative products). */
function convolveApprox(a: Approx, b: Approx): Approx {
  const [big, small] = a.p.length >= b.p.length ? [a, b] : [b, a];
  const out = new Float64Array(big.p.length + small.p.length - 1);
  for (let j = 0; j < small.p.length; j++) {
    const w = small.p[j];
    if (w === 0) continue;
    for (let i = 0; i < big.p.length; i++) out[i + j] += big.p[i] * w;
  }
  const err = 1.01 * (a.err + b.err + a.err * b.l1) + gamma(small.p.length + 1);
  return { p: out, lo: a.lo + b.lo, err, l1: 1.01 * (a.l1 + b.l1) + a.l1 * b.l1 };
}

/** The chances of each hit count of a pool, from the exact binomial (each within one rounding). */
function hitChances(plan: FirePlan, pool: DamagePool): number[] {
  const d = binomial(pool.rolls, { n: BigInt(plan.hitFaces), d: 100n });
  return Array.from({ length: pool.rolls + 1 }, (_, h) => toNumber(d.prob(h)));
}

const unit = (): Approx => ({ p: Float64Array.of(1), lo: 0, err: 0, l1: 0 });

function poolApprox(plan: FirePlan, pool: DamagePool, tick: (work: number) => void): Approx {
  const q = hitChances(plan, pool);
  const most = diceFor(pool, pool.rolls);
  const mix = new Float64Array((most.full + (most.half ? 1 : 0)) * pool.sides + 1);
  let err = 0;
  let l1 = 0;
  let cur = unit();
  let full = 0;
  // Two buffers in turn: each die's sum is written over the one before last (no garbage).
  const buffers = [
    new Float64Array(mix.length + pool.sides),
    new Float64Array(mix.length + pool.sides)
  ];
  const half: Approx = {
    p: Float64Array.from(halfDieCounts(pool.sides), (c) => c / pool.sides),
    lo: 0,
    err: U,
    l1: 0
  };
  for (let h = 0; h <= pool.rolls; h++) {
    const want = diceFor(pool, h);
    while (full < want.full) {
      cur = addDie(cur, pool.sides, buffers[full % 2]);
      full++;
      tick(full * pool.sides);
    }
    if (q[h] === 0) continue;
    const d = want.half ? convolveApprox(cur, half) : cur;
    for (let i = 0; i < d.p.length; i++) mix[d.lo + i] += q[h] * d.p[i];
    err = Math.max(err, d.err);
    l1 = Math.max(l1, d.l1);
  }
  // Σ q_h · d_h[x]: the parts' errors weighted by Σ q ≤ 1.01, q's own rounding, the sum's.
  return { p: mix, lo: 0, err: 1.01 * err + gamma(pool.rolls + 3), l1: 1.01 * l1 };
}

export interface BoundedDamage {
  /** Chance of each damage value 0..n−1 (floating point). */
  p: Float64Array;
  /** Every entry of `p` is within this of the exact chance. */
  maxError: number;
  /** A sum of any entries of `p` is within (entries × `entryError`) + `l1Error` of the exact. */
  entryError: number;
  l1Error: number;
}

/** Up to this work (damageWork) the exact damage odds are worked out at once, on the page
 *  (about 50 ms on a phone); above it in a worker: bounded chances first, then exact ones. */
export const MAIN_THREAD_WORK = 20_000;

/** Work units of `boundedDamage` and `exactDamageSteps` for a plan (dice added × their sides). */
export function damageWork(plan: FirePlan): number {
  let work = 0;
  for (const pool of damagePools(plan)) {
    const { full } = diceFor(pool, pool.rolls);
    work += (full * (full + 1) * pool.sides) / 2;
  }
  return work;
}

function progress(plan: FirePlan, onProgress: (done: number) => void) {
  const total = Math.max(1, damageWork(plan));
  let done = 0;
  return (w: number) => {
    done += w;
    onProgress(Math.min(1, done / total));
  };
}

/** The damage distribution of a plan in floating point, each chance within `maxError`. */
export function boundedDamage(
  plan: FirePlan,
  onProgress: (done: number) => void = () => {}
): BoundedDamage {
  const tick = progress(plan, onProgress);
  let acc = unit();
  for (const pool of damagePools(plan)) acc = convolveApprox(acc, poolApprox(plan, pool, tick));
  const p = new Float64Array(acc.lo + acc.p.length);
  p.set(acc.p, acc.lo);
  onProgress(1);
  return { p, maxError: acc.err + acc.l1, entryError: acc.err, l1Error: acc.l1 };
}

/** Bounds on P(D ≥ x) from bounded chances: the computed sum ± the entries' errors and its own. */
export function atLeastBounds(b: BoundedDamage, x: number): { lo: number; hi: number } {
  let s = 0;
  const from = Math.max(0, Math.ceil(x));
  for (let i = from; i < b.p.length; i++) s += b.p[i];
  const n = Math.max(0, b.p.length - from);
  const e = n * b.entryError * (1 + gamma(n)) + b.l1Error + gamma(n) * s;
  return { lo: Math.max(0, s - e), hi: Math.min(1, s + e) };
}

/** Bounded chances ready for the screen: whole weights in units of 2^-40 (exact in a double),
 *  the mean, and one bound that holds for every figure shown — a value's chance, a range's, a tail's
 *  ("chance of sinking") — counting the rounding to 2^-40 too. Cheap to post from a worker. */
export interface DisplayDamage {
  values: Int32Array;
  weights: Float64Array;
  mean: { n: bigint; d: bigint };
  figureError: number;
}

const DISPLAY_UNIT = 2 ** 40;

export function boundedForDisplay(b: BoundedDamage): DisplayDamage {
  const values: number[] = [];
  const weights: number[] = [];
  let acc = 0n;
  let total = 0n;
  for (let x = 0; x < b.p.length; x++) {
    const w = Math.round(b.p[x] * DISPLAY_UNIT);
    if (w <= 0) continue;
    values.push(x);
    weights.push(w);
    acc += BigInt(x) * BigInt(w);
    total += BigInt(w);
  }
  if (values.length === 0) return boundedForDisplay({ ...b, p: Float64Array.of(1) });
  const n = b.p.length;
  // A sum of up to n entries: their errors, the dropped ends, each entry's rounding to 2^-40, and
  // the renormalisation by the total (itself within the same bound of 1).
  const e = n * b.entryError * (1 + gamma(n)) + b.l1Error + n / DISPLAY_UNIT / 2;
  return {
    values: Int32Array.from(values),
    weights: Float64Array.from(weights),
    mean: { n: acc, d: total },
    figureError: 2 * e + gamma(n)
  };
}

/** The display weights as a Dist, for the charts and tables. */
export function displayDist(d: Pick<DisplayDamage, 'values' | 'weights'>): Dist<number> {
  const pairs: [number, bigint][] = [];
  for (let i = 0; i < d.values.length; i++) pairs.push([d.values[i], BigInt(d.weights[i])]);
  return Dist.of(pairs);
}

// ---------------------------------------------------------------------------------------------
// Exact, one die at a time: counts of face tuples in BigInt, the pools' mixtures over a common
// denominator. The same numbers as `damageDist`, in steps a worker can report and abandon.

function poolExact(plan: FirePlan, pool: DamagePool, tick: (work: number) => void): Dist<number> {
  const a = BigInt(plan.hitFaces);
  const b = 100n - a;
  const s = BigInt(pool.sides);
  const most = diceFor(pool, pool.rolls);
  const maxDice = most.full + (most.half ? 1 : 0);
  const halfC = halfDieCounts(pool.sides).map(BigInt);
  const mix = new Array<bigint>(maxDice * pool.sides + 1).fill(0n);
  let cur: bigint[] = [1n];
  let full = 0;
  let choose = 1n;
  for (let h = 0; h <= pool.rolls; h++) {
    const want = diceFor(pool, h);
    while (full < want.full) {
      const next = new Array<bigint>(cur.length + pool.sides).fill(0n);
      let window = 0n;
      for (let x = 1; x < next.length; x++) {
        if (x - 1 < cur.length) window += cur[x - 1];
        if (x - 1 - pool.sides >= 0) window -= cur[x - 1 - pool.sides];
        next[x] = window;
      }
      cur = next;
      full++;
      tick(full * pool.sides);
    }
    let d = cur;
    if (want.half) {
      d = new Array<bigint>(cur.length + halfC.length - 1).fill(0n);
      for (let j = 0; j < halfC.length; j++)
        if (halfC[j] > 0n) for (let i = 0; i < cur.length; i++) d[i + j] += cur[i] * halfC[j];
    }
    const dice = want.full + (want.half ? 1 : 0);
    const w = choose * a ** BigInt(h) * b ** BigInt(pool.rolls - h) * s ** BigInt(maxDice - dice);
    if (w > 0n) for (let x = 0; x < d.length; x++) if (d[x] > 0n) mix[x] += w * d[x];
    choose = (choose * BigInt(pool.rolls - h)) / BigInt(h + 1);
  }
  return Dist.of(mix.map((w, x) => [x, w] as const));
}

/** The exact damage distribution (equal to `damageDist`), reporting progress 0..1 as it goes. */
export function exactDamageSteps(
  plan: FirePlan,
  onProgress: (done: number) => void = () => {}
): Dist<number> {
  const tick = progress(plan, onProgress);
  let acc: Dist<number> = Dist.constant(0);
  for (const pool of damagePools(plan)) {
    acc = convolve(acc, poolExact(plan, pool, tick));
  }
  return acc;
}

/**
 * The plan whose damage distribution is the damage once the hits are known (after the percentile
 * rolls): each battery fires exactly its hits, each hitting for certain. So the damage step's odds
 * go through the same paths as the attack's (exact at once when small, else bounded first and exact
 * in a worker) and never freeze the page at the schema's maximum (issue 17 #10: 20 hits of 50d100
 * took seconds to sum exactly on the main thread).
 */
export function givenHitsPlan(plan: FirePlan, hitsPerBattery: readonly number[]): FirePlan {
  const batteries = plan.batteries.map((b, i) => ({ ...b, rolls: hitsPerBattery[i] ?? 0 }));
  return {
    ...plan,
    basePercent: 100,
    modifiers: [],
    needed: { n: 100n, d: 1n },
    hitFaces: 100,
    batteries,
    totalRolls: batteries.reduce((s, b) => s + b.rolls, 0)
  };
}
