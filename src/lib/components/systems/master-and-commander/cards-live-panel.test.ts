import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { REFEREE_SEAT, secretsViewOf } from '$lib/engine/secrets';
import { verifyReveal } from '$lib/battle/secret';
import type { Json } from '$lib/engine/events';
import { DECK_ON_REFEREE, MC_DECK_KEY } from '$lib/rules/master-and-commander/cards-live';
import { MC_HELD_KEY } from '$lib/rules/master-and-commander/cards-hands';
import { splitCards } from '$lib/rules/master-and-commander/cards-secret';
import type { CardsState } from '$lib/rules/master-and-commander/sheet';
import McCardsPanel from './McCardsPanel.svelte';
import { cardsOnDevice } from './cards-on-device';

// The card panel on the live table (#19 item 5): a phone shows its own hand from its seat's
// document and the others' as counts, and sends draws of a typed-in deck to the referee's device.

const noop = (): void => {};
const card = (id: string, text: string) => ({ id, text, keepUntilApplies: true });
const WHOLE: CardsState = {
  mode: 'entered',
  library: [card('c1', 'ANNA CARD'), card('c2', 'BEN CARD ONE'), card('c3', 'BEN CARD TWO')],
  drawPile: [],
  held: [
    { playerId: 'Anna', cardId: 'c1' },
    { playerId: 'Ben', cardId: 'c2' },
    { playerId: 'Ben', cardId: 'c3' }
  ],
  drawCount: 3
};
const split = splitCards(WHOLE, (id) => id.slice(1).repeat(32));
const docs: Record<string, Record<string, Json>> = {
  [REFEREE_SEAT]: { [MC_DECK_KEY]: { ...split.referee, seed: 'ab'.repeat(16) } },
  Anna: { [MC_HELD_KEY]: split.seats.Anna as unknown as Json },
  Ben: { [MC_HELD_KEY]: split.seats.Ben as unknown as Json }
};

describe('the card panel on the live table', () => {
  it("Anna's phone shows her own card and Ben's as a count, and draws on the referee's device", () => {
    const viewer = { secrets: secretsViewOf({ Anna: docs.Anna }), seat: 'Anna', verifyReveal };
    const here = cardsOnDevice(split.public, viewer);
    expect(here.isDeckHere).toBe(false);
    const { body } = render(McCardsPanel, {
      props: {
        ...here,
        outlook: () => ({ refusal: null, dice: [] }),
        onchange: () => Promise.resolve(null),
        drawer: 'Anna',
        onplay: noop
      }
    });
    expect(body).toContain('Anna: ANNA CARD');
    expect(body).toContain('Ben holds 2 cards');
    expect(body).not.toContain('BEN CARD');
    expect(body).toContain(DECK_ON_REFEREE);
    expect(body).not.toContain('Add card');
  });

  it("the referee's device works on the whole deck, as one device does", () => {
    const viewer = { secrets: secretsViewOf(docs), seat: null, verifyReveal };
    const here = cardsOnDevice(split.public, viewer);
    expect(here.cards).toEqual(WHOLE);
    expect(here.isDeckHere).toBe(true);
    expect(cardsOnDevice(WHOLE, null)).toEqual({
      cards: WHOLE,
      isDeckHere: true,
      hands: undefined
    });
  });
});
