/**
 * Exact finite probability distributions: integer weights over a bigint total. Every odds figure the
 * app shows is built from these (SPEC 0.2: "Every probability the app displays is computed exactly").
 */
import { gcd, rational, type Rational } from './rational';

export type DistValue = number | string | boolean;

export interface DistEntry<T> {
  value: T;
  weight: bigint;
  p: Rational;
}

function lcm(a: bigint, b: bigint): bigint {
  return (a / gcd(a, b)) * b;
}

export class Dist<T extends DistValue = number> {
  /** Sum of all weights; P(v) = weight(v) / total. Always > 0n. */
  readonly total: bigint;
  readonly #weights: Map<T, bigint>;

  private constructor(weights: Map<T, bigint>, total: bigint) {
    this.#weights = weights;
    this.total = total;
  }

  /** Internal constructor: drops zero weights, optionally divides out the common factor. */
  static #build<T extends DistValue>(weights: Map<T, bigint>, shouldReduce: boolean): Dist<T> {
    let total = 0n;
    let g = 0n;
    for (const [v, w] of weights) {
      if (w < 0n) throw new RangeError(`Dist: negative weight for ${String(v)}`);
      if (w === 0n) {
        weights.delete(v);
        continue;
      }
      total += w;
      if (shouldReduce && g !== 1n) g = gcd(g, w);
    }
    if (total === 0n)
      throw new RangeError('Dist: a distribution needs at least one positive weight');
    if (shouldReduce && g > 1n) {
      for (const [v, w] of weights) weights.set(v, w / g);
      total /= g;
    }
    return new Dist(weights, total);
  }

  /** From (value, weight) pairs; equal values merge, zero weights are dropped. */
  static of<T extends DistValue>(pairs: Iterable<readonly [T, bigint]>): Dist<T> {
    const m = new Map<T, bigint>();
    for (const [v, w] of pairs) m.set(v, (m.get(v) ?? 0n) + w);
    return Dist.#build(m, false);
  }

  static uniform<T extends DistValue>(values: readonly T[]): Dist<T> {
    return Dist.of(values.map((v) => [v, 1n] as const));
  }

  static constant<T extends DistValue>(value: T): Dist<T> {
    return new Dist(new Map([[value, 1n]]), 1n);
  }

  /** A fair dN: faces 1..sides, weight 1 each (SPEC 0.2). */
  static die(sides: number): Dist<number> {
    if (!Number.isInteger(sides) || sides < 1) throw new RangeError(`Dist.die: bad sides ${sides}`);
    const m = new Map<number, bigint>();
    for (let f = 1; f <= sides; f++) m.set(f, 1n);
    return new Dist(m, BigInt(sides));
  }

  static bernoulli(p: Rational): Dist<boolean> {
    if (p.n < 0n || p.n > p.d) throw new RangeError('Dist.bernoulli: p must be in [0, 1]');
    return Dist.#build(
      new Map([
        [true, p.n],
        [false, p.d - p.n]
      ]),
      false
    );
  }

  /** Number of distinct values with positive probability. */
  get size(): number {
    return this.#weights.size;
  }

  weight(v: T): bigint {
    return this.#weights.get(v) ?? 0n;
  }

  prob(v: T): Rational {
    return rational(this.weight(v), this.total);
  }

  probWhere(pred: (v: T) => boolean): Rational {
    let w = 0n;
    for (const [v, x] of this.#weights) if (pred(v)) w += x;
    return rational(w, this.total);
  }

  /** Numbers ascending; other values in first-seen order. */
  entries(): DistEntry<T>[] {
    return this.#pairs().map(([value, weight]) => ({
      value,
      weight,
      p: rational(weight, this.total)
    }));
  }

  values(): T[] {
    return this.#pairs().map(([v]) => v);
  }

  /** Raw (value, weight) pairs in display order, without building rationals. */
  pairs(): [T, bigint][] {
    return this.#pairs();
  }

  #pairs(): [T, bigint][] {
    const out = [...this.#weights];
    if (out.every(([v]) => typeof v === 'number')) {
      out.sort((a, b) => (a[0] as number) - (b[0] as number));
    }
    return out;
  }

  map<U extends DistValue>(f: (v: T) => U): Dist<U> {
    const m = new Map<U, bigint>();
    for (const [v, w] of this.#weights) {
      const u = f(v);
      m.set(u, (m.get(u) ?? 0n) + w);
    }
    return new Dist(m, this.total);
  }

  /** Exact mixture: pick v from this, then a value from f(v). */
  flatMap<U extends DistValue>(f: (v: T) => Dist<U>): Dist<U> {
    const inner: [bigint, Dist<U>][] = [];
    let l = 1n;
    for (const [v, w] of this.#weights) {
      const d = f(v);
      inner.push([w, d]);
      l = lcm(l, d.total);
    }
    const m = new Map<U, bigint>();
    for (const [w, d] of inner) {
      const scale = w * (l / d.total);
      for (const [u, x] of d.#weights) m.set(u, (m.get(u) ?? 0n) + scale * x);
    }
    return Dist.#build(m, true);
  }

  /** Independent product: f applied to every pair (a from this, b from other). */
  combine<U extends DistValue, V extends DistValue>(other: Dist<U>, f: (a: T, b: U) => V): Dist<V> {
    const m = new Map<V, bigint>();
    for (const [a, wa] of this.#weights) {
      for (const [b, wb] of other.#weights) {
        const v = f(a, b);
        m.set(v, (m.get(v) ?? 0n) + wa * wb);
      }
    }
    return new Dist(m, this.total * other.total);
  }

  /** The same distribution with weights divided by their common factor (total as small as possible). */
  reduced(): Dist<T> {
    return Dist.#build(new Map(this.#weights), true);
  }
}

