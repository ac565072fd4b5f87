import { COMMITMENT_PATTERN, commitment, verifyReveal } from '../../battle/secret';
import { err, ok, type Result } from '../../engine/result';
import type { CardsState, McCard } from './sheet';
import { heldSecretOf as secretOf } from './cards-hands';

/**
 * The Master and Commander deck on the live table (#19 item 5). In one device's battle the whole
 * deck is in the shared state: the typed-in library, the draw pile's order, who holds which card.
 * Shared live, that would tell every phone the next card and the opponents' hands. The split:
 *
 * - public (the shared state every replica holds): the mode, the count of cards drawn, and for
 *   each held card only its holder and a commitment to it — so the table sees "Anna holds 2 cards";
 * - the referee's private part: the library (the cards' texts) and the draw pile's order;
 * - each seat's private part: its held cards, each with the salt of its commitment.
 *
 * A card played from the hand is revealed with its salt and checked against the commitment made
 * when it was drawn (`verifyHeld`), so nobody can play a card they did not draw. The referee's
 * device, which opens every private part, rebuilds the whole deck (`joinCards`) to run the card
 * moves on; what it publishes is `splitCards(...).public`.
 */

export interface RefereeDeck {
  library: McCard[];
  drawPile: string[];
}

export interface HeldSecret {
  card: McCard;
  salt: string;
}

export interface SplitCards {
  public: CardsState;
  referee: RefereeDeck;
  /** Held cards by player id. */
  seats: Record<string, HeldSecret[]>;
}

/** The commitment to one held card (its holder, id, text and effect) under `salt`. */
export function heldCommitment(playerId: string, card: McCard, salt: string): string {
  return commitment(secretOf(playerId, card), salt);
}

/** True when `secret` is the card `playerId` committed to with `hash`. */
export function verifyHeld(hash: string, playerId: string, secret: HeldSecret): boolean {
  return verifyReveal(hash, secretOf(playerId, secret.card), secret.salt);
}

/**
 * Splits the whole deck into its public and private parts; `saltFor(cardId)` gives each held card
 * its salt (saltOf(getRandomValues), kept with the card in the seat's part). A held card the
 * library does not know (physical deck) is committed to by its id alone.
 */
export function splitCards(cards: CardsState, saltFor: (cardId: string) => string): SplitCards {
  const byId = new Map(cards.library.map((c) => [c.id, c]));
  const seats: Record<string, HeldSecret[]> = {};
  const held = cards.held.map((h) => {
    const card = byId.get(h.cardId) ?? { id: h.cardId, text: '', keepUntilApplies: true };
    const salt = saltFor(h.cardId);
    (seats[h.playerId] ??= []).push({ card, salt });
    return { playerId: h.playerId, cardId: heldCommitment(h.playerId, card, salt) };
  });
  return {
    public: { mode: cards.mode, library: [], drawPile: [], held, drawCount: cards.drawCount },
    referee: { library: cards.library, drawPile: cards.drawPile },
    seats
  };
}

/**
 * The whole deck again, on the referee's device, from the public part and every private part;
 * refused when a seat's card does not match the commitment the public part holds for it.
 *
 * The public part may still hold open cards, which join as they are: a card played from a hand
 * is revealed, so the holder's device returns it "at the bottom of the pile" in the public part
 * (its `drawPile`) until the referee's next card move takes it into the private pile; and a deck
 * typed in before the battle was shared live is in the public part until that move hides it.
 */
export function joinCards(
  pub: CardsState,
  referee: RefereeDeck,
  seats: Readonly<Record<string, readonly HeldSecret[]>>
): Result<CardsState> {
  const used = new Map<string, number>();
  const held: CardsState['held'] = [];
  for (const h of pub.held) {
    if (!COMMITMENT_PATTERN.test(h.cardId)) {
      held.push(h);
      continue;
    }
    const mine = seats[h.playerId] ?? [];
    const from = used.get(h.playerId) ?? 0;
    const i = mine.findIndex((s, k) => k >= from && verifyHeld(h.cardId, h.playerId, s));
    if (i < 0) return err(`A card held by ${h.playerId} is not in that seat's hand.`);
    used.set(h.playerId, i + 1);
    held.push({ playerId: h.playerId, cardId: mine[i].card.id });
  }
  const known = new Set(referee.library.map((c) => c.id));
  return ok({
    mode: pub.mode,
    library: [...referee.library, ...pub.library.filter((c) => !known.has(c.id))],
    drawPile: [...referee.drawPile, ...pub.drawPile],
    held,
    drawCount: pub.drawCount
  });
}
