// The Master and Commander deck as this device holds it on the live table: the private documents it
// opens, the whole deck where it is here, the hands it may show. Only the engagement's card pad
// reads it (issue 40: it and the deck's crypto load with that panel).
import type { BattleSession } from '$lib/state/battle.svelte';
import type { CardsState } from '$lib/rules/master-and-commander/sheet';
import { saltOf, verifyReveal } from '$lib/battle/secret';
import { opensDeck, joinDeck } from '$lib/rules/master-and-commander/cards-live';
import {
  handsFor,
  type HandView,
  type LiveViewer
} from '$lib/rules/master-and-commander/cards-hands';

/**
 * This device on the live table: the private documents it opens and its own seat; null when the
 * battle is not shared live. The documents are the live link's (`session.live.secrets`, the view
 * the moves read as `ctx.secrets`), and redraw when one of them changes.
 */
export function liveViewerOf(session: BattleSession): LiveViewer | null {
  const live = session.live;
  if (!live) return null;
  return { secrets: live.secrets, seat: live.config.seat ?? null, verifyReveal };
}

/** What the card panel works on: the whole deck where it is here, else the public deck. */
export interface CardsOnDevice {
  cards: CardsState;
  /** False on a phone in a live battle: the deck is on the referee's device. */
  isDeckHere: boolean;
  /** Live: the held cards this device may show (its own hand; all of them on the referee's). */
  hands: HandView[] | undefined;
}

export function cardsOnDevice(pub: CardsState, viewer: LiveViewer | null): CardsOnDevice {
  if (viewer === null) return { cards: pub, isDeckHere: true, hands: undefined };
  if (opensDeck(viewer.secrets)) {
    const joined = joinDeck(pub, viewer.secrets);
    if (joined.ok) {
      const whole = joined.value.cards;
      return { cards: whole, isDeckHere: true, hands: handsFor(whole, null) };
    }
  }
  return { cards: pub, isDeckHere: false, hands: handsFor(pub, viewer) };
}

/** A new random seed for a deck hidden for the first time (getRandomValues works over plain http). */
export function newDeckSeed(): string {
  return saltOf(crypto.getRandomValues(new Uint8Array(16)));
}
