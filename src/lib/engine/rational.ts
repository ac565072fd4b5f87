/**
 * Exact fractions over bigint. Every probability the app displays is exact (SPEC 0.2), so odds are
 * carried as reduced fractions and only converted to a float for display.
 */
export interface Rational {
  /** Numerator (sign carried here). */
  readonly n: bigint;
  /** Denominator, always > 0n; the fraction is always reduced. */
  readonly d: bigint;
}

export function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

function make(n: bigint, d: bigint): Rational {
  if (d === 0n) throw new RangeError('Rational: zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g === 1n ? { n, d } : { n: n / g, d: d / g };
}

function toBig(x: bigint | number, what: string): bigint {
  if (typeof x === 'bigint') return x;
  if (!Number.isSafeInteger(x))
    throw new RangeError(`Rational: ${what} must be a safe integer, got ${x}`);
  return BigInt(x);
}

export const ZERO: Rational = Object.freeze({ n: 0n, d: 1n });
export const ONE: Rational = Object.freeze({ n: 1n, d: 1n });

/** `rational(3, 4)` = 3/4. Integers only (floats are rejected: they are not exact). */
export function rational(n: bigint | number, d: bigint | number = 1n): Rational {
  return make(toBig(n, 'numerator'), toBig(d, 'denominator'));
}

export function add(a: Rational, b: Rational): Rational {
  if (a.d === b.d) return make(a.n + b.n, a.d);
  return make(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function sub(a: Rational, b: Rational): Rational {
  if (a.d === b.d) return make(a.n - b.n, a.d);
  return make(a.n * b.d - b.n * a.d, a.d * b.d);
}

export function mul(a: Rational, b: Rational): Rational {
  return make(a.n * b.n, a.d * b.d);
}

export function div(a: Rational, b: Rational): Rational {
  if (b.n === 0n) throw new RangeError('Rational: division by zero');
  return make(a.n * b.d, a.d * b.n);
}

export function neg(a: Rational): Rational {
  return { n: -a.n, d: a.d };
}

/** 1 − p, the complement of a probability. */
export function complement(p: Rational): Rational {
  return { n: p.d - p.n, d: p.d };
}

export function sum(xs: readonly Rational[]): Rational {
  let acc = ZERO;
  for (const x of xs) acc = add(acc, x);
  return acc;
}

/** a^k for an integer k >= 0. */
export function pow(a: Rational, k: number): Rational {
  if (!Number.isInteger(k) || k < 0)
    throw new RangeError('Rational.pow: k must be an integer >= 0');
  const e = BigInt(k);
  return { n: a.n ** e, d: a.d ** e };
}

export function compare(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

export function equals(a: Rational, b: Rational): boolean {
  return a.n === b.n && a.d === b.d;
}

export function isZero(a: Rational): boolean {
  return a.n === 0n;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Nearest double (also for huge n and d, e.g. long exact chains, where Number(n) would overflow). */
export function toNumber(r: Rational): number {
  const { n, d } = r;
  if (n === 0n) return 0;
  const isNeg = n < 0n;
  const an = isNeg ? -n : n;
  // Both exact as doubles: one correctly rounded division.
  if (an <= MAX_SAFE && d <= MAX_SAFE) return Number(n) / Number(d);
  // Otherwise take a 64-bit quotient q with an/d ≈ q · 2^-shift (relative error < 2^-63).
  const shift = bitLength(d) - bitLength(an) + 64;
  const q = shift >= 0 ? (an << BigInt(shift)) / d : an / (d << BigInt(-shift));
  // Two factors so that 2^-shift cannot underflow on its own.
  const half = Math.trunc(shift / 2);
  const v = Number(q) * 2 ** -half * 2 ** -(shift - half);
  return isNeg ? -v : v;
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(16).length * 4;
}

/** "3805/7776", "1", "0", "-1/2". */
export function formatFraction(r: Rational): string {
  return r.d === 1n ? r.n.toString() : `${r.n}/${r.d}`;
}

/**
 * "48.9%" with `digits` decimals (default 1), rounded half up from the exact value, so 1/8 gives
 * "12.5%" and a probability that is not exactly 0 or 1 never prints as the other by float error.
 */
export function formatPercent(r: Rational, digits = 1): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError('formatPercent: digits must be an integer 0..20');
  }
  const scale = 10n ** BigInt(digits);
  const neg = r.n < 0n;
  const an = neg ? -r.n : r.n;
  // round(an/d · 100 · scale) half up, exactly.
  const scaled = (an * 100n * scale * 2n + r.d) / (2n * r.d);
  const intPart = scaled / scale;
  const frac = scaled % scale;
  const body =
    digits === 0 ? intPart.toString() : `${intPart}.${frac.toString().padStart(digits, '0')}`;
  return `${neg && scaled !== 0n ? '-' : ''}${body}%`;
}
