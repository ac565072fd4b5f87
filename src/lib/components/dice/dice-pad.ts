import { enteredRoller, rollDice, tryDice, type DiceRoll, type Roller } from '$lib/rules/core/dice';
import { err, ok, type Result } from '$lib/rules/core/result';

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

/** One die the player has to type in. */
export interface PadSlot {
  sides: number;
  label?: string;
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
      out.push(d.label === undefined ? { sides: d.sides } : { sides: d.sides, label: d.label });
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
