import { describe, expect, it } from 'vitest';
import { saltOf } from '../../battle/secret';
import { heldCommitment, joinCards, splitCards, verifyHeld } from './cards-secret';
import type { CardsState } from './sheet';
import { cardsStateSchema } from './sheet-schema';

const card = (id: string, text: string) => ({
  id,
  text,
  keepUntilApplies: true,
  effect: 'manual' as const
});

const DECK: CardsState = {
  mode: 'entered',
  library: [card('c1', 'Fair wind'), card('c2', 'Powder magazine'), card('c3', 'Mutiny')],
  drawPile: ['c3', 'c1'],
  held: [
    { playerId: 'Anna', cardId: 'c2' },
    { playerId: 'Ben', cardId: 'c1' }
  ],
  drawCount: 2
};

const salts = new Map([
  ['c1', saltOf(new Uint8Array(16).fill(1))],
  ['c2', saltOf(new Uint8Array(16).fill(2))]
]);
const saltFor = (id: string) => salts.get(id) ?? saltOf(new Uint8Array(16).fill(3));

describe('the Master and Commander deck on the live table (#19)', () => {
  it('the public part holds no card text, no draw order and no held card, only counts and commitments', () => {
    const split = splitCards(DECK, saltFor);
    const text = JSON.stringify(split.public);
    for (const word of ['Fair wind', 'Powder', 'Mutiny', '"c1"', '"c2"', '"c3"'])
      expect(text).not.toContain(word);
    expect(cardsStateSchema.safeParse(split.public).success).toBe(true);
    expect(split.public.drawCount).toBe(2);
    expect(split.public.held.map((h) => h.playerId)).toEqual(['Anna', 'Ben']);
    expect(split.seats.Anna.map((s) => s.card.text)).toEqual(['Powder magazine']);
    expect(JSON.stringify(split.seats.Ben)).not.toContain('Powder');
    expect(split.referee.drawPile).toEqual(['c3', 'c1']);
  });

  it('the referee rebuilds the whole deck from the parts; a card a seat did not draw is refused', () => {
    const split = splitCards(DECK, saltFor);
    expect(joinCards(split.public, split.referee, split.seats)).toEqual({ ok: true, value: DECK });
    const swapped = { ...split.seats, Anna: split.seats.Ben };
    expect(joinCards(split.public, split.referee, swapped).ok).toBe(false);
    const played = split.public.held[0];
    expect(verifyHeld(played.cardId, 'Anna', split.seats.Anna[0])).toBe(true);
    expect(
      verifyHeld(played.cardId, 'Anna', { ...split.seats.Anna[0], card: card('c2', 'Other') })
    ).toBe(false);
    expect(heldCommitment('Anna', DECK.library[1], saltFor('c2'))).toBe(played.cardId);
  });

  it('open cards in the public part join as they are: a played card at the bottom, a deck typed in before going live', () => {
    const split = splitCards(DECK, saltFor);
    const returned = { ...split.public, drawPile: ['c2'] };
    const anna = { Ben: split.seats.Ben };
    const afterPlay = { ...returned, held: returned.held.slice(1) };
    expect(joinCards(afterPlay, split.referee, anna)).toEqual({
      ok: true,
      value: { ...DECK, drawPile: ['c3', 'c1', 'c2'], held: DECK.held.slice(1) }
    });
    expect(joinCards(DECK, { library: [], drawPile: [] }, {})).toEqual({ ok: true, value: DECK });
  });
});
