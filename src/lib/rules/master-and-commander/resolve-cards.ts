// Master and Commander cards (SPEC A.4.10): the shuffle, the draw, a held card played and what a
// card does. The card texts are user data (SPEC A.6). Pure. Apart from resolve-fleet.ts (whether a
// card is owed, which the turn model reads) so the battle's first screen loads none of this, nor
// the combat a card applies (issue 40).
import { err, ok, type Result } from '../../engine/result';
import type { CardEffect, CardsState, McCard, Sheet, SystemState } from './sheet';
import { applyHit } from './resolve-combat';
import { MAX_PRIZE_DISKS, type Compass } from './tables';

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
