// Issue 31: the card pad's input is the card move's input. The pad says what the referee did
// (the deck chosen, a card typed in, a shuffle, a draw, a held card used); the move works the deck
// out from the deck it reads and plays it as one event, and its preview says before the tap why it
// would refuse and which dice a shuffle asks. What the preview says is what the move then does, on
// a battle built through the real moves (the testkit), and the deck the move leaves is the one the
// rules' own draw and shuffle give (what the pad worked out itself before).
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import type { CardChange } from './cards-change';
import { drawnFrom } from './cards-change';
import { cardsMove, type Drawing } from './moves';
import { annaFirst, errorOf, moveOf, must, play, twoPlayerGame } from './moves.testkit';
import { DEFAULT_OPTIONS as O } from './options';
import { drawCard, shuffleWithFaces } from './resolve-cards';
import type { CardsState } from './sheet';
import { readBattle } from './view';

/** Advanced, with the cards: Anna to engage, the wind set, her ships moved. */
function annasEngagements(): BattleState {
  let s = annaFirst(twoPlayerGame('advanced', { cards: true }), [6, 1], 4);
  for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
  return s;
}

const attack: Drawing = { shipId: 'ship-1', target: 'ship-3', side: null, kind: 'attack' };

function deckOf(s: BattleState): CardsState {
  const cards = readBattle(s)?.system.cards;
  if (!cards) throw new Error('no deck');
  return cards;
}

/** The pad's change played by the move (`drawing` the engagement it is drawn for). */
const step = (s: BattleState, change: CardChange, drawing?: Drawing) =>
  play(cardsMove, s, drawing ? { change, drawing } : { change });

/** What the pad shows before the tap: the move's refusal, or the dice it asks for. */
const before = (s: BattleState, change: CardChange, drawing?: Drawing) => ({
  refusal: must(cardsMove.preview.odds(s, { change, drawing }, O)).refusal,
  dice: cardsMove.preview.dice(s, { change, drawing }, O)
});

/** Anna's table with three cards typed in, the first kept until it applies. */
function typedIn(): BattleState {
  let s = must(step(annasEngagements(), { kind: 'mode', mode: 'entered' })).next;
  for (const [text, keepUntilApplies] of [
    ['KEPT', true],
    ['NOW', false],
    ['THIRD', false]
  ] as const) {
    const add: CardChange = { kind: 'add', text, keepUntilApplies, effect: 'manual' };
    expect(before(s, add).refusal).toBeNull();
    s = must(step(s, add)).next;
  }
  return s;
}

