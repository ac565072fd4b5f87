// What the card pad asks of the deck (SPEC A.4.10, A.6): the card move's input (issue 31). The
// pad says what the referee did (draw, shuffle, type a card in, use a held card, choose the deck);
// the move works the deck out from the deck it reads and plays the change as one event. Only the
// move reads these; the pad asks the move's preview what each would do.
import * as z from 'zod/mini';
import type { DiceNeed } from '../../battle/move';
import { textInput } from '../../engine/input-kit';
import { err, ok, type Result } from '../../engine/result';
import {
  drawCard,
  playHeldCard,
  setCardLibrary,
  shuffleDieSides,
  shuffleWithFaces,
  type DrawOutcome
} from './resolve-cards';
import {
  CARD_EFFECTS,
  defaultSystemState,
  type CardEffect,
  type CardsState,
  type SystemState
} from './sheet';

export type { DrawOutcome };

const who = textInput(100);

export const cardChangeSchema = z.discriminatedUnion('kind', [
  /** The top card drawn by `playerId` (in a battle the captain to engage). */
  z.strictObject({ kind: z.literal('draw'), playerId: who }),
  /** The pile shuffled with these faces of the dice `shuffleDice` asks for. */
  z.strictObject({
    kind: z.literal('shuffle'),
    faces: z.array(z.int().check(z.gte(1), z.lte(1000))).check(z.maxLength(1000))
  }),
  /** A card typed in, put at the bottom of the pile. */
  z.strictObject({
    kind: z.literal('add'),
    text: textInput(1000),
    keepUntilApplies: z.boolean(),
    effect: z.enum(CARD_EFFECTS.map((e) => e.id) as [CardEffect, ...CardEffect[]])
  }),
  /** A held card used ("kept until they apply"): to the bottom of the pile. */
  z.strictObject({ kind: z.literal('play'), playerId: who, cardId: textInput(40) }),
  /** The physical deck (the app counts the draws) or the cards typed in. */
  z.strictObject({ kind: z.literal('mode'), mode: z.enum(['physical', 'entered']) })
]);
export type CardChange = z.infer<typeof cardChangeSchema>;

/** The deck after the change, in the system it is part of; or why the move refuses it. */
export function deckAfter(system: SystemState, change: CardChange): Result<CardsState> {
  const deck = system.cards;
  switch (change.kind) {
    case 'draw': {
      const active = system.activePlayerId;
      if (active !== null && change.playerId !== active)
        return err('Only the captain to engage draws a card now.');
      const r = drawCard(system, change.playerId);
      return r.ok ? ok(r.value.state.cards) : r;
    }
    case 'shuffle': {
      const problem = shuffleProblem(deck);
      if (problem !== null) return err(problem);
      const order = shuffleWithFaces(deck.drawPile, change.faces);
      if (!order.ok) return order;
      const r = setCardLibrary(system, deck.library, order.value);
      return r.ok ? ok(r.value.cards) : r;
    }
    case 'add': {
      const text = change.text.trim();
      if (text === '') return err('Type the card’s text first.');
      const id = `c${deck.library.length + 1}-${deck.drawCount}`;
      const card = { id, text, keepUntilApplies: change.keepUntilApplies, effect: change.effect };
      const r = setCardLibrary(system, [...deck.library, card], [...deck.drawPile, id]);
      return r.ok ? ok(r.value.cards) : r;
    }
    case 'play': {
      const r = playHeldCard(system, change.playerId, change.cardId);
      return r.ok ? ok(r.value.cards) : r;
    }
    case 'mode':
      return ok({ ...deck, mode: change.mode });
  }
}

/** Why the pile cannot be shuffled (fewer than two cards typed in are in it), else null. */
export function shuffleProblem(deck: CardsState): string | null {
  return deck.mode !== 'entered' || deck.drawPile.length < 2
    ? 'Fewer than two cards typed in are in the pile: nothing to shuffle.'
    : null;
}

/** The dice a shuffle of the pile asks for: a d(n), a d(n−1), … a d2, the app's or the table's
 *  (every order of the pile equally likely; `shuffleWithFaces`). None for another change. */
export function shuffleDice(deck: CardsState, change: CardChange): DiceNeed[] {
  if (change.kind !== 'shuffle') return [];
  return shuffleDieSides(deck.drawPile.length).map((sides) => ({
    count: 1,
    sides,
    label: `Shuffle: d${sides}`,
    ship: null,
    isHighGood: true
  }));
}

/**
 * What a draw did, read from the deck before and after it (a label for the pad: the card that was
 * on top, whether its drawer keeps it); null when no card was drawn.
 */
export function drawnFrom(before: CardsState, after: CardsState): DrawOutcome | null {
  if (after.drawCount <= before.drawCount) return null;
  const held = after.held.find((h) => h.cardId === before.drawPile[0]);
  const system = defaultSystemState({ variant: 'advanced', modules: { cards: true } });
  const r = drawCard({ ...system, cards: before }, held?.playerId ?? '');
  return r.ok ? r.value.outcome : null;
}
