// The held cards of the Master and Commander deck as a device shows them on the live table: its
// own hand read from its seat's private document, the others' counts (#19 item 5). Apart from the
// deck's moves (cards-live.ts), so a ship's card in the fleet list reads the hands without them
// (issue 40), and apart from the commitments' SHA-256 (battle/secret.ts), which only the live
// table checks a hand with: the live layer hands it over (LiveViewer.verifyReveal).
import { hasOnlyKeys, isRecord, type Json } from '../../engine/events';
import type { SecretsView } from '../../engine/secrets';
import type { HeldSecret } from './cards-secret';
import { CARD_EFFECTS, type CardsState, type McCard } from './sheet';

/** Each seat's private document holds its hand under this key: its held cards with their salts. */
export const MC_HELD_KEY = 'mc.held';

const HELD_KEYS = new Set(['card', 'salt']);
const CARD_KEYS = new Set(['id', 'text', 'keepUntilApplies', 'effect']);
const EFFECTS: ReadonlySet<unknown> = new Set(CARD_EFFECTS.map((e) => e.id));

/**
 * A held card as a seat's document keeps it: sheet-schema's mcCardSchema and its salt, checked by
 * hand (issue 40: the fleet list reads the hands, and a deep-linked battle loads no zod). The
 * documents are JSON, so no key holds undefined; cards-hands.test holds this to the schema.
 */
export function isHeldSecret(v: unknown): v is HeldSecret {
  if (!isRecord(v) || !hasOnlyKeys(v, HELD_KEYS.size, HELD_KEYS) || typeof v.salt !== 'string')
    return false;
  const c = v.card;
  return (
    isRecord(c) &&
    hasOnlyKeys(c, CARD_KEYS.size - 1, CARD_KEYS) &&
    typeof c.id === 'string' &&
    c.id.length >= 1 &&
    c.id.length <= 40 &&
    typeof c.text === 'string' &&
    c.text.length <= 1000 &&
    typeof c.keepUntilApplies === 'boolean' &&
    (!('effect' in c) || EFFECTS.has(c.effect))
  );
}

/**
 * The seat of a Master and Commander player on the live table: the player's id, which is the
 * `player` of the player's ships, as the referee's "Share live" names seats (live-share seatsOf).
 */
export const seatOf = (playerId: string): string => playerId.trim();

/** True when this device opens `seat`'s private document. */
export const opens = (secrets: SecretsView | undefined, seat: string): secrets is SecretsView =>
  secrets !== undefined && secrets.seats.includes(seat);

/** A seat's hand as its private document holds it; null when that document is not opened here. */
export function readHand(secrets: SecretsView | undefined, playerId: string): HeldSecret[] | null {
  const seat = seatOf(playerId);
  if (!opens(secrets, seat)) return null;
  const hand: unknown = secrets.get(seat, MC_HELD_KEY) ?? [];
  return Array.isArray(hand) && hand.every(isHeldSecret) ? hand : [];
}

/** What a device shows of each player's held cards: its own hand's texts, others' counts. */
export interface HandView {
  playerId: string;
  count: number;
  /** The cards, when this device may show them (its own seat; every seat on one device). */
  cards: HeldSecret['card'][] | null;
}

/** What a held card's commitment is made over: its holder, id, text and effect. */
export const heldSecretOf = (playerId: string, card: McCard): Json => ({
  playerId,
  id: card.id,
  text: card.text,
  keepUntilApplies: card.keepUntilApplies,
  effect: card.effect ?? 'manual'
});

/** A device on the live table: the private documents it opens and its own seat (null: none). */
export interface LiveViewer {
  secrets: SecretsView | undefined;
  seat: string | null;
  /**
   * The commitment check (battle/secret.ts verifyReveal), from the live layer that loads it: a
   * battle on one device shows its ship cards without the SHA-256 (issue 40).
   */
  verifyReveal: (hash: string, secret: Json, salt: string) => boolean;
}

/**
 * The held cards as a device shows them. Not live: every card (the deck is all on this device).
 * Live: only the hand of `seat` (this device's own) is read from its document; others are counts.
 */
export function handsFor(pub: CardsState, live: LiveViewer | null): HandView[] {
  const order = [...new Set(pub.held.map((h) => h.playerId))];
  return order.map((playerId) => {
    const held = pub.held.filter((h) => h.playerId === playerId);
    if (live === null) {
      const cards = held.map(
        (h) =>
          pub.library.find((c) => c.id === h.cardId) ?? {
            id: h.cardId,
            text: h.cardId,
            keepUntilApplies: true
          }
      );
      return { playerId, count: held.length, cards };
    }
    const isOwn = live.seat !== null && seatOf(playerId) === seatOf(live.seat);
    const hand = isOwn ? readHand(live.secrets, playerId) : null;
    const cards =
      hand === null
        ? null
        : held.flatMap(
            (h) =>
              hand.find((s) => live.verifyReveal(h.cardId, heldSecretOf(playerId, s.card), s.salt))
                ?.card ?? []
          );
    return { playerId, count: held.length, cards };
  });
}
