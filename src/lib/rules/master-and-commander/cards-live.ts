// The Master and Commander deck on the live table (#19 item 5): where its private parts are kept,
// how a device reads them, and what a card move asks to write there. Pure: the moves read a
// SecretsView (the private documents this device opens) and return SecretWrites beside their public
// draft; the transport (per-seat documents on the hub) stores them. See cards-secret.ts for the split.
import * as z from 'zod/mini';
import type { Json } from '../../engine/events';
import type { MoveContext } from '../../battle/move';
import { canonicalJsonOf } from '../../battle/secret';
import { REFEREE_SEAT, type SecretWrite, type SecretsView } from '../../engine/secrets';
import { sha256HexSync } from '../../engine/sha256';
import { err, ok, type Result } from '../../engine/result';
import {
  joinCards,
  splitCards,
  verifyHeld,
  type HeldSecret,
  type RefereeDeck
} from './cards-secret';
import { MC_HELD_KEY, opens, readHand, seatOf } from './cards-hands';
import type { CardsState } from './sheet';
import { mcCardSchema } from './sheet-schema';

/**
 * The referee's private document holds the deck under this key: the library (the cards' texts),
 * the draw pile's order and the seed the held cards' salts are drawn from.
 */
export const MC_DECK_KEY = 'mc.deck';

/** The refusal of a card move on a device that does not open the deck. */
export const DECK_ON_REFEREE =
  "The Master and Commander deck is kept on the referee's device: draw from the referee's device.";

const deckSecretSchema = z.strictObject({
  library: z.array(mcCardSchema),
  drawPile: z.array(z.string()),
  seed: z.string()
});
export type DeckSecret = z.infer<typeof deckSecretSchema>;

/** The private documents the move context carries on the live table (absent: none opened here). */
export function secretsOf(ctx: MoveContext<unknown>): SecretsView | undefined {
  return ctx.secrets;
}

/** True on the referee's device: it opens the referee's document, so the deck is here. */
export const opensDeck = (secrets: SecretsView | undefined): boolean =>
  opens(secrets, REFEREE_SEAT);

/** The deck from the referee's document; null when it is not opened here or cannot be read. */
export function readDeck(secrets: SecretsView | undefined): Result<DeckSecret | null> {
  if (!opens(secrets, REFEREE_SEAT)) return err(DECK_ON_REFEREE);
  const raw = secrets.get(REFEREE_SEAT, MC_DECK_KEY);
  if (raw === undefined) return ok(null);
  const r = deckSecretSchema.safeParse(raw);
  return r.success ? ok(r.data) : err("The deck on the referee's device cannot be read.");
}

/**
 * The salt of a card drawn into a hand: derived from the referee's secret seed, the holder, the
 * card and the draw, so the move is the same each time it is run (check, then write) and a seat
 * cannot work out another seat's salts.
 */
export function heldSalt(seed: string, playerId: string, cardId: string, draw: number): string {
  const what = canonicalJsonOf({ playerId, cardId, draw });
  return sha256HexSync(`quarterdeck-mc-held-salt:${seed}:${what}`);
}

export interface JoinedDeck {
  /** The whole deck, as a one-device battle holds it. */
  cards: CardsState;
  /** The referee's document as it is now (null before the deck was first hidden). */
  deck: DeckSecret | null;
  /** Each held card's salt, by card id. */
  salts: Map<string, string>;
  /** The hands as the seats' documents hold them now, by player id. */
  hands: Record<string, HeldSecret[]>;
}

/**
 * The whole deck on a device that opens the referee's document and every holder's: refused on
 * any other ("draw from the referee's device"), or when a hand does not match its commitments.
 */
export function joinDeck(pub: CardsState, secrets: SecretsView | undefined): Result<JoinedDeck> {
  const deck = readDeck(secrets);
  if (!deck.ok) return deck;
  const referee: RefereeDeck = deck.value ?? { library: [], drawPile: [] };
  const hands: Record<string, HeldSecret[]> = {};
  for (const h of pub.held) {
    if (Object.hasOwn(hands, h.playerId)) continue;
    const hand = readHand(secrets, h.playerId);
    if (hand === null) return err(DECK_ON_REFEREE);
    hands[h.playerId] = hand;
  }
  let joined = joinCards(pub, referee, hands);
  let known = hands;
  if (!joined.ok && deck.value !== null) {
    // A hand that lost a card (two devices wrote it at once): the referee's seed finds it again.
    known = recoverHands(pub, deck.value, hands);
    joined = joinCards(pub, referee, known);
  }
  if (!joined.ok) return joined;
  const salts = new Map<string, string>();
  for (const hand of Object.values(known)) for (const s of hand) salts.set(s.card.id, s.salt);
  return ok({ cards: joined.value, deck: deck.value, salts, hands });
}

/**
 * Each hand rebuilt in the order of the public commitments: a card the seat's document holds, or
 * else the library card whose commitment under a salt from the seed (any draw so far) matches.
 * Every held card's salt comes from the seed (heldSalt), so only the referee's device can do this.
 */
