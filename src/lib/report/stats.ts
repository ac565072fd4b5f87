/**
 * The numerics of the luck audit, in plain floating point (the figures are shown to whole percents):
 * the exact distribution of a sum of fair dice by convolution, its tails, and the chi-square
 * survival function for the fairness check of typed-in dice.
 */

/** P(sum = lo + i) for the sum of fair dice with these side counts; `lo` is the smallest sum. */
export function sumDistribution(sides: readonly number[]): { lo: number; p: Float64Array } {
  let p = new Float64Array([1]);
  for (const s of sides) {
    const next = new Float64Array(p.length + s - 1);
    const w = 1 / s;
    for (let i = 0; i < p.length; i++) {
      const pi = p[i] * w;
      if (pi === 0) continue;
      for (let f = 0; f < s; f++) next[i + f] += pi;
    }
    p = next;
  }
  return { lo: sides.length, p };
}

/**
 * Convolution steps (support × sides) past which the tails come from the normal approximation: a
 * long battle's thousands of dice sum over tens of thousands of values, and with that many dice the
 * central limit is far closer than the whole percent the report shows.
 */
export const EXACT_WORK_LIMIT = 4_000_000;

function convolutionWork(sides: readonly number[]): number {
  let support = 1;
  let work = 0;
  for (const s of sides) {
    work += support * s;
    support += s - 1;
  }
  return work;
}

/** P(Z ≥ z) for a standard normal Z. erfc(x) = Q(1/2, x²) for x ≥ 0. */
export function normalUpper(z: number): number {
  const x = z / Math.SQRT2;
  const erfc = x >= 0 ? gammaQ(0.5, x * x) : 2 - gammaQ(0.5, x * x);
  return erfc / 2;
}

/** P(S ≥ s) and P(S ≤ s) for the sum of these dice (exact by convolution, or the normal limit). */
export function sumTails(sides: readonly number[], s: number): { atLeast: number; atMost: number } {
  if (convolutionWork(sides) > EXACT_WORK_LIMIT) {
    const mean = sides.reduce((n, k) => n + (k + 1) / 2, 0);
    const sd = Math.sqrt(sides.reduce((n, k) => n + (k * k - 1) / 12, 0));
    // Continuity correction: the sum takes whole values.
    return {
      atLeast: normalUpper((s - 0.5 - mean) / sd),
      atMost: 1 - normalUpper((s + 0.5 - mean) / sd)
    };
  }
  const { lo, p } = sumDistribution(sides);
  let atLeast = 0;
  let atMost = 0;
  for (let i = 0; i < p.length; i++) {
    const v = lo + i;
    if (v >= s) atLeast += p[i];
    if (v <= s) atMost += p[i];
  }
  return { atLeast: Math.min(1, atLeast), atMost: Math.min(1, atMost) };
}

// Lanczos approximation (g = 7, n = 9), accurate to ~15 significant digits for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7
];

export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a) (series or continued fraction). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - gammaPSeries(a, x);
  return gammaQContinuedFraction(a, x);
}

function gammaPSeries(a: number, x: number): number {
  let sum = 1 / a;
  let term = sum;
  for (let n = 1; n < 1000; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

// Modified Lentz's method for the continued fraction of Γ(a, x).
function gammaQContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** P(χ² with `df` degrees of freedom ≥ x): the p-value of a chi-square statistic. */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  return Math.min(1, Math.max(0, gammaQ(df / 2, x / 2)));
}
