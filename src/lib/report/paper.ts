import type { BattleShip, BattleState } from '../engine/events';
import { trackBlock, type PaperSection, type PaperSheet } from '../engine/paper-sheet';
import type { RuleSystem } from '../engine/system';
import { sheetOf } from '../battle/sheets';
import { shipName, sideOf } from './model';

/**
 * The paper ship log: what a printed sheet carries so the game can go on when the battery dies.
 * One frame for every system — the ship's particulars, the system's own sections (its players'
 * paper sheet, `<system>/paper.ts`), the status words to tick, the turns to tick and room for
 * notes — filled from the ship as it stands, or blank to photocopy. Black and white, no colour.
 */

export interface PaperLog {
  title: string;
  name: string;
  className: string;
  side: string;
  player: string;
  sections: PaperSection[];
  statuses: { word: string; isTicked: boolean }[];
  /** The sheet's summary lines at the time of printing ("Guns 3 loaded of 4"). */
  lines: string[];
  turns: number;
  currentTurn: number | null;
  isBlank: boolean;
}

function sheetText(sheet: unknown, key: string): string {
  if (sheet && typeof sheet === 'object' && key in sheet) {
    const v = (sheet as Record<string, unknown>)[key];
    if (typeof v === 'string') return v;
  }
  return '';
}

/** A system without paper sections of its own prints its tracks. */
function trackSections(system: RuleSystem, sheet: object | null): PaperSection[] {
  const tracks = sheet && system.tracks ? system.tracks(sheet) : [];
  return [
    { id: 'tracks', title: 'Tracks', isWide: true, blocks: tracks.map((t) => trackBlock(t, null)) }
  ];
}

/** The system's own paper sheet (its `paper.ts`, loaded now), or null: the log prints its tracks. */
export async function paperSheetOf(system: RuleSystem): Promise<PaperSheet<object> | null> {
  return system.loadPaper ? system.loadPaper() : null;
}

export function paperLog(
  system: RuleSystem,
  paper: PaperSheet<object> | null,
  ship: BattleShip | null,
  ctx: { title: string; currentTurn: number | null; turns?: number; state: BattleState | null }
): PaperLog {
  const isBlank = ship === null;
  const sheet = ship ? sheetOf<object>(ship) : null;
  const view = ship && sheet && ctx.state ? { sheet, ship, state: ctx.state } : null;
  const sections = paper
    ? // A ship whose log does not read prints blank sections rather than another ship's shape.
      paper.sections(view)
    : trackSections(system, sheet);
  const summary = sheet ? system.summarize(sheet) : null;
  const words = [...(paper?.statusWords ?? [])];
  for (const w of summary?.status ?? []) if (!words.includes(w)) words.push(w);
  return {
    title: ctx.title,
    name: ship ? shipName(ship) : '',
    className: ship ? sheetText(ship.sheet, 'className') : '',
    side: ship ? sideOf(ship) : '',
    player: view && paper?.playerName ? paper.playerName(view) : (ship?.player ?? ''),
    sections,
    statuses: words.map((word) => ({ word, isTicked: summary?.status.includes(word) ?? false })),
    lines: summary?.lines ?? [],
    turns: ctx.turns ?? 20,
    currentTurn: ctx.currentTurn,
    isBlank
  };
}

/** Boxes in rows of up to `perRow` (groups of ten read at a glance). */
export function boxRows<T>(boxes: readonly T[], perRow = 50): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < boxes.length; i += perRow) rows.push(boxes.slice(i, i + perRow));
  return rows;
}