function recoverHands(
  pub: CardsState,
  deck: DeckSecret,
  hands: Readonly<Record<string, HeldSecret[]>>
): Record<string, HeldSecret[]> {
  const out: Record<string, HeldSecret[]> = {};
  for (const h of pub.held) {
    const mine = hands[h.playerId] ?? [];
    let found = mine.find((s) => verifyHeld(h.cardId, h.playerId, s));
    for (let draw = pub.drawCount; !found && draw >= 1; draw--) {
      for (const card of deck.library) {
        const salt = heldSalt(deck.seed, h.playerId, card.id, draw);
        if (verifyHeld(h.cardId, h.playerId, { card, salt })) {
          found = { card, salt };
          break;
        }
      }
    }
    if (found) (out[h.playerId] ??= []).push(found);
  }
  return out;
}

/** True when nothing of the deck is hidden: the physical deck, only counted. */
export const isOpenDeck = (c: CardsState): boolean =>
  c.mode === 'physical' && c.library.length === 0 && c.held.length === 0 && c.drawPile.length === 0;

export interface HiddenCards {
  /** The public deck: mode, count drawn, each held card's holder and commitment. */
  public: CardsState;
  /** What to write to the private documents beside the public event. */
  secretWrites: SecretWrite[];
  /** What those documents held before (undoing the move writes these back). */
  undoWrites: SecretWrite[];
}

const same = (a: Json | null, b: Json | null): boolean => canonicalJsonOf(a) === canonicalJsonOf(b);

/**
 * The whole deck after a card move, split: the public part for the event, the deck for the
 * referee's document and each hand for its seat's, written only where they changed. A card that
 * stays held keeps its salt; a card newly drawn into a hand gets one from the seed.
 */
export function hideCards(next: CardsState, joined: JoinedDeck, seed: string): HiddenCards {
  const split = splitCards(
    next,
    (id) =>
      joined.salts.get(id) ??
      heldSalt(seed, next.held.find((h) => h.cardId === id)?.playerId ?? '', id, next.drawCount)
  );
  const writes: SecretWrite[] = [];
  const undo: SecretWrite[] = [];
  const write = (seat: string, key: string, before: Json | null, after: Json | null): void => {
    if (same(before, after)) return;
    writes.push({ seat, key, value: after });
    undo.push({ seat, key, value: before });
  };
  const deck: DeckSecret = { ...split.referee, seed };
  write(REFEREE_SEAT, MC_DECK_KEY, joined.deck, deck);
  const players = new Set([...Object.keys(joined.hands), ...Object.keys(split.seats)]);
  for (const p of [...players].sort()) {
    const before = joined.hands[p] ?? [];
    const after = split.seats[p] ?? [];
    write(
      seatOf(p),
      MC_HELD_KEY,
      before.length === 0 ? null : (before as unknown as Json),
      after.length === 0 ? null : (after as unknown as Json)
    );
  }
  return { public: split.public, secretWrites: writes, undoWrites: undo };
}

/** A held card played from its holder's hand: what the public event carries to be checked. */
export interface HeldReveal {
  playerId: string;
  /** The public commitment of the held card (its `cardId` in the public deck). */
  commitment: string;
  card: HeldSecret['card'];
  salt: string;
}

/**
 * The reveal of the card `cardId` that `playerId` holds, from the seat's document on this device;
 * refused when this device does not open that seat or the card is not in the hand.
 */
export function revealHeld(
  pub: CardsState,
  secrets: SecretsView | undefined,
  playerId: string,
  cardId: string
): Result<HeldReveal> {
  const hand = readHand(secrets, playerId);
  if (hand === null) return err("Play this card from its holder's device.");
  const secret = hand.find((s) => s.card.id === cardId);
  if (!secret) return err('That card is not in this hand.');
  const h = pub.held.find((x) => x.playerId === playerId && verifyHeld(x.cardId, playerId, secret));
  if (!h) return err('That card is not held on the table: it may have been played already.');
  return ok({ playerId, commitment: h.cardId, card: secret.card, salt: secret.salt });
}

/** The seat's hand after a card was played from it, and the write that says so. */
export function playedWrites(
  secrets: SecretsView | undefined,
  input: HeldReveal
): Result<{ secretWrites: SecretWrite[]; undoWrites: SecretWrite[] }> {
  const hand = readHand(secrets, input.playerId);
  if (hand === null) return err("Play this card from its holder's device.");
  const i = hand.findIndex((s) => s.card.id === input.card.id && s.salt === input.salt);
  if (i < 0) return err('That card is not in this hand.');
  const rest = hand.filter((_, k) => k !== i);
  const seat = seatOf(input.playerId);
  return ok({
    secretWrites: [
      { seat, key: MC_HELD_KEY, value: rest.length === 0 ? null : (rest as unknown as Json) }
    ],
    undoWrites: [{ seat, key: MC_HELD_KEY, value: hand as unknown as Json }]
  });
}
