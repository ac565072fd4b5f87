import { enteredRoller, rollDice, tryDice, type DiceRoll, type Roller } from '$lib/engine/dice';
import { err, ok, type Result } from '$lib/engine/result';
import type { DiceNeed } from '$lib/battle/move';

/** One group of identical dice a procedure asks for, e.g. 3 × d6 "hit roll". */
export interface DiceSpec {
  count: number;
  sides: number;
  /** What each die is for and whose it is: "Surprise, starboard medium 1, hit". */
  label?: string;
  /**
   * Who rolls these dice ("Attacker: Surprise", "Defender: Hermione"). Slots are grouped by it, in
   * the order given, so faces typed in table order land on the right side.
   */
  group?: string;
}

/** The pad's groups of the dice a move says it will roll (`move.preview.dice`: its words and
 *  groups; whose they are and which way is good stay with the move). */
export function padOf(needs: readonly DiceNeed[]): DiceSpec[] {
  return needs.map(({ count, sides, label, group }) => ({
    count,
    sides,
    label,
    ...(group ? { group } : {})
  }));
}

/** One die the player has to type in. */
export interface PadSlot {
  sides: number;
  label?: string;
  /** Who rolls it ("Attacker: Surprise"), from its DiceSpec. */
  group?: string;
}

/** A slot's typed face, or null while empty. */
export type SlotFaces = readonly (number | null)[];

/** Dice up to this size get a button per face; larger ones (d20, d100) a number field. */
export const MAX_KEYPAD_SIDES = 12;

/** Keypad columns for a die: rows of 3 for a d6, 4 for a d8 or d12, 5 for a d10 (phone width). */
export function keypadColumns(sides: number): number {
  if (sides <= 4) return sides;
  if (sides % 3 === 0 && sides <= 9) return 3;
  if (sides % 4 === 0) return 4;
  if (sides % 5 === 0) return 5;
  return 4;
}

/** The dice in the order they are typed and stored: group by group, as `rollDice` rolls them. */
export function expandSlots(dice: readonly DiceSpec[]): PadSlot[] {
  const out: PadSlot[] = [];
  for (const d of dice) {
    for (let i = 0; i < d.count; i++) {
      const slot: PadSlot = { sides: d.sides };
      if (d.label !== undefined) slot.label = d.label;
      if (d.group !== undefined) slot.group = d.group;
      out.push(slot);
    }
  }
  return out;
}

/**
 * "3d6", "2d8 + d6" — for button text and headings. Neighbouring groups of the same die are counted
 * together, so three separately labelled d6 still read "3d6".
 */
export function diceNotation(dice: readonly DiceSpec[]): string {
  const merged: { count: number; sides: number }[] = [];
  for (const d of dice) {
    if (d.count <= 0) continue;
    const last = merged[merged.length - 1];
    if (last && last.sides === d.sides) last.count += d.count;
    else merged.push({ count: d.count, sides: d.sides });
  }
  if (merged.length === 0) return 'no dice';
  return merged.map((d) => `${d.count === 1 ? '' : d.count}d${d.sides}`).join(' + ');
}

/** Index of the first empty slot (where the next tap goes), or -1 when every die is in. */
export function nextEmpty(faces: SlotFaces): number {
  return faces.findIndex((f) => f === null);
}

/** Puts `face` into the first empty slot; an error (and no change) if it is not on that die. */
export function enterFace(
  slots: readonly PadSlot[],
  faces: SlotFaces,
  face: number
): Result<(number | null)[]> {
  const i = nextEmpty(faces);
  if (i < 0) return err('All dice are entered. Tap a die to change it.');
  const sides = slots[i].sides;
  if (!Number.isInteger(face) || face < 1 || face > sides) {
    return err(`${face} is not a face of a d${sides} (1–${sides}).`);
  }
  const next = [...faces];
  next[i] = face;
  return ok(next);
}

/** Empties one slot so it can be typed again (a correction). */
export function clearSlot(faces: SlotFaces, index: number): (number | null)[] {
  return faces.map((f, i) => (i === index ? null : f));
}

/**
 * The one place a pad roll is built. App dice and typed faces both go through `rollDice`, group by
 * group, so the two records differ only in `source` (DESIGN invariant 2: a roll is data).
 */
