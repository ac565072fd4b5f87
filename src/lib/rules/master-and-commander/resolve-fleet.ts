// Master and Commander: repairs, the Mist, whether a card is drawn (the cards themselves are
// resolve-cards.ts), elimination and victory (SPEC A.4.7 step 4, A.4.9, A.4.10, A.4.14). Pure.
import { err, ok, type Result } from '../../engine/result';
import type { McOptions } from './options';
import { beginShipTurn, passTurn } from './resolve-wind';
import type { Modules, Sheet, SystemState } from './sheet';
import {
  MAX_PRIZE_DISKS,
  REPAIR_COST,
  type Compass,
  type GameVariant,
  type RepairPlace
} from './tables';

// ---------------------------------------------------------------------------------------------
// Repair (SPEC A.3.4, A.4.9)

export interface RepairInput {
  variant: GameVariant;
  sheet: Sheet;
  place: RepairPlace;
  /** Cards in the pile at the ship's (commanding player's) Homeport. */
  repairCards: number;
  discardedPrizeDisks: number;
}

export interface RepairOutcome {
  cost: number;
  disks: number;
  text: string;
}

/**
 * One repair: "Homeport repairs require a permanent exchange of one Repair Card for one Prize Disk.
 * Sea repairs … require an exchange of two Repair Cards for each Prize Disk recovered." A disk must be
 * in the discarded pool ("A player seeking repair takes a Prize Disk that has been set aside"), and
 * [DEFAULT] one disk per ship per turn (`repairLimitPerTurn`).
 */
export function resolveRepair(
  input: RepairInput,
  opts: Pick<McOptions, 'repairLimitPerTurn'>
): Result<RepairOutcome> {
  const { sheet, place } = input;
  if (input.variant === 'beginner') return err('There are no repairs in the Beginner game.');
  if (sheet.isSunk) return err('A sunk ship cannot be repaired.');
  if (sheet.prizeDisks >= MAX_PRIZE_DISKS) return err('The ship is at full strength.');
  if (input.discardedPrizeDisks < 1) return err('No discarded Prize Disk is set aside to reclaim.');
  if (opts.repairLimitPerTurn !== 'unlimited' && sheet.repairsThisTurn >= opts.repairLimitPerTurn) {
    return err(
      'This ship has already been repaired this turn; stay in port to repair again next turn.'
    );
  }
  if (place === 'homeport' && sheet.location !== 'homeport')
    return err('The ship is not at its Homeport.');
  if (place === 'anchor' && sheet.location !== 'anchor')
    return err('To repair at sea, a captain must sail to one of the anchor icons.');
  if (place === 'homeport' && sheet.homeport === null) return err('The ship has no Homeport.');
  const { cards, disks } = REPAIR_COST[place];
  if (input.repairCards < cards) {
    return err(
      `${cards} Repair ${cards === 1 ? 'Card is' : 'Cards are'} needed, ${input.repairCards} left.`
    );
  }
  const text =
    place === 'homeport'
      ? 'One Repair Card exchanged for one Prize Disk at the Homeport.'
      : 'Two Repair Cards exchanged for one Prize Disk at the anchor.';
  return ok({ cost: cards, disks, text });
}

/**
 * Applies a repair: the cards "are eliminated from play" from the pile at the ship's Homeport and a
 * disk moves from the discarded pool onto the ship (SPEC A.4.9 step 3).
 */
