// Master and Commander: repairs, the Mist, Master and Commander cards, elimination and victory
// (SPEC A.4.7 step 4, A.4.9, A.4.10, A.4.14). Pure.
import { err, ok, type Result } from '../../engine/result';
import type { McOptions } from './options';
import { beginShipTurn, passTurn } from './resolve-wind';
import type { CardEffect, CardsState, McCard, Modules, Sheet, SystemState } from './sheet';
import { applyHit } from './resolve-combat';
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

/** More cards than any deck (issue 17 #9: a shuffle of 1e174 cards exhausted the worker). */
export const MAX_SHUFFLE_CARDS = 1000;

/**
 * Die sizes for a Fisher–Yates shuffle of n cards: d(n), d(n−1), …, d2. A count that is not a
 * whole number of cards up to MAX_SHUFFLE_CARDS has no dice to roll (`shuffleWithFaces` refuses it).
 */
export function shuffleDieSides(n: number): number[] {
  const out: number[] = [];
  if (!Number.isInteger(n) || n > MAX_SHUFFLE_CARDS) return out;
  for (let k = n; k >= 2; k--) out.push(k);
  return out;
}

/** Shuffles ids with the faces of `shuffleDieSides(ids.length)` (every order equally likely). */
export function shuffleWithFaces<T>(ids: readonly T[], faces: readonly number[]): Result<T[]> {
  if (ids.length > MAX_SHUFFLE_CARDS)
    return err(`A shuffle takes at most ${MAX_SHUFFLE_CARDS} cards.`);
  const sides = shuffleDieSides(ids.length);
  if (faces.length !== sides.length) return err(`${sides.length} dice needed to shuffle.`);
  const out = [...ids];
  for (let i = 0; i < sides.length; i++) {
    const k = sides[i];
    const f = faces[i];
    if (!Number.isInteger(f) || f < 1 || f > k) return err(`${f} is not a face of a d${k}.`);
    const last = k - 1;
    const j = f - 1;
    [out[last], out[j]] = [out[j], out[last]];
  }
  return ok(out);
}

/**
 * Replaces the card list (entered mode). `order` is the face-down pile, top first: every card not held
 * by a player, once. Held cards stay held (those whose card was removed are dropped).
 */
export function setCardLibrary(
  state: SystemState,
  cards: readonly McCard[],
  order: readonly string[]
): Result<SystemState> {
  const ids = new Set(cards.map((c) => c.id));
  if (ids.size !== cards.length) return err('Card ids must be unique.');
  const held = state.cards.held.filter((h) => ids.has(h.cardId));
  const heldIds = new Set(held.map((h) => h.cardId));
  const pileIds = new Set(order);
  const isComplete =
    pileIds.size === order.length &&
    order.every((id) => ids.has(id) && !heldIds.has(id)) &&
    order.length + heldIds.size === cards.length;
  if (!isComplete) return err('The pile must list every card not held, once.');
  return ok({
    ...state,
    cards: { ...state.cards, mode: 'entered', library: [...cards], drawPile: [...order], held }
  });
}

export type DrawOutcome =
  | { kind: 'physical'; drawNumber: number; text: string }
  | { kind: 'card'; card: McCard; drawNumber: number; isKept: boolean; text: string };

/**
 * Draws the top card for `playerId`. Physical deck: the app only counts the draw. Entered deck: a
 * "keep until they apply" card goes to the player's hand; any other card is used now and "Once used,
 * place the card at the bottom of the pile."
 */
export function drawCard(
  state: SystemState,
  playerId: string
): Result<{ state: SystemState; outcome: DrawOutcome }> {
  const c = state.cards;
  const drawNumber = c.drawCount + 1;
  if (c.mode === 'physical') {
    return ok({
      state: { ...state, cards: { ...c, drawCount: drawNumber } },
      outcome: {
        kind: 'physical',
        drawNumber,
        text: `Draw a Master and Commander card (draw ${drawNumber}), read it aloud and follow your fate.`
      }
    });
  }
  const [top, ...rest] = c.drawPile;
  if (top === undefined) return err('The pile is empty: every card is held by a player.');
  const card = c.library.find((x) => x.id === top);
  if (!card) return err(`Card ${top} is missing from the card list.`);
  const isKept = card.keepUntilApplies;
  return ok({
    state: {
      ...state,
      cards: {
        ...c,
        drawCount: drawNumber,
        drawPile: isKept ? rest : [...rest, top],
        held: isKept ? [...c.held, { playerId, cardId: top }] : c.held
      }
    },
    outcome: {
      kind: 'card',
      card,
      drawNumber,
      isKept,
      text: isKept
        ? 'Keep this card until it applies.'
        : 'Follow the card now; it goes to the bottom of the pile.'
    }
  });
}