export function rollWith(roller: Roller, dice: readonly DiceSpec[]): DiceRoll {
  const out = dice.flatMap((d) => rollDice(roller, d.count, d.sides, d.label));
  return { source: roller.source, dice: out };
}

/** The roll for faces typed in at the table; an error if a die is missing or a face is not on it. */
export function enteredRoll(dice: readonly DiceSpec[], faces: SlotFaces): Result<DiceRoll> {
  const missing = nextEmpty(faces);
  if (missing >= 0) return err(`Die ${missing + 1} is not entered yet.`);
  const expected = expandSlots(dice).length;
  if (faces.length !== expected) return err(`${faces.length} dice entered, ${expected} expected.`);
  const typed = faces.filter((f): f is number => f !== null);
  return tryDice(() => rollWith(enteredRoller(typed), dice));
}

/** A run of neighbouring slots with the same `group` (a heading on the pad): slots [start, end). */
export interface SlotGroup {
  group: string | undefined;
  start: number;
  end: number;
}

/**
 * The pad's headings: neighbouring slots of one group together, in storage order (so the order of
 * the slots on screen is the order the faces are stored and typed).
 */
export function slotGroups(slots: readonly PadSlot[]): SlotGroup[] {
  const out: SlotGroup[] = [];
  slots.forEach((s, i) => {
    const last = out[out.length - 1];
    if (last && last.group === s.group) last.end = i + 1;
    else out.push({ group: s.group, start: i, end: i + 1 });
  });
  return out;
}

/**
 * Faces typed as one string: "3 5 6 1", "3,5,6,1", or "3561" when every die has at most 9 sides
 * (one digit per die). Null when the text holds anything but faces.
 */
export function parseFaces(text: string, maxSides: number): number[] | null {
  const t = text.trim();
  if (t === '') return [];
  if (!/^[\d\s,;]+$/.test(t)) return null;
  const tokens = t.split(/[\s,;]+/).filter(Boolean);
  if (tokens.length === 1 && tokens[0].length > 1 && maxSides <= 9) {
    return [...tokens[0]].map(Number);
  }
  return tokens.map(Number);
}

/**
 * Puts `values` into the empty slots of [start, end), in order (quick entry for a group or the
 * whole pad); an error and no change if there are more values than empty slots or a face is not on
 * its die.
 */
export function enterMany(
  slots: readonly PadSlot[],
  faces: SlotFaces,
  values: readonly number[],
  start = 0,
  end = slots.length
): Result<(number | null)[]> {
  const next = [...faces];
  const empty: number[] = [];
  for (let i = start; i < end; i++) if (next[i] === null) empty.push(i);
  if (values.length > empty.length) {
    return err(
      `${values.length} faces typed, ${empty.length} ${empty.length === 1 ? 'die' : 'dice'} to fill.`
    );
  }
  for (let k = 0; k < values.length; k++) {
    const i = empty[k];
    const sides = slots[i].sides;
    const f = values[k];
    if (!Number.isInteger(f) || f < 1 || f > sides) {
      return err(`${f} is not a face of a d${sides} (1–${sides}).`);
    }
    next[i] = f;
  }
  return ok(next);
}

/** Faces from counts per face (`counts[k]` dice showed k + 1), lowest first: "3 ones, 2 sixes". */
export function facesFromCounts(counts: readonly number[]): Result<number[]> {
  const out: number[] = [];
  for (let k = 0; k < counts.length; k++) {
    const n = counts[k];
    if (!Number.isInteger(n) || n < 0) return err(`The count of ${k + 1}s must be 0 or more.`);
    for (let j = 0; j < n; j++) out.push(k + 1);
  }
  return ok(out);
}

/**
 * Whether a group takes counts per face: six or more interchangeable dice (one size with a keypad,
 * one label), where which die showed which face does not matter.
 */
export function takesCounts(slots: readonly PadSlot[], g: SlotGroup): boolean {
  if (g.end - g.start < 6) return false;
  const { sides, label } = slots[g.start];
  if (sides > MAX_KEYPAD_SIDES) return false;
  for (let i = g.start; i < g.end; i++) {
    if (slots[i].sides !== sides || slots[i].label !== label) return false;
  }
  return true;
}
