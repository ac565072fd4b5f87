import type { Dist } from '$lib/engine/dist';
import { ZERO, compare, rational, toNumber, type Rational } from '$lib/engine/rational';

export interface ChartEntry {
  value: number;
  /** Last value of a range (inclusive) when values are grouped; absent for a single value. */
  to?: number;
  p: Rational;
}

export interface Bar {
  value: number;
  to?: number;
  p: Rational;
  /** Left edge and width in viewBox units. */
  x: number;
  width: number;
  /** Top edge and height in viewBox units (the baseline is at `plotHeight`). */
  y: number;
  height: number;
}

export interface Tick {
  value: number;
  /** Centre of the value's bar. */
  x: number;
}

export interface ChartLayout {
  bars: Bar[];
  ticks: Tick[];
  /** The most likely value(s), for the summary read to screen readers. */
  modes: number[];
  maxP: Rational;
}

export interface ChartOptions {
  width: number;
  plotHeight: number;
  /** Fraction of each slot left empty between bars. */
  gapRatio?: number;
  /** At most this many value labels under the axis. */
  maxTicks?: number;
  /** Height given to any possible value, so a 1-in-7776 outcome is visible and differs from none. */
  minBarHeight?: number;
}

/** Fill the integers between values with zero bars while the range stays this small (e.g. 2d6×2). */
const MAX_FILLED_SPAN = 120;
const TICK_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000] as const;

/**
 * Lays out a bar chart of a distribution over numbers: one slot per integer from the lowest to the
 * highest value (gaps shown as empty slots, so the shape is honest), bars scaled so the most likely
 * value fills the plot height, and round-number tick labels thinned to fit.
 */
export function layoutBars(entries: readonly ChartEntry[], opts: ChartOptions): ChartLayout {
  const { width, plotHeight, gapRatio = 0.15, maxTicks = 12, minBarHeight = 1 } = opts;
  const sorted = [...entries].sort((a, b) => a.value - b.value);
  if (sorted.length === 0) return { bars: [], ticks: [], modes: [], maxP: ZERO };

  const lo = sorted[0].value;
  const hi = sorted[sorted.length - 1].value;
  const isIntegerRange = sorted.every((e) => Number.isInteger(e.value));
  const isGrouped = sorted.some((e) => e.to !== undefined);
  const slots: ChartEntry[] =
    !isGrouped && isIntegerRange && hi - lo + 1 <= MAX_FILLED_SPAN
      ? fillGaps(sorted, lo, hi)
      : sorted;

  let maxP: Rational = ZERO;
  for (const e of slots) if (compare(e.p, maxP) > 0) maxP = e.p;
  const maxNum = toNumber(maxP);

  const slotWidth = width / slots.length;
  const barWidth = slotWidth * (1 - gapRatio);
  const bars: Bar[] = slots.map((e, i) => {
    const isPossible = e.p.n !== 0n;
    const scaled = maxNum > 0 ? (toNumber(e.p) / maxNum) * plotHeight : 0;
    const height = isPossible ? Math.max(scaled, minBarHeight) : 0;
    return {
      value: e.value,
      ...(e.to === undefined ? {} : { to: e.to }),
      p: e.p,
      x: i * slotWidth + (slotWidth - barWidth) / 2,
      width: barWidth,
      y: plotHeight - height,
      height
    };
  });

  const step = tickStep(slots.length, maxTicks);
  const ticks: Tick[] = bars
    .filter((b, i) => (slots === sorted ? i % step === 0 : b.value % step === 0))
    .map((b) => ({ value: b.value, x: b.x + b.width / 2 }));

  const modes = slots.filter((e) => e.p.n !== 0n && compare(e.p, maxP) === 0).map((e) => e.value);
  return { bars, ticks, modes, maxP };
}

function fillGaps(sorted: readonly ChartEntry[], lo: number, hi: number): ChartEntry[] {
  const byValue = new Map(sorted.map((e) => [e.value, e.p]));
  const out: ChartEntry[] = [];
  for (let v = lo; v <= hi; v++) out.push({ value: v, p: byValue.get(v) ?? ZERO });
  return out;
}

/** The smallest round step that keeps the number of labels within `maxTicks`. */
export function tickStep(slotCount: number, maxTicks: number): number {
  for (const s of TICK_STEPS) if (Math.ceil(slotCount / s) <= maxTicks) return s;
  return Math.ceil(slotCount / maxTicks);
}

/** Lowest and highest value, the most likely value(s) and their chance, from the raw weights. */
export function distShape(dist: Dist<number>): {
  lo: number;
  hi: number;
  modes: number[];
  maxP: Rational;
} {
  const pairs = dist.pairs();
  let maxW = 0n;
  for (const [, w] of pairs) if (w > maxW) maxW = w;
  return {
    lo: pairs[0][0],
    hi: pairs[pairs.length - 1][0],
    modes: pairs.filter(([, w]) => w === maxW).map(([v]) => v),
    maxP: rational(maxW, dist.total)
  };
}

/**
 * Groups a distribution with too many values to draw (100d100 has 9,901) into consecutive ranges of
 * a round width, at most `maxBins` of them, each with its exact chance. Works on the integer weights,
 * so it stays fast where building a fraction per value would not.
 */
export function binDist(dist: Dist<number>, maxBins: number): ChartEntry[] {
  const pairs = dist.pairs();
  const lo = pairs[0][0];
  const hi = pairs[pairs.length - 1][0];
  const width = tickStep(hi - lo + 1, Math.max(1, maxBins - 1));
  const start = Math.floor(lo / width) * width;
  const count = Math.floor((hi - start) / width) + 1;
  const weights = new Array<bigint>(count).fill(0n);
  for (const [v, w] of pairs) weights[Math.floor((v - start) / width)] += w;
  return weights.map((w, k) => ({
    value: start + k * width,
    to: start + (k + 1) * width - 1,
    p: rational(w, dist.total)
  }));
}
