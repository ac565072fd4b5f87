import type { BattleShip, BattleState } from './events';

/**
 * The printed ship log's content, as data every system fills the same way (issue 33 item 5): a
 * system gives its sections — the fields of the players' own paper sheet — and one frame
 * (lib/report/paper.ts) and one renderer print them. Filled from a ship as it stands, or blank to
 * photocopy: a blank section keeps every field, with boxes and lines to write in.
 */

/** A table cell: text, a tick box (ticked or not), or an empty space to write in. */
export type PaperCell = string | boolean | null;

export type PaperBlock =
  /** Label and value pairs; an empty value is a line to write on. */
  | { kind: 'fields'; items: { label: string; value: string }[] }
  /** A row of boxes, one per point; the points already lost struck through. */
  | {
      kind: 'track';
      id: string;
      label: string;
      /** Points left, or null on a blank log. */
      value: number | null;
      /** Boxes printed (the ship's points; on a blank log, enough for the largest ship). */
      boxes: number;
      /** Too many points to box: written in as "value of max". */
      isWriteIn: boolean;
      /** A line under the boxes ("Minimum crew 65"). */
      note?: string;
    }
  /** Words with a tick box each (one of a set, or any of them). */
  | { kind: 'ticks'; label: string; options: { word: string; isTicked: boolean }[] }
  /** A table: header row and rows of cells. */
  | { kind: 'table'; caption: string; columns: string[]; rows: PaperCell[][] }
  /** Ruled lines, each prefilled with a text or empty. */
  | { kind: 'lines'; label: string; texts: string[] };

export interface PaperSection {
  id: string;
  title: string;
  blocks: PaperBlock[];
  /** Runs across the whole page (tables, long tracks); else a column of two. */
  isWide?: boolean;
}

/** The ship a filled log is printed from, with the battle around it (system state, turn). */
export interface PaperView<Sheet> {
  sheet: Sheet;
  ship: BattleShip;
  state: BattleState;
}

/** What a system prints on its paper log (RuleSystem.loadPaper). */
export interface PaperSheet<Sheet> {
  /** The sections, from the ship (view) or blank (null). */
  sections(view: PaperView<Sheet> | null): PaperSection[];
  /** Status words the players tick, in the texts' own words. */
  statusWords: readonly string[];
  /** Who commands the ship, by name, where the battle stores an id (absent: the ship's player). */
  playerName?(view: PaperView<Sheet>): string;
}

/** A section of the log: its blocks in a column of two, or across the page (`isWide`). */
export function section(
  id: string,
  title: string,
  blocks: PaperBlock[],
  layout: { isWide?: boolean } = {}
): PaperSection {
  return { id, title, ...layout, blocks };
}

/** Past this many points a track is written in, not boxed (five rows of fifty). */
export const MAX_BOXES = 250;

/** A track of boxes: `max` boxes with `max - value` struck, or `blankBoxes` empty ones. */
export function trackBlock(
  t: { id: string; label: string; value: number; max: number },
  blankBoxes: number | null,
  note?: string
): Extract<PaperBlock, { kind: 'track' }> {
  const isBlank = blankBoxes !== null;
  const boxes = isBlank ? blankBoxes : t.max;
  return {
    kind: 'track',
    id: t.id,
    label: t.label,
    value: isBlank ? null : t.value,
    boxes,
    isWriteIn: boxes === 0 || boxes > MAX_BOXES,
    ...(note ? { note } : {})
  };
}

/** Tick boxes for a set of words, the chosen ones ticked (none on a blank log). */
export function ticksBlock(
  label: string,
  words: readonly string[],
  isTicked: (word: string, i: number) => boolean
): Extract<PaperBlock, { kind: 'ticks' }> {
  return {
    kind: 'ticks',
    label,
    options: words.map((word, i) => ({ word, isTicked: isTicked(word, i) }))
  };
}

/** Label and value pairs; on a blank log every value is a line to write on. */
export function fieldsBlock(
  items: readonly (readonly [string, string | number])[],
  isBlank: boolean
): Extract<PaperBlock, { kind: 'fields' }> {
  return {
    kind: 'fields',
    items: items.map(([label, value]) => ({ label, value: isBlank ? '' : String(value) }))
  };
}

/** Ruled lines: the texts first, then empty lines up to `count`. */
export function linesBlock(
  label: string,
  texts: readonly string[],
  count: number
): Extract<PaperBlock, { kind: 'lines' }> {
  const out = [...texts];
  while (out.length < count) out.push('');
  return { kind: 'lines', label, texts: out };
}

/** "Signed" modifier text: +1, −2, 0. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}
