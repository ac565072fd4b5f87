import type * as InputKit from './input-kit';
/**
 * What a move did, written down by the move itself (issue 31): the after-action report, the luck
 * audit, the live table's re-check and the log read this, and guess nothing from key names, event
 * kinds or log text. The move builder (`defineMove`) stamps it on every draft: the move id, the
 * category from one shared vocabulary, the acting ship, the target, each group of dice with whose
 * they are and which way is good for them, and the hits a shot scored. The effects on each ship's
 * tracks are not repeated here: they are the event's ops, read through the system's `tracks`.
 *
 * Stored in every event a move writes from this release on: the category words and field names
 * are permanent (labels apart, as event kinds are).
 */

/** What a meaning of each category must name besides its dice (meaningProblem). */
type Needs = 'nothing' | 'actor' | 'actor and target';

/**
 * The shared vocabulary: one word means one thing in every system. A story counts "opened fire"
 * from `gunnery` and "boarded" from `boarding` only, so a round, a grapple or a withdrawal is never
 * counted as another boarding.
 */
const VOCABULARY = {
  /** Ships, players, fleets, cards and charts entered before or outside the fight. */
  setup: 'nothing',
  /** The wind, the weather, the hourglass. */
  wind: 'nothing',
  /** Orders, headings, crew assignments, anchors weighed: what a ship is told to do. */
  orders: 'nothing',
  /** Who moves or acts first. */
  initiative: 'nothing',
  /** A ship moves, tacks, drifts or anchors. */
  movement: 'actor',
  /** Two ships (or a ship and the shore) collide by accident. */
  collision: 'actor',
  /** A ship deliberately rams another: the attempt and its damage. */
  ram: 'actor',
  /** A ship (or battery) fires at another: one shot, its hits. */
  gunnery: 'actor and target',
  /** The damage dice of a shot already counted under gunnery. */
  'gunnery-damage': 'actor and target',
  /** Guns reloaded. */
  reload: 'actor',
  /** Marksmen and small arms fire at another ship's deck. */
  marksmen: 'actor and target',
  /** An attempt to grapple (not yet a boarding). */
  grapple: 'actor and target',
  /** A boarding begun: one assault, counted once however many rounds it lasts. */
  boarding: 'actor and target',
  /** A further round of a boarding already begun. */
  'boarding-round': 'actor and target',
  /** A boarding ends without a capture: a withdrawal, the defenders surrender the fight. */
  'boarding-end': 'actor',
  /** A ship taken as a prize. */
  capture: 'actor and target',
  /** A prize's stores or cards taken. */
  loot: 'actor',
  /** A raid on a Homeport (Master and Commander). */
  raid: 'actor',
  /** A morale check, a ship striking or withdrawing. */
  morale: 'nothing',
  /** Repairs, pumping, fire fighting, jury rigs, damage control. */
  repair: 'actor',
  /** A fire burning aboard. */
  'fire-aboard': 'actor',
  /** A ship sinking. */
  sinking: 'actor',
  /** Cards drawn, played or bought. */
  card: 'nothing',
  /** The turn, phase or step passed on. */
  turn: 'nothing',
  /** Anything else a move records (a note, a correction). */
  other: 'nothing'
} as const satisfies Record<string, Needs>;

export type Category = keyof typeof VOCABULARY;

/** The shared vocabulary, stored in events: permanent once written (labels apart). */
export const CATEGORIES = Object.keys(VOCABULARY) as [Category, ...Category[]];

/** One group of an event's dice, in the order of `roll.dice.dice`. */
export interface DiceGroup {
  /** How many of the roll's dice, from where the previous group ended. */
  count: number;
  /** The die type (6 for a d6). */
  sides: number;
  /** The ship that rolls them; null for a shore battery, a Homeport or a captain's own roll. */
  ship: string | null;
  /** The side (or the captain, where a system has captains, not sides) rolling them, as it was. */
  side: string;
  /** A high face is good for whoever rolls them (Privateers hits on a low d12: false). */
  isHighGood: boolean;
  /**
   * The face that reads as zero, where the rule reads one so (a percentile die read 00–99 shows 00
   * as its 100 face: Wooden Warships, B.5 #1); absent, every face reads as itself.
   */
  zeroFace?: number;
}

export interface Meaning {
  /** The move's stable id ('pv.cannon-fire'); the re-check finds the move by it. */
  move: string;
  category: Category;
  /** The acting ship, or null when no ship acts (the wind, a captain's card, the turn). */
  actor: string | null;
  /** The ship acted upon, when it is another ship. */
  target: string | null;
  /** Every die of the event's roll, grouped by who rolled it; [] when the move rolls nothing. */
  dice: DiceGroup[];
  /** The hits a shot scored (gunnery); absent when the move is not a shot. */
  hits?: number;
}