// ---------------------------------------------------------------------------------------------
// Numeric helpers

/** Dense form of an integer-valued distribution: weights[i] is the weight of lo + i. */
interface Dense {
  lo: number;
  weights: bigint[];
}

/** Largest value span handled with dense arrays (beyond it, sparse maps are used). */
const DENSE_SPAN_LIMIT = 1_000_000;

function toDense(d: Dist<number>): Dense | undefined {
  const pairs = d.pairs();
  const lo = pairs[0][0];
  const hi = pairs[pairs.length - 1][0];
  // Dense only when the values are integers packed closely enough (sparse values stay in maps).
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi - lo > DENSE_SPAN_LIMIT)
    return undefined;
  if (hi - lo > 4 * pairs.length + 64) return undefined;
  if (!pairs.every(([v]) => Number.isInteger(v))) return undefined;
  const weights = new Array<bigint>(hi - lo + 1).fill(0n);
  for (const [v, w] of pairs) weights[v - lo] = w;
  return { lo, weights };
}

function fromDense(x: Dense): Dist<number> {
  const pairs: [number, bigint][] = [];
  x.weights.forEach((w, i) => {
    if (w !== 0n) pairs.push([x.lo + i, w]);
  });
  return Dist.of(pairs);
}

function convolveDense(a: Dense, b: Dense): Dense {
  const out = new Array<bigint>(a.weights.length + b.weights.length - 1).fill(0n);
  const bw = b.weights;
  a.weights.forEach((wa, i) => {
    if (wa === 0n) return;
    for (let j = 0; j < bw.length; j++) {
      const wb = bw[j];
      if (wb !== 0n) out[i + j] += wa * wb;
    }
  });
  return { lo: a.lo + b.lo, weights: out };
}

/** Distribution of the sum of two independent numeric variables. */
export function convolve(a: Dist<number>, b: Dist<number>): Dist<number> {
  const da = toDense(a);
  const db = toDense(b);
  if (da && db) return fromDense(convolveDense(da, db));
  return a.combine(b, (x, y) => x + y);
}

/**
 * If `d` is a fair die shifted by a constant (values lo..hi consecutive, equal weights), its `lo`
 * and span; the k-fold sum of such dice is then computed with a running window in O(k² · span).
 */
function uniformRun(d: Dist<number>): { lo: number; span: number } | undefined {
  const pairs = d.pairs();
  const lo = pairs[0][0];
  const w0 = pairs[0][1];
  if (!Number.isInteger(lo)) return undefined;
  for (let i = 0; i < pairs.length; i++) {
    if (pairs[i][0] !== lo + i || pairs[i][1] !== w0) return undefined;
  }
  return { lo, span: pairs.length };
}

function sumUniform(k: number, lo: number, span: number): Dist<number> {
  // c[x] = number of k-tuples of faces 0..span-1 summing to x; built one die at a time.
  let c: bigint[] = [1n];
  for (let n = 1; n <= k; n++) {
    const next = new Array<bigint>(c.length + span - 1);
    let window = 0n;
    for (let x = 0; x < next.length; x++) {
      if (x < c.length) window += c[x];
      if (x - span >= 0) window -= c[x - span];
      next[x] = window;
    }
    c = next;
  }
  return fromDense({ lo: lo * k, weights: c });
}

