import { describe, expect, it } from 'vitest';
import { Dist, sumOf } from '$lib/engine/dist';
import { add, rational, ZERO } from '$lib/engine/rational';
import { binDist, distShape, layoutBars, tickStep } from './bar-chart';

const OPTS = { width: 320, plotHeight: 100 };

describe('layoutBars', () => {
  it('gives the most likely values the full height and keeps bars proportional', () => {
    const { bars, modes } = layoutBars(sumOf(2, Dist.die(6)).entries(), OPTS);
    expect(bars.map((b) => b.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(modes).toEqual([7]);
    const seven = bars.find((b) => b.value === 7);
    const two = bars.find((b) => b.value === 2);
    expect(seven?.height).toBe(100);
    expect(seven?.y).toBe(0);
    expect(two?.height).toBeCloseTo(100 / 6);
  });

  it('fits every bar inside the width, left to right', () => {
    const { bars } = layoutBars(sumOf(3, Dist.die(6)).entries(), OPTS);
    for (let i = 1; i < bars.length; i++) expect(bars[i].x).toBeGreaterThan(bars[i - 1].x);
    const last = bars[bars.length - 1];
    expect(last.x + last.width).toBeLessThanOrEqual(320 + 1e-9);
    expect(bars[0].x).toBeGreaterThanOrEqual(0);
  });

  it('shows gaps between possible values as empty slots', () => {
    const doubled = Dist.die(3).map((v) => v * 2); // 2, 4, 6
    const { bars } = layoutBars(doubled.entries(), OPTS);
    expect(bars.map((b) => [b.value, b.height > 0])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [5, false],
      [6, true]
    ]);
    expect(bars[1].p).toEqual(ZERO);
  });

  it('keeps a very unlikely value visible, but not an impossible one', () => {
    const entries = [
      { value: 0, p: rational(7775, 7776) },
      { value: 1, p: ZERO },
      { value: 2, p: rational(1, 7776) }
    ];
    const { bars } = layoutBars(entries, { ...OPTS, minBarHeight: 2 });
    expect(bars[2].height).toBe(2);
    expect(bars[1].height).toBe(0);
  });

  it('labels round values only, within the tick budget', () => {
    const { ticks } = layoutBars(sumOf(10, Dist.die(10)).entries(), { ...OPTS, maxTicks: 10 });
    expect(ticks.length).toBeLessThanOrEqual(10);
    expect(ticks.every((t) => t.value % 10 === 0)).toBe(true);
    const small = layoutBars(Dist.die(6).entries(), OPTS);
    expect(small.ticks.map((t) => t.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lists every tied most likely value', () => {
    expect(layoutBars(sumOf(3, Dist.die(6)).entries(), OPTS).modes).toEqual([10, 11]);
  });
});

describe('tickStep', () => {
  it('picks the smallest round step that fits', () => {
    expect(tickStep(12, 12)).toBe(1);
    expect(tickStep(16, 12)).toBe(2);
    expect(tickStep(91, 12)).toBe(10);
  });
});

describe('binDist', () => {
  it('groups many values into round ranges whose exact chances add up to the whole', () => {
    const d = sumOf(20, Dist.die(100)); // 1,981 totals
    const bins = binDist(d, 100);
    expect(bins.length).toBeLessThanOrEqual(100);
    const width = (bins[0].to ?? 0) - bins[0].value + 1;
    expect([10, 20, 25, 50]).toContain(width);
    expect(bins.every((b) => b.value % width === 0)).toBe(true);
    expect(bins[0].value).toBeLessThanOrEqual(20);
    expect(bins[bins.length - 1].to).toBeGreaterThanOrEqual(2000);
    expect(bins.reduce((acc, b) => add(acc, b.p), ZERO)).toEqual(rational(1));
    const first = bins[0];
    expect(first.p).toEqual(d.probWhere((v) => v >= first.value && v <= (first.to ?? v)));
  });

  it('draws grouped ranges as they are, without filling gaps', () => {
    const bins = binDist(sumOf(3, Dist.die(100)), 50);
    const { bars } = layoutBars(bins, OPTS);
    expect(bars).toHaveLength(bins.length);
    expect(bars[0].to).toBe(bins[0].to);
  });
});

describe('distShape', () => {
  it('finds the range and the most likely values', () => {
    expect(distShape(sumOf(3, Dist.die(6)))).toEqual({
      lo: 3,
      hi: 18,
      modes: [10, 11],
      maxP: rational(1, 8)
    });
  });
});