/**
 * Whose dice, as a move states them: the ship that rolls (or the side, for a roll no ship makes),
 * how many, and which way is good. The builder fills in the die type from the roll and the side
 * from the state the move was made on.
 */
export interface DiceOwner {
  count: number;
  ship: string | null;
  /** Needed when `ship` is null (a Homeport's defence, a shore battery): the side that rolls. */
  side?: string;
  isHighGood: boolean;
  /** The face that reads as zero (see DiceGroup). */
  zeroFace?: number;
}

/** What a move's run states of its meaning; the builder adds the move id and its category. */
export interface MeaningParts {
  /** Overrides the move's own category (one move, two kinds of act: an attack or a boarding). */
  category?: Category;
  actor?: string | null;
  target?: string | null;
  dice?: readonly DiceOwner[];
  hits?: number;
}

/** What the side of a ship is read from (a BattleShip; kept apart so events.ts may import this). */
interface ShipOfSide {
  side: string;
  player: string;
}

/** The side a ship fights for: its side, else its captain (Master and Commander has captains). */
export function sideOfShip(ship: ShipOfSide | undefined): string {
  if (!ship) return '';
  return ship.side.trim() || ship.player.trim() || 'No side';
}

/** "Whose dice" for one ship's dice: its id, how many, which way is good. */
export function shipDice(ship: string, count: number, isHighGood = true): DiceOwner {
  return { ship, count, isHighGood };
}

/** "Whose dice" for every die of one pad roll (none when the roll is absent). */
export function rolledBy(
  ship: string,
  roll: { dice: readonly unknown[] } | null | undefined,
  isHighGood = true
): DiceOwner {
  return { ship, count: roll?.dice.length ?? 0, isHighGood };
}

/**
 * The meaning stored with the event: the parts the move stated, completed from the state it was
 * made on. Each group's die type is read from the roll's own dice; a group whose dice do not match
 * the roll (a move's mistake) leaves every die unowned rather than giving it to the wrong side.
 */
export function completeMeaning(
  move: string,
  category: Category,
  parts: MeaningParts | undefined,
  state: { ships: Record<string, ShipOfSide> },
  dice: readonly { sides: number }[]
): Meaning {
  const owners = parts?.dice ?? [];
  const groups: DiceGroup[] = [];
  let at = 0;
  let isSound = owners.reduce((n, o) => n + o.count, 0) === dice.length;
  for (const o of isSound ? owners : []) {
    if (o.count === 0) continue;
    if (o.count < 0 || !Number.isInteger(o.count)) isSound = false;
    if (!isSound) break;
    // The group's die type is its first die's (a group is one kind of die in every move today).
    const sides = dice[at].sides;
    const side = o.side ?? (o.ship !== null ? sideOfShip(state.ships[o.ship]) : '');
    const group: DiceGroup = {
      count: o.count,
      sides,
      ship: o.ship,
      side,
      isHighGood: o.isHighGood
    };
    if (o.zeroFace !== undefined) group.zeroFace = o.zeroFace;
    groups.push(group);
    at += o.count;
  }
  const meaning: Meaning = {
    move,
    category: parts?.category ?? category,
    actor: parts?.actor ?? null,
    target: parts?.target ?? null,
    dice: isSound ? groups : []
  };
  if (parts?.hits !== undefined) meaning.hits = parts.hits;
  return meaning;
}

/**
 * What is missing from a move's meaning, or null when it says everything the readers need: every
 * die owned, the actor of a ship's act, the target of an act upon another ship, a shot's hits.
 * The unit tests run every move in strict mode (`MEANING_CHECK.isStrict`, set by the test set-up),
 * where a move that leaves one of these out throws, so no move can ship without its meaning.
 */
export function meaningProblem(
  meaning: Meaning,
  stated: MeaningParts | undefined,
  dice: readonly unknown[]
): string | null {
  const owned = (stated?.dice ?? []).reduce((n, o) => n + o.count, 0);
  if (owned !== dice.length) return `owns ${owned} of its ${dice.length} dice`;
  const needs: Needs = VOCABULARY[meaning.category];
  if (needs !== 'nothing' && meaning.actor === null) {
    return `is ${meaning.category} and names no actor`;
  }
  if (needs === 'actor and target' && meaning.target === null) {
    return `is ${meaning.category} and names no target`;
  }
  if (meaning.category === 'gunnery' && meaning.hits === undefined) {
    return 'is gunnery and states no hits';
  }
  return null;
}

/**
 * Strict mode: the unit tests' set-up turns it on (see meaningProblem) and gives the input kit
 * every accepted input is parsed with again (battle/move.ts defineMove); off in the app.
 */
export const MEANING_CHECK: { isStrict: boolean; inputKit: typeof InputKit | null } = {
  isStrict: false,
  inputKit: null
};
