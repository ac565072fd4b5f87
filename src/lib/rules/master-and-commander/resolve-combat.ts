// Master and Commander: engagements, hits, counter-attacks, boarding, raids and ramming (SPEC A.4.6–
// A.4.8, A.4.11–A.4.13). Pure: die faces are inputs, sheets and state are returned updated.
import { guarded, intIn, oneOf } from '../../engine/inputs';
import { allExceedHighest, cascadeWinner } from '../../engine/pools';
import { err, ok, type Result } from '../../engine/result';
import type { McOptions } from './options';
import type { Sheet, SystemState } from './sheet';
import {
  COMBAT_DIE_SIDES,
  DICE_BY_PRIZE_DISKS,
  HOMEPORT_DICE,
  MAX_PRIZE_DISKS,
  RAM_DAMAGE,
  RAM_SUCCESS_FACE,
  shipDiceOf,
  type Compass,
  type GameVariant,
  type PrizeDisks
} from './tables';

function checkFaces(faces: readonly number[], n: number, who: string): Result<number[]> {
  if (faces.length !== n)
    return err(`${who}: ${n} ${n === 1 ? 'die' : 'dice'} expected, ${faces.length} given.`);
  for (const f of faces) {
    if (!Number.isInteger(f) || f < 1 || f > COMBAT_DIE_SIDES) {
      return err(`${who}: ${f} is not a face of a d6.`);
    }
  }
  return ok([...faces].sort((a, b) => b - a));
}

function asDisks(n: number): Result<PrizeDisks> {
  if (n === 0 || n === 1 || n === 2) return ok(n);
  return err(`A ship has 0, 1 or 2 Prize Disks, not ${n}.`);
}

/**
 * Dice rolled "in attack or defense" (SPEC A.3.3): 3, 2 or 1 by Prize Disks; always one in the
 * Beginner game. A sunk ship rolls none.
 */
const VARIANTS: readonly GameVariant[] = ['beginner', 'basic', 'advanced'];

/** `shipDiceOf` for a number from a form: Prize Disks 0 to 2 (SPEC A.3.3), a known game. */
export const shipDice = guarded(
  (prizeDisks: number, variant: GameVariant) =>
    intIn('Prize Disks', prizeDisks, 0, MAX_PRIZE_DISKS) ?? oneOf('The game', variant, VARIANTS),
  shipDiceOf
);

/** The part of the options an engagement reads. */
export type EngagementRules = Pick<McOptions, 'tieExhaustion' | 'beginnerTies'> & {
  variant: GameVariant;
};

export type EngagementResult = 'hit' | 'repelled' | 'reroll';

/**
 * The comparison (SPEC A.4.6 steps 3–6) on sorted faces: highest against highest, ties move to the
 * next pair ("Sixes tie, move to second highest dice rolls"), "In the case of a tie with all dice,
 * then the defender is successful" (or the side with more dice, option `tieExhaustion`). Beginner
 * 1 v 1: a tie goes to the defender, or both dice are rolled again (`beginnerTies='reroll'`).
 */
export function engagementResult(
  attack: readonly number[],
  defence: readonly number[],
  rules: EngagementRules
): EngagementResult {
  if (rules.variant === 'beginner' && rules.beginnerTies === 'reroll') {
    const a = Math.max(...attack);
    const d = Math.max(...defence);
    if (a === d) return 'reroll';
    return a > d ? 'hit' : 'repelled';
  }
  const exhausted = rules.tieExhaustion === 'moreDiceWins' ? 'moreDice' : 'defender';
  return cascadeWinner(attack, defence, exhausted) === 'attacker' ? 'hit' : 'repelled';
}

export interface EngagementOutcome {
  result: EngagementResult;
  /** Sorted high to low. */
  attack: number[];
  defence: number[];
  /** Index of the pair that decided, or null when every compared pair tied. */
  decidedAt: number | null;
  /** "Sixes tie; five beats four: hit." */
  text: string;
}

