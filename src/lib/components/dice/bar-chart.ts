import { ZERO, compare, toNumber, type Rational } from '$lib/rules/core/rational';

export interface ChartEntry {
  value: number;
  p: Rational;
}

export interface Bar {
  value: number;
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
  const slots: ChartEntry[] =
    isIntegerRange && hi - lo + 1 <= MAX_FILLED_SPAN ? fillGaps(sorted, lo, hi) : sorted;

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