export function applyRepair(
  sheet: Sheet,
  state: SystemState,
  outcome: RepairOutcome,
  pileAt: Compass
): { sheet: Sheet; state: SystemState } {
  const port = state.homeports[pileAt];
  return {
    sheet: {
      ...sheet,
      prizeDisks: Math.min(MAX_PRIZE_DISKS, sheet.prizeDisks + outcome.disks),
      repairsThisTurn: sheet.repairsThisTurn + 1
    },
    state: {
      ...state,
      discardedPrizeDisks: state.discardedPrizeDisks - outcome.disks,
      homeports: {
        ...state.homeports,
        [pileAt]: { ...port, repairCards: port.repairCards - outcome.cost }
      }
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Mist (SPEC A.3.8, A.4.14)

export type MistStatus = 'none' | 'entered' | 'lostTurn' | 'mustExit';

export function mistStatus(sheet: Sheet): MistStatus {
  return sheet.mist?.phase ?? 'none';
}

/** "A player may enter the Mist from any direction": the ship is now "safe from enemy fire". */
export function enterMist(sheet: Sheet, turn: number): Sheet {
  return { ...sheet, location: 'mist', mist: { enteredOnTurn: turn, phase: 'entered' } };
}

/** Leaving the Mist ("After losing one turn, a player must exit the Mist"). */
export function exitMist(sheet: Sheet): Result<Sheet> {
  if (sheet.mist === null) return err('The ship is not in the Mist.');
  if (sheet.mist.phase !== 'mustExit')
    return err('A ship entering the mist must lose one turn before exiting.');
  return ok({ ...sheet, location: 'sea', mist: null });
}

/** Can this ship be fired upon? Not in the Mist: "safe from enemy fire" (SPEC A.4.5 step 7). */
export function canBeTargeted(sheet: Sheet): boolean {
  return !sheet.isSunk && sheet.mist === null;
}

/** Can this ship fire? Not from the Mist unless `mistShipMayFireOut` (SPEC A.4.14 step 2), nor on a
 *  lost Mist turn. */
export function canFire(sheet: Sheet, opts: Pick<McOptions, 'mistShipMayFireOut'>): boolean {
  if (sheet.isSunk) return false;
  if (sheet.mist === null) return true;
  return opts.mistShipMayFireOut && sheet.mist.phase !== 'lostTurn';
}

/** With `mistLoseTurnScope='player'` one ship's lost Mist turn costs the whole fleet its turn. */
export function isFleetTurnLost(
  fleet: readonly Sheet[],
  opts: Pick<McOptions, 'mistLoseTurnScope'>
): boolean {
  return opts.mistLoseTurnScope === 'player' && fleet.some((s) => s.mist?.phase === 'lostTurn');
}

// ---------------------------------------------------------------------------------------------
// Master and Commander cards (SPEC A.4.10). The card texts are user data (SPEC A.6).

export type EngagementKind =
  'attack' | 'counterAttack' | 'boarding' | 'raid' | 'homeportCounter' | 'ram';

/**
 * Must a card be drawn first? "Each time you initiate an engagement, you must draw a Master and
 * Commander card first." Counter-attacks do not initiate; boarding and raids do by default
 * (`cardsOnRaidsAndBoarding`, A.5 #14).
 */
export function isCardDrawRequired(
  kind: EngagementKind,
  modules: Modules,
  opts: Pick<McOptions, 'cardsOnRaidsAndBoarding'>
): boolean {
  if (!modules.cards) return false;
  if (kind === 'attack') return true;
  if (kind === 'boarding' || kind === 'raid') return opts.cardsOnRaidsAndBoarding;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Elimination and victory (SPEC A.4.7 step 4)

export interface FleetShip {
  playerId: string;
  sheet: Sheet;
}

/** "A player with no ships afloat is eliminated." */
export function applyEliminations(state: SystemState, ships: readonly FleetShip[]): SystemState {
  const players = state.players.map((p) => ({
    ...p,
    isEliminated: !ships.some((s) => s.playerId === p.id && !s.sheet.isSunk)
  }));
  return { ...state, players };
}

/** "Winning: Be the last Captain with a ship under sail." null while two or more captains sail. */
export function winnerId(ships: readonly FleetShip[]): string | null {
  const afloat = new Set(ships.filter((s) => !s.sheet.isSunk).map((s) => s.playerId));
  return afloat.size === 1 ? [...afloat][0] : null;
}

/**
 * The end of a player's turn (SPEC A.4.15 step 4): eliminations, the turn passes to the left (with
 * the sand checked at `now`), and the new player's ships begin their turn (movement, repair count,
 * Mist clock). Returns the new state and the updated sheets by ship id.
 */
export function advanceTurn(
  state: SystemState,
  ships: readonly (FleetShip & { id: string })[],
  now: number
): { state: SystemState; sheets: Record<string, Sheet> } {
  const next = passTurn(applyEliminations(state, ships), now);
  const sheets: Record<string, Sheet> = {};
  for (const s of ships) {
    sheets[s.id] =
      s.playerId === next.activePlayerId && !s.sheet.isSunk ? beginShipTurn(s.sheet) : s.sheet;
  }
  return { state: next, sheets };
}