describe('the card pad’s changes are the card move’s input (issue 31)', () => {
  it('cards typed in go to the bottom of the pile, each one event; an empty text is refused first', () => {
    const s = typedIn();
    const deck = deckOf(s);
    expect(deck.library.map((c) => c.id)).toEqual(['c1-0', 'c2-0', 'c3-0']);
    expect(deck.drawPile).toEqual(['c1-0', 'c2-0', 'c3-0']);
    const empty: CardChange = {
      kind: 'add',
      text: '  ',
      keepUntilApplies: false,
      effect: 'manual'
    };
    expect(before(s, empty).refusal).toBe(errorOf(step(s, empty)));
    expect(errorOf(step(s, empty))).toBe('Type the card’s text first.');
  });

  it('a shuffle asks the dice the preview names and leaves the pile the rules’ shuffle gives', () => {
    const s = typedIn();
    const ask = before(s, { kind: 'shuffle', faces: [] });
    expect(ask.refusal).toBeNull();
    // Every order of three cards equally likely: a d3 then a d2 (Fisher–Yates).
    expect(must(ask.dice).map((d) => [d.count, d.sides])).toEqual([
      [1, 3],
      [1, 2]
    ]);
    for (const faces of [
      [1, 1],
      [3, 2],
      [2, 1]
    ]) {
      const after = deckOf(must(step(s, { kind: 'shuffle', faces })).next);
      expect(after.drawPile).toEqual(must(shuffleWithFaces(deckOf(s).drawPile, faces)));
    }
    const bad: CardChange = { kind: 'shuffle', faces: [4, 1] };
    expect(before(s, bad).refusal).toBe(errorOf(step(s, bad)));
    expect(errorOf(step(s, bad))).toBe('4 is not a face of a d3.');
    // One card in the pile: nothing to shuffle, said before the tap.
    const physical = annasEngagements();
    expect(before(physical, { kind: 'shuffle', faces: [] }).refusal).toBe(
      'Fewer than two cards typed in are in the pile: nothing to shuffle.'
    );
  });

  it('Anna draws for her attack: the kept card goes to her hand as the rules’ draw says; she uses it', () => {
    const s = typedIn();
    const draw: CardChange = { kind: 'draw', playerId: 'Anna' };
    const ask = before(s, draw, attack);
    expect(ask.refusal).toBeNull();
    expect(must(ask.dice)).toEqual([]);
    const drawn = must(step(s, draw, attack));
    const system = readBattle(s)?.system;
    if (!system) throw new Error('no system');
    expect(deckOf(drawn.next)).toEqual(must(drawCard(system, 'Anna')).state.cards);
    expect(deckOf(drawn.next).held).toEqual([{ playerId: 'Anna', cardId: 'c1-0' }]);
    expect(drawn.summary).toBe('Anna draws a Master and Commander card (draw 1): "KEPT"');
    expect(drawnFrom(deckOf(s), deckOf(drawn.next))).toMatchObject({
      kind: 'card',
      isKept: true,
      card: { text: 'KEPT' },
      drawNumber: 1
    });
    // Ben is not the captain to engage: refused before the tap as the move refuses it.
    const ben: CardChange = { kind: 'draw', playerId: 'Ben' };
    expect(before(s, ben).refusal).toBe(errorOf(step(s, ben)));
    expect(errorOf(step(s, ben))).toBe('Only the captain to engage draws a card now.');
    // She uses it: out of her hand, to the bottom of the pile.
    const use: CardChange = { kind: 'play', playerId: 'Anna', cardId: 'c1-0' };
    expect(before(drawn.next, use).refusal).toBeNull();
    const used = deckOf(must(step(drawn.next, use)).next);
    expect(used.held).toEqual([]);
    expect(used.drawPile).toEqual(['c2-0', 'c3-0', 'c1-0']);
    expect(before(drawn.next, { ...use, cardId: 'c2-0' }).refusal).toBe(
      'That player does not hold that card.'
    );
  });

  it('a draw for an engagement refused anyway, or from an empty pile, is refused before the tap', () => {
    const s = typedIn();
    const draw: CardChange = { kind: 'draw', playerId: 'Anna' };
    const itself = { ...attack, target: 'ship-1' };
    expect(before(s, draw, itself).refusal).toBe(errorOf(step(s, draw, itself)));
    expect(errorOf(step(s, draw, itself))).toBe('No card drawn: A ship cannot attack itself.');
    let one = must(step(annasEngagements(), { kind: 'mode', mode: 'entered' })).next;
    one = must(
      step(one, { kind: 'add', text: 'KEPT', keepUntilApplies: true, effect: 'manual' })
    ).next;
    one = must(step(one, draw)).next;
    expect(before(one, draw).refusal).toBe(errorOf(step(one, draw)));
    expect(errorOf(step(one, draw))).toBe('The pile is empty: every card is held by a player.');
  });

  it('the physical deck: the draw counted; events written with the deck after as input still play', () => {
    const s = annasEngagements();
    const drawn = must(step(s, { kind: 'draw', playerId: 'Anna' }, attack));
    expect(deckOf(drawn.next).drawCount).toBe(1);
    expect(drawnFrom(deckOf(s), deckOf(drawn.next))?.kind).toBe('physical');
    const written = { cards: { ...deckOf(s), drawCount: 1 }, drawing: attack };
    expect(deckOf(must(play(cardsMove, s, written)).next)).toEqual(deckOf(drawn.next));
    expect(errorOf(play(cardsMove, s, {}))).toBe('Say what changes in the deck.');
    expect(
      errorOf(play(cardsMove, s, { cards: deckOf(s), change: { kind: 'mode', mode: 'entered' } }))
    ).toBe('Give the change or the deck after it, not both.');
  });
});
