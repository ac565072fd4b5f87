import type { ReloadScope, WwOptions } from './options';
import type { BoardingState, Sheet } from './sheet';
import { CRIPPLED_PERCENT, type Battery, type TargetArea } from './tables';

// What the turn model, the system's summary and the turn's start read of a ship (moved this step,
// guns loaded, crippled, boarding rounds left, loot aboard), apart from the moves and resolvers that
// write it: the battle's first screen reads these and loads no move (issue 40). The moves and
// resolvers read them too (resolve-turn, resolve-boarding, orders-preview, loot-preview and
// boarding-fight re-export them where they were).

/** Whether the ship has had her Step 1 this turn (one move per ship per step). */
export function hasMoved(sheet: Sheet): boolean {
  return sheet.moveThisTurn !== undefined && sheet.moveThisTurn !== null;
}

/** "At the start of each turn, clear attackedThisTurn and firedThisTurn" (and an upgrade's end of
 *  turn); a boarding that goes on starts the turn's count of rounds again (B.4.7 step 5). */
export function startTurn(sheet: Sheet): Sheet {
  return {
    ...sheet,
    firedThisTurn: [],
    hasAttackedThisTurn: false,
    hasEndedTurn: false,
    boarding: sheet.boarding ? { ...sheet.boarding, roundsThisTurn: 0 } : null,
    moveThisTurn: null
  };
}

/**
 * "Did ye fire the guns this turn already? Aye?! You can't load em now". Default (Errata #14)
 * 'wholeShip': nothing loads if any battery fired; 'perBattery': only those that fired wait.
 */
export function canLoad(sheet: Sheet, battery: Battery, scope: ReloadScope): boolean {
  if (sheet.status !== 'active' || sheet.hasEndedTurn) return false;
  if (scope === 'wholeShip' && sheet.firedThisTurn.length > 0) return false;
  return !sheet.firedThisTurn.includes(battery);
}

/** "You need to sink the rest of them that aren't yours." The winning player, if one is left. */
export function victor(
  ships: readonly { player: string; status: Sheet['status'] }[]
): string | null {
  const afloat = new Set(ships.filter((s) => s.status === 'active').map((s) => s.player));
  return afloat.size === 1 ? [...afloat][0] : null;
}

/** "reduced to 10% or less of its original HP", integer-exact: 10 × current ≤ original (B.3.9). */
export function isCrippledArea(points: { original: number; current: number }): boolean {
  return 100 * points.current <= CRIPPLED_PERCENT * points.original;
}

/** The areas of a ship crippled enough to be boarded ("Whether by hulling the vessel, stripping her
 *  yard arms bare or sending her crew to meet their maker"). */
export function crippledAreas(sheet: Sheet): TargetArea[] {
  return (['hull', 'rigging', 'crew'] as const).filter((a) => isCrippledArea(sheet[a]));
}

/** Which gun batteries hold a charge. */
export function hasLoadedGuns(sheet: Sheet): boolean {
  return Object.values(sheet.loaded).some((a) => a !== null);
}

/**
 * B.4.7 step 5, option `boardingRoundsPerTurn` (B.5 #8): the rounds this boarding may still fight
 * this turn. 'untilResolved' (default): no limit, the fight goes on to the end in one Step 4. A
 * number: that many rounds a turn, then the boarding persists to the next turn's Step 4.
 */
export function boardingRoundsLeft(
  boarding: BoardingState,
  options: Pick<WwOptions, 'boardingRoundsPerTurn'>
): number {
  const limit = options.boardingRoundsPerTurn;
  if (limit === 'untilResolved') return Number.POSITIVE_INFINITY;
  return Math.max(0, limit - (boarding.roundsThisTurn ?? 0));
}

/**
 * B.4.7 step 5 with option `boardingRoundsPerTurn`: why no more rounds may be fought this turn, or
 * null when they may.
 */
export function roundLimitReached(attacker: Sheet, options: WwOptions): string | null {
  const limit = options.boardingRoundsPerTurn;
  if (!attacker.boarding || limit === 'untilResolved') return null;
  if (boardingRoundsLeft(attacker.boarding, options) > 0) return null;
  return `This battle fights ${limit} boarding round${limit === 1 ? '' : 's'} a turn: ${attacker.name}'s boarders fight on in next turn's Step 4, unless they withdraw or the defenders surrender.`;
}

/** B.4.8: "either the upgrade cards in the ship's hold or the amount listed on the loot card
 *  multiplied by the ship's hold rating (your choice, but make it wisely!)". */
export function lootOptions(prize: Sheet): {
  upgradeCards: Sheet['upgradeCards'];
  lootAmount: number | null;
} {
  return {
    upgradeCards: prize.upgradeCards,
    lootAmount: prize.lootCard ? prize.lootCard.amount * prize.chart.holdRating : null
  };
}

/** Whether a captured prize still has loot to take (money or cards) and has not been looted. */
export function isLootable(sheet: Sheet): boolean {
  if (sheet.status !== 'captured' || sheet.lootedBy) return false;
  const o = lootOptions(sheet);
  return o.lootAmount !== null || o.upgradeCards.length > 0;
}
