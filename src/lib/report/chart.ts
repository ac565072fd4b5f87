import type { Report } from './model';

/**
 * Chart data of the report: each track (hull, crew, rigging, prize disks) per ship over the turns,
 * and the damage each side dealt per turn. Plain numbers and SVG geometry, so the same figures feed
 * the drawing and the table beside it for screen readers.
 */

export interface SeriesPoint {
  turn: number;
  value: number;
}

export interface Series {
  shipId: string;
  name: string;
  side: string;
  points: SeriesPoint[];
}

export interface TrackChart {
  trackId: string;
  label: string;
  maxValue: number;
  /** The turns on the x axis: 0 (the start) to the last turn. */
  firstTurn: number;
  lastTurn: number;
  series: Series[];
}

export function trackCharts(report: Report): TrackChart[] {
  const labels = new Map<string, string>();
  for (const s of report.ships) for (const t of [...s.start, ...s.end]) labels.set(t.id, t.label);
  const charts: TrackChart[] = [];
  for (const [trackId, label] of labels) {
    const series: Series[] = [];
    let maxValue = 0;
    let firstTurn = Infinity;
    for (const ship of report.ships) {
      const points = ship.timeline
        .filter((p) => p.values[trackId] !== undefined)
        .map((p) => ({ turn: p.turn, value: p.values[trackId] }));
      if (points.length === 0) continue;
      const max = Math.max(
        ...ship.start.filter((t) => t.id === trackId).map((t) => t.max),
        ...ship.end.filter((t) => t.id === trackId).map((t) => t.max),
        ...points.map((p) => p.value)
      );
      maxValue = Math.max(maxValue, max);
      firstTurn = Math.min(firstTurn, points[0].turn);
      series.push({ shipId: ship.id, name: ship.name, side: ship.startSide, points });
    }
    // A track no ship has any points in (every maximum 0) has nothing to draw.
    if (series.length === 0 || maxValue === 0) continue;
    charts.push({
      trackId,
      label,
      maxValue,
      firstTurn: Number.isFinite(firstTurn) ? firstTurn : 0,
      lastTurn: report.lastTurn,
      series
    });
  }
  return charts;
}

export interface DamageChart {
  sides: string[];
  turns: { turn: number; bySide: Record<string, number> }[];
  maxValue: number;
}

export function damageChart(report: Report): DamageChart {
  const sides = report.sides.map((s) => s.name);
  const turns = report.turns.map((t) => {
    const bySide: Record<string, number> = {};
    for (const s of sides) bySide[s] = t.dealtBySide[s] ?? 0;
    return { turn: t.turn, bySide };
  });
  const maxValue = Math.max(0, ...turns.flatMap((t) => Object.values(t.bySide)));
  return { sides, turns, maxValue };
}

// ---- geometry ----------------------------------------------------------------------------------

export interface Frame {
  width: number;
  height: number;
  /** Left, right, top, bottom margins for the axes' labels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const FRAME: Frame = { width: 320, height: 160, left: 30, right: 10, top: 10, bottom: 24 };

export function xOf(turn: number, first: number, last: number, f: Frame = FRAME): number {
  const span = Math.max(1, last - first);
  return f.left + ((turn - first) / span) * (f.width - f.left - f.right);
}

export function yOf(value: number, max: number, f: Frame = FRAME): number {
  const m = max > 0 ? max : 1;
  return f.top + (1 - value / m) * (f.height - f.top - f.bottom);
}

/** SVG path of a series as steps: the value holds through a turn and changes at its end. */
export function seriesPath(s: Series, chart: TrackChart, f: Frame = FRAME): string {
  const parts: string[] = [];
  s.points.forEach((p, i) => {
    const x = xOf(p.turn, chart.firstTurn, chart.lastTurn, f).toFixed(1);
    const y = yOf(p.value, chart.maxValue, f).toFixed(1);
    parts.push(`${i === 0 ? 'M' : 'L'}${x} ${y}`);
  });
  return parts.join(' ');
}

/** A few round tick values from 0 to max; whole numbers only (tracks count points and disks). */
export function ticks(max: number, count = 4): number[] {
  if (max <= 0) return [0];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw);
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}

/** Dash patterns, so lines stay apart in black-and-white print. */
export const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'] as const;