/** The k-fold sum of independent copies of `d` (kdN); k = 0 gives the constant 0. */
export function sumOf(k: number, d: Dist<number>): Dist<number> {
  if (!Number.isInteger(k) || k < 0)
    throw new RangeError(`sumOf: k must be an integer >= 0, got ${k}`);
  if (k === 0) return Dist.constant(0);
  if (k === 1) return d;
  const run = uniformRun(d);
  if (run) return sumUniform(k, run.lo, run.span);
  // Repeated squaring: O(log k) convolutions.
  let result: Dist<number> | undefined;
  let base = d;
  let e = k;
  while (e > 0) {
    if (e & 1) result = result ? convolve(result, base) : base;
    e >>= 1;
    if (e > 0) base = convolve(base, base);
  }
  return result ?? Dist.constant(0);
}

/** d + k, e.g. d8+2 (Wooden Warships Crack crew, SPEC B.3.3). */
export function plus(d: Dist<number>, k: number): Dist<number> {
  return d.map((v) => v + k);
}

/**
 * Half die: ceil(face / 2) of a dN ("on a half die 1 and [2] = 1, 3 and 4 = 2, and 5 and 6 = 3",
 * Wooden Warships, SPEC B.3.6 and B.5 #2, generalised to any N as [DEFAULT]).
 */
export function halfDie(sides: number): Dist<number> {
  return Dist.die(sides).map((f) => Math.ceil(f / 2));
}

/** Cumulative weights at each value, ascending. */
function cumulative(d: Dist<number>): { v: number; below: bigint; upTo: bigint }[] {
  let acc = 0n;
  return d.pairs().map(([v, w]) => {
    const below = acc;
    acc += w;
    return { v, below, upTo: acc };
  });
}

/** Highest of k independent copies of d (k >= 1). */
export function highestOf(k: number, d: Dist<number>): Dist<number> {
  checkCount(k, 'highestOf');
  const e = BigInt(k);
  return Dist.of(cumulative(d).map(({ v, below, upTo }) => [v, upTo ** e - below ** e] as const));
}

/** Lowest of k independent copies of d (k >= 1). */
export function lowestOf(k: number, d: Dist<number>): Dist<number> {
  checkCount(k, 'lowestOf');
  const e = BigInt(k);
  const t = d.total;
  return Dist.of(
    cumulative(d).map(({ v, below, upTo }) => [v, (t - below) ** e - (t - upTo) ** e] as const)
  );
}

function checkCount(k: number, fn: string): void {
  if (!Number.isInteger(k) || k < 1)
    throw new RangeError(`${fn}: k must be an integer >= 1, got ${k}`);
}

/** Number of successes in n independent trials of probability p. */
export function binomial(n: number, p: Rational): Dist<number> {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`binomial: bad n ${n}`);
  if (p.n < 0n || p.n > p.d) throw new RangeError('binomial: p must be in [0, 1]');
  const q = p.d - p.n;
  const pairs: [number, bigint][] = [];
  let c = 1n; // C(n, k)
  for (let k = 0; k <= n; k++) {
    pairs.push([k, c * p.n ** BigInt(k) * q ** BigInt(n - k)]);
    c = (c * BigInt(n - k)) / BigInt(k + 1);
  }
  return Dist.of(pairs);
}

export function mean(d: Dist<number>): Rational {
  // Values may be short decimals (e.g. 0.5 deck weights, SPEC B.4.6); scale them to integers
  // exactly, reading the number of decimals from the shortest decimal form of each value.
  let decimals = 0;
  for (const v of d.values()) {
    if (Number.isInteger(v)) continue;
    const m = /^-?\d+\.(\d{1,12})$/.exec(String(v));
    if (!m) throw new RangeError(`mean: ${v} is not an integer or a short decimal`);
    decimals = Math.max(decimals, m[1].length);
  }
  const scale = 10 ** decimals;
  let acc = 0n;
  for (const [v, w] of d.pairs()) acc += BigInt(Math.round(v * scale)) * w;
  return rational(acc, d.total * BigInt(scale));
}

/** Variance, exact (integer values only). */
export function variance(d: Dist<number>): Rational {
  let s1 = 0n;
  let s2 = 0n;
  for (const [v, w] of d.pairs()) {
    if (!Number.isInteger(v)) throw new RangeError('variance: integer values only');
    const b = BigInt(v);
    s1 += b * w;
    s2 += b * b * w;
  }
  const t = d.total;
  return rational(s2 * t - s1 * s1, t * t);
}

/** P(X >= x). */
export function atLeast(d: Dist<number>, x: number): Rational {
  return d.probWhere((v) => v >= x);
}

/** P(X <= x). */
export function atMost(d: Dist<number>, x: number): Rational {
  return d.probWhere((v) => v <= x);
}
