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
  /** How many earlier series have exactly these points: the line is drawn that many steps apart. */
  offset?: number;
}

function samePoints(a: readonly SeriesPoint[], b: readonly SeriesPoint[]): boolean {
  return a.length === b.length && a.every((p, i) => p.turn === b[i].turn && p.value === b[i].value);
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
      // A track the ship never had (a fort's hull 0/0) is no line at 0: left out, as in the words.
      if (max === 0) continue;
      maxValue = Math.max(maxValue, max);
      firstTurn = Math.min(firstTurn, points[0].turn);
      // Lines that lie on an earlier one all the way (two full crews) are drawn a little apart.
      const offset = series.filter((o) => samePoints(o.points, points)).length;
      series.push({ shipId: ship.id, name: ship.name, side: ship.startSide, points, offset });
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

/** The vertical nudge, in the frame's units, of a line that would lie on an earlier one. */
export function overlapShift(s: Series): number {
  const k = s.offset ?? 0;
  return k === 0 ? 0 : (k % 2 === 1 ? -1 : 1) * Math.ceil(k / 2) * 2.5;
}

/** SVG path of a series as steps: the value holds through a turn and changes at its end. */
export function seriesPath(s: Series, chart: TrackChart, f: Frame = FRAME): string {
  const parts: string[] = [];
  s.points.forEach((p, i) => {
    const x = xOf(p.turn, chart.firstTurn, chart.lastTurn, f).toFixed(1);
    const y = (yOf(p.value, chart.maxValue, f) + overlapShift(s)).toFixed(1);
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
export const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4', '4 2 1 2', '12 3 3 3'] as const;

/**
 * Colours of the series (CSS custom properties the chart defines per theme): as many as the dash
 * patterns, so the n-th ship has a colour, a dash and a marker no other of the first eight shares.
 */
export const SERIES_COLOURS = 8;

/** Marker shapes, one per series in turn, so lines that meet stay told apart by their points. */
export const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;
export type Marker = (typeof MARKERS)[number];

/** The look of the i-th series: colour index, dash pattern and marker shape. */
export function seriesStyle(i: number): { colour: number; dash: string; marker: Marker } {
  return {
    colour: i % SERIES_COLOURS,
    dash: DASHES[i % DASHES.length],
    marker: MARKERS[i % MARKERS.length]
  };
}

/** An SVG path of a marker of `size` centred on (x, y). */
export function markerPath(shape: Marker, x: number, y: number, size = 3): string {
  const r = size;
  switch (shape) {
    case 'square':
      return `M${x - r} ${y - r}h${2 * r}v${2 * r}h${-2 * r}Z`;
    case 'triangle':
      return `M${x} ${y - r * 1.2}L${x + r * 1.1} ${y + r * 0.8}L${x - r * 1.1} ${y + r * 0.8}Z`;
    case 'diamond':
      return `M${x} ${y - r * 1.3}L${x + r * 1.3} ${y}L${x} ${y + r * 1.3}L${x - r * 1.3} ${y}Z`;
    default:
      return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
  }
}