const NAMES = ['', 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes'];
const NAME = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

/** Explains the comparison the way the rulebook captions do (illustrations 8a–8c). */
function explain(
  a: readonly number[],
  d: readonly number[],
  result: EngagementResult
): { at: number | null; text: string } {
  const parts: string[] = [];
  const n = Math.min(a.length, d.length);
  let at: number | null = null;
  for (let i = 0; i < n; i++) {
    if (a[i] === d[i]) {
      parts.push(`${NAMES[a[i]].replace(/^./, (c) => c.toUpperCase())} tie`);
      continue;
    }
    at = i;
    const hi = Math.max(a[i], d[i]);
    const lo = Math.min(a[i], d[i]);
    parts.push(`${NAME[hi].replace(/^./, (c) => c.toUpperCase())} beats ${NAME[lo]}`);
    break;
  }
  if (at === null)
    parts.push(
      n === a.length && n === d.length ? 'a tie with all dice' : 'every compared pair tied'
    );
  const end =
    result === 'hit' ? 'hit' : result === 'reroll' ? 'tie, roll again' : 'attack repelled';
  return { at, text: `${parts.join('; ')}: ${end}.` };
}

export interface EngagementInput {
  rules: EngagementRules;
  /** Dice counts (from `shipDice`, or HOMEPORT_DICE for a Homeport). */
  attackDice: number;
  defenceDice: number;
}

/** One attack and defence (SPEC A.4.6) from the faces both captains rolled. */
export function resolveEngagement(
  input: EngagementInput,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<EngagementOutcome> {
  if (input.attackDice < 1 || input.defenceDice < 1)
    return err('Both sides need at least one die.');
  const a = checkFaces(attackFaces, input.attackDice, 'Attacker');
  if (!a.ok) return a;
  const d = checkFaces(defenceFaces, input.defenceDice, 'Defender');
  if (!d.ok) return d;
  const result = engagementResult(a.value, d.value, input.rules);
  const { at, text } = explain(a.value, d.value, result);
  return ok({ result, attack: a.value, defence: d.value, decidedAt: at, text });
}

export interface HitOutcome {
  sheet: Sheet;
  state: SystemState;
  isSunk: boolean;
}

/**
 * Applies one hit (SPEC A.4.7): "the captain must give up one Prize Disk. … Place the discarded Prize
 * Disks to one side"; a ship with no disk left is sunk ("Three hits and you're sunk!").
 */
export function applyHit(sheet: Sheet, state: SystemState): HitOutcome {
  if (sheet.isSunk) return { sheet, state, isSunk: true };
  if (sheet.prizeDisks > 0) {
    return {
      sheet: { ...sheet, prizeDisks: sheet.prizeDisks - 1 },
      state: { ...state, discardedPrizeDisks: state.discardedPrizeDisks + 1 },
      isSunk: false
    };
  }
  return { sheet: { ...sheet, isSunk: true, mist: null }, state, isSunk: true };
}

/** Applies `hits` hits one by one (ramming, SPEC A.4.13 step 5). */
export function applyHits(sheet: Sheet, state: SystemState, hits: number): HitOutcome {
  let out: HitOutcome = { sheet, state, isSunk: sheet.isSunk };
  for (let i = 0; i < hits && !out.isSunk; i++) out = applyHit(out.sheet, out.state);
  return out;
}

/**
 * The defender's dice for its counter-attack (SPEC A.4.8 step 2, errata 6): by default the dice it
 * has after the initial attack ("will roll one less die during his or her next engagement"); with
 * `counterAttackDice='preHit'` the dice it had before.
 */
export function counterAttackDice(
  disksBefore: number,
  disksAfter: number,
  variant: GameVariant,
  opts: Pick<McOptions, 'counterAttackDice'>
): Result<number> {
  return shipDice(opts?.counterAttackDice === 'preHit' ? disksBefore : disksAfter, variant);
}

// ---------------------------------------------------------------------------------------------
// Boarding (SPEC A.3.6, A.4.11)

export type BoardingCondition =
  'attackerFullStrength' | 'defenderWeakened' | 'adjacent' | 'geometry';

/** The boarding conditions that fail (empty when boarding is allowed). The referee answers the map
 *  questions (adjacent, broadside to broadside or broadside to bow). */
export function boardingProblems(input: {
  attackerDisks: number;
  defenderDisks: number;
  isAdjacent: boolean;
  isBroadsideToBroadsideOrBow: boolean;
}): BoardingCondition[] {
  const out: BoardingCondition[] = [];
  if (input.attackerDisks !== MAX_PRIZE_DISKS) out.push('attackerFullStrength');
  if (input.defenderDisks >= MAX_PRIZE_DISKS) out.push('defenderWeakened');
  if (!input.isAdjacent) out.push('adjacent');
  if (!input.isBroadsideToBroadsideOrBow) out.push('geometry');
  return out;
}

export interface BoardingOutcome {
  isSuccess: boolean;
  attack: number[];
  defence: number[];
  text: string;
}

/**
 * Boarding (SPEC A.4.11): the attacker rolls three dice (it is at full strength), the defender 1 +
 * Prize Disks; "every die rolled by the attacking ship must exceed the highest die rolled by the
 * defending ship".
 */
export function resolveBoarding(
  defenderDisks: number,
  attackFaces: readonly number[],
  defenceFaces: readonly number[]
): Result<BoardingOutcome> {
  const disks = asDisks(defenderDisks);
  if (!disks.ok) return disks;
  if (disks.value === MAX_PRIZE_DISKS)
    return err('The ship being attacked cannot be at full-strength.');
  const a = checkFaces(attackFaces, DICE_BY_PRIZE_DISKS[2], 'Boarders');
  if (!a.ok) return a;
  const d = checkFaces(defenceFaces, DICE_BY_PRIZE_DISKS[disks.value], 'Defender');
  if (!d.ok) return d;
  const isSuccess = allExceedHighest(a.value, d.value);
  const low = a.value[a.value.length - 1];
  const high = d.value[0];
  const text = isSuccess
    ? `Every boarding die beats the defender's ${high}: the ship is taken.`
    : `The boarders' ${low} does not exceed the defender's ${high}: boarding fails.`;
  return ok({ isSuccess, attack: a.value, defence: d.value, text });
}

/**
 * A successful boarding (SPEC A.4.11 step 4): "the attacking captain takes command of the boarded ship
 * and adds this to his or her fleet". [DEFAULT] it keeps its disks (A.5 #16). The battle layer moves the
 * ship to the captor (BattleShip.player); the sheet records from whom it was taken.
 */
export function applyBoarding(
  boarded: Sheet,
  fromPlayerId: string,
  captorHomeport: Compass | null
): Sheet {
  return {
    ...boarded,
    capturedFrom: fromPlayerId,
    homeport: captorHomeport,
    repelledFromHomeport: null
  };
}

// ---------------------------------------------------------------------------------------------
// Raids on Homeports (SPEC A.4.12)

/** Whether this ship may raid this Homeport (SPEC A.4.12 steps 1, 5; errata 5; A.5 #13). */
export function raidProblems(input: {
  raider: Sheet;
  raiderHomeport: Compass | null;
  target: Compass;
  targetOwnerId: string | null;
  raiderOwnerId: string;
  isBroadsideInRange: boolean;
}): string[] {
  const out: string[] = [];
  if (input.raider.isSunk) out.push('The ship is sunk.');
  if (input.targetOwnerId === null) out.push('Only an enemy Homeport can be raided.');
  if (input.targetOwnerId === input.raiderOwnerId || input.raiderHomeport === input.target)
    out.push('A captain cannot raid their own Homeport.');
  if (input.raider.repelledFromHomeport === input.target)
    out.push(
      'Repelled: it cannot return until it has engaged an opposing ship or another enemy Homeport.'
    );
  if (!input.isBroadsideInRange) out.push('The ship must be broadside to the Homeport, in range.');
  return out;
}

/** A raid attack (SPEC A.4.12 step 2): the ship's dice against the Homeport's three. */
export function resolveRaid(
  raiderDisks: number,
  rules: EngagementRules,
  attackFaces: readonly number[],
  homeportFaces: readonly number[]
): Result<EngagementOutcome> {
  const disks = asDisks(raiderDisks);
  if (!disks.ok) return disks;
  return resolveEngagement(
    {
      rules: { ...rules, variant: 'advanced' },
      attackDice: shipDiceOf(disks.value, 'advanced'),
      defenceDice: HOMEPORT_DICE
    },
    attackFaces,
    homeportFaces
  );
}

/**
 * A successful raid (SPEC A.4.12 step 3): "the Homeport loses one Repair Card to the attacker; the
 * attacker places the Repair Card at his Homeport". An empty Homeport yields nothing. Engaging a
 * different Homeport clears a ship's earlier repulse (step 5); the caller clears it on the sheet.
 */
export function applyRaidHit(
  state: SystemState,
  target: Compass,
  raiderHomeport: Compass | null
): { state: SystemState; cardsTaken: number } {
  const from = state.homeports[target];
  if (from.repairCards === 0) return { state, cardsTaken: 0 };
  const homeports = {
    ...state.homeports,
    [target]: { ...from, repairCards: from.repairCards - 1 }
  };
  if (raiderHomeport !== null && raiderHomeport !== target) {
    const to = homeports[raiderHomeport];
    homeports[raiderHomeport] = { ...to, repairCards: to.repairCards + 1 };
  }
  return { state: { ...state, homeports }, cardsTaken: 1 };
}

/** A Homeport's counter-attack (SPEC A.4.12 step 4): its three dice against the ship's. */
export function resolveHomeportCounter(
  shipDisks: number,
  rules: EngagementRules,
  homeportFaces: readonly number[],
  shipFaces: readonly number[]
): Result<EngagementOutcome> {
  const disks = asDisks(shipDisks);
  if (!disks.ok) return disks;
  return resolveEngagement(
    {
      rules: { ...rules, variant: 'advanced' },
      attackDice: HOMEPORT_DICE,
      defenceDice: shipDiceOf(disks.value, 'advanced')
    },
    homeportFaces,
    shipFaces
  );
}

/** A successful Homeport counter-attack: "they do not receive a Prize Disk; instead the invading ship
 *  is simply repelled and must leave the Homeport without further attack" (SPEC A.4.12 step 4). */
export function applyRepelled(raider: Sheet, homeport: Compass): Sheet {
  return { ...raider, repelledFromHomeport: homeport };
}

/** "until it has engaged an opposing ship or another enemy Homeport" (SPEC A.4.12 step 5). */
export function clearRepulseOnEngagement(
  sheet: Sheet,
  engaged: { homeport: Compass } | 'ship'
): Sheet {
  if (sheet.repelledFromHomeport === null) return sheet;
  if (engaged !== 'ship' && engaged.homeport === sheet.repelledFromHomeport) return sheet;
  return { ...sheet, repelledFromHomeport: null };
}

// ---------------------------------------------------------------------------------------------
// Ramming (SPEC A.3.5, A.4.13)

/** "If the roll is a six, a ram has occurred." */
export function resolveRamAttempt(face: number): Result<{ isRam: boolean; text: string }> {
  const f = checkFaces([face], 1, 'Ram');
  if (!f.ok) return f;
  const isRam = face === RAM_SUCCESS_FACE;
  return ok({
    isRam,
    text: isRam ? 'A six: a ram has occurred! Roll for damage.' : `A ${face}: no ram.`
  });
}

/** Ramming damage (SPEC A.3.5): 1–2 none, 3–4 one Prize Disk, 5–6 two. */
export function resolveRamDamage(face: number): Result<{ disksLost: number; text: string }> {
  const row = RAM_DAMAGE.find((r) => r.faces.includes(face));
  if (!row) return err(`${face} is not a face of a d6.`);
  const text =
    row.disksLost === 0
      ? 'No damage.'
      : `The rammed ship must relinquish ${row.disksLost === 1 ? 'one Prize Disk' : 'two Prize Disks'}.`;
  return ok({ disksLost: row.disksLost, text });
}

/** Ram damage as hits (SPEC A.4.13 step 5 [DEFAULT], A.5 #19): "A ship may be sunk by ramming." */
export function applyRamDamage(sheet: Sheet, state: SystemState, disksLost: number): HitOutcome {
  return applyHits(sheet, state, disksLost);
}
