import type { BattleShip } from '../battle/events';
import type { RuleSystem, ShipTrack } from '../rules/system';
import { shipName, sideOf } from './model';

/**
 * The paper ship log: what a printed sheet carries so the game can go on when the battery dies —
 * the ship's particulars, a row of boxes per track with the points already lost struck through,
 * the status words to tick, the turns to tick and room for notes. Black and white, no colour.
 */

export interface PaperTrack {
  id: string;
  label: string;
  max: number;
  value: number;
  /** Boxes in groups of ten (one row of boxes per group of up to 50); empty for a write-in track. */
  boxes: { index: number; isLost: boolean }[];
  /** A track too long for boxes (or blank) is written in: "of ___". */
  isWriteIn: boolean;
}

export interface PaperLog {
  title: string;
  name: string;
  className: string;
  side: string;
  player: string;
  tracks: PaperTrack[];
  statuses: { word: string; isTicked: boolean }[];
  /** The sheet's summary lines at the time of printing ("Guns 3 loaded of 4"). */
  lines: string[];
  turns: number;
  currentTurn: number | null;
  isBlank: boolean;
}

/** Past this many points a track is written in, not boxed (a crew of 300 would fill the page). */
export const MAX_BOXES = 120;

/** Status words the players tick on paper, per system (the texts' own words, as `summarize` has). */
export const PAPER_STATUSES: Record<string, readonly string[]> = {
  privateers: [
    'struck',
    'sinking',
    'sunk',
    'burned up',
    'on fire',
    'disordered',
    'anchored',
    'water line',
    'rudder',
    'helm/tiller',
    'grappled'
  ],
  'wooden-warships': ['captured', 'sunk', 'boarding', 'raising anchor', 'crippled'],
  'master-and-commander': ['sunk', 'captured', 'in the Mist']
};

/** Tracks a blank Privateers log needs though an empty default sheet leaves them out. */
const BLANK_EXTRA: Record<string, readonly { id: string; label: string }[]> = {
  privateers: [
    { id: 'marines', label: 'Marines' },
    { id: 'guns', label: 'Guns' }
  ]
};

export function paperTrack(t: ShipTrack, isBlank: boolean): PaperTrack {
  const isWriteIn = isBlank ? t.max === 0 : t.max === 0 || t.max > MAX_BOXES;
  const boxes = isWriteIn
    ? []
    : Array.from({ length: t.max }, (_, i) => ({
        index: i,
        // The points lost are the last boxes, struck through as the players cross them off.
        isLost: !isBlank && i >= t.value
      }));
  return {
    id: t.id,
    label: t.label,
    max: t.max,
    value: isBlank ? t.max : t.value,
    boxes,
    isWriteIn
  };
}

function sheetText(sheet: unknown, key: string): string {
  if (sheet && typeof sheet === 'object' && key in sheet) {
    const v = (sheet as Record<string, unknown>)[key];
    if (typeof v === 'string') return v;
  }
  return '';
}

export function paperLog(
  system: RuleSystem,
  ship: BattleShip | null,
  ctx: { title: string; currentTurn: number | null; turns?: number }
): PaperLog {
  const isBlank = ship === null;
  const parsed = ship
    ? system.sheetSchema.safeParse(ship.sheet)
    : { success: true as const, data: system.defaultSheet({ name: 'Blank' }) };
  const sheet = parsed.success ? parsed.data : null;
  const tracks = sheet && system.tracks ? system.tracks(sheet) : [];
  const paper = tracks.map((t) => paperTrack(t, isBlank));
  if (isBlank) {
    for (const extra of BLANK_EXTRA[system.id] ?? []) {
      if (!paper.some((p) => p.id === extra.id)) {
        paper.push(
          paperTrack({ id: extra.id, label: extra.label, value: 0, max: 0, isDamage: true }, true)
        );
      }
    }
  }
  const summary = sheet && !isBlank ? system.summarize(sheet) : null;
  const words = [...(PAPER_STATUSES[system.id] ?? [])];
  for (const w of summary?.status ?? []) if (!words.includes(w)) words.push(w);
  return {
    title: ctx.title,
    name: ship ? shipName(ship) : '',
    className: ship ? sheetText(ship.sheet, 'className') : '',
    side: ship ? sideOf(ship) : '',
    player: ship?.player ?? '',
    tracks: paper,
    statuses: words.map((word) => ({ word, isTicked: summary?.status.includes(word) ?? false })),
    lines: summary?.lines ?? [],
    turns: ctx.turns ?? 20,
    currentTurn: ctx.currentTurn,
    isBlank
  };
}

/** Boxes in rows of up to `perRow` (groups of ten read at a glance). */
export function boxRows<T>(boxes: readonly T[], perRow = 30): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < boxes.length; i += perRow) rows.push(boxes.slice(i, i + perRow));
  return rows;
}