/** A held card applies: it is used and goes "at the bottom of the pile". */
export function playHeldCard(
  state: SystemState,
  playerId: string,
  cardId: string
): Result<SystemState> {
  const i = state.cards.held.findIndex((h) => h.playerId === playerId && h.cardId === cardId);
  if (i < 0) return err('That player does not hold that card.');
  const held = state.cards.held.filter((_, k) => k !== i);
  return ok({
    ...state,
    cards: { ...state.cards, held, drawPile: [...state.cards.drawPile, cardId] }
  });
}

/**
 * The card a change of the deck used up, if any: the top card drawn and not kept ("Other cards should
 * be used immediately"), or a held card played ("kept until they apply").
 */
export function usedCard(before: CardsState, after: CardsState): McCard | null {
  if (before.mode !== 'entered') return null;
  const heldAfter = new Set(after.held.map((h) => h.cardId));
  let id: string | undefined;
  if (after.drawCount > before.drawCount) {
    const top = before.drawPile[0];
    if (top !== undefined && !heldAfter.has(top)) id = top;
  } else {
    id = before.held.find((h) => !heldAfter.has(h.cardId))?.cardId;
  }
  return id === undefined ? null : (before.library.find((c) => c.id === id) ?? null);
}

export interface CardEffectOutcome {
  sheet: Sheet;
  state: SystemState;
  /** The drawing ship loses the attack it drew for (`loseAttack`); the caller records it. */
  isAttackLost: boolean;
  text: string;
}

/**
 * Applies a user-entered card's structured effect (SPEC A.6) to the ship that drew it and its
 * captain's Homeport pile. Disks come from those set aside and go back there (SPEC A.4.7, A.4.9); a
 * lost disk is a hit, so a ship without one sinks. Effects that cannot happen do nothing, and say so.
 */
export function applyCardEffect(
  effect: CardEffect,
  sheet: Sheet,
  state: SystemState,
  homeport: Compass | null
): CardEffectOutcome {
  const none = (text: string): CardEffectOutcome => ({ sheet, state, isAttackLost: false, text });
  switch (effect) {
    case 'manual':
      return none('Follow the card as written.');
    case 'gainDisk':
      if (sheet.isSunk || sheet.prizeDisks >= MAX_PRIZE_DISKS)
        return none(`${sheet.name} is at full strength: no disk to regain.`);
      if (state.discardedPrizeDisks < 1) return none('No Prize Disk is set aside to take.');
      return {
        sheet: { ...sheet, prizeDisks: sheet.prizeDisks + 1 },
        state: { ...state, discardedPrizeDisks: state.discardedPrizeDisks - 1 },
        isAttackLost: false,
        text: `${sheet.name} regains a Prize Disk (${sheet.prizeDisks + 1}).`
      };
    case 'loseDisk': {
      const hit = applyHit(sheet, state);
      return {
        sheet: hit.sheet,
        state: hit.state,
        isAttackLost: false,
        text: hit.isSunk
          ? `${sheet.name} is sunk.`
          : `${sheet.name} gives up a Prize Disk (${hit.sheet.prizeDisks} left).`
      };
    }
    case 'gainRepairCard':
    case 'loseRepairCard': {
      if (homeport === null) return none('The captain has no Homeport to hold Repair Cards.');
      const port = state.homeports[homeport];
      const delta = effect === 'gainRepairCard' ? 1 : -1;
      if (port.repairCards + delta < 0) return none('The Homeport has no Repair Card to lose.');
      return {
        sheet,
        state: {
          ...state,
          homeports: {
            ...state.homeports,
            [homeport]: { ...port, repairCards: port.repairCards + delta }
          }
        },
        isAttackLost: false,
        text: `The ${homeport} Homeport now holds ${port.repairCards + delta} Repair Card${port.repairCards + delta === 1 ? '' : 's'}.`
      };
    }
    case 'loseAttack':
      return { sheet, state, isAttackLost: true, text: `${sheet.name} loses this attack.` };
  }
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
