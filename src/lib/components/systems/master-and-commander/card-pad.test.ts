// Issue 31: the card pad (McCardsPanel) shows before a tap what the card move's preview says —
// why a draw or a shuffle would be refused, in the move's words — and hands its change to the
// move. Rendered on decks made by the move itself on a testkit battle, and on the calculators
// page's table (a calculator's battle holding the device's deck).
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleState } from '$lib/engine/events';
import type { CardChange } from '$lib/rules/master-and-commander/cards-change';
import {
  deckBattle,
  prepareCalculatorBattle
} from '$lib/rules/master-and-commander/calculator-battle';
import { cardsMove } from '$lib/rules/master-and-commander/moves-cards';
import {
  annaFirst,
  errorOf,
  moveOf,
  must,
  play,
  twoPlayerGame
} from '$lib/rules/master-and-commander/moves.testkit';
import { DEFAULT_OPTIONS as O } from '$lib/rules/master-and-commander/options';
import type { CardsState } from '$lib/rules/master-and-commander/sheet';
import { readBattle } from '$lib/rules/master-and-commander/view';
import McCardsPanel from './McCardsPanel.svelte';
import { cardPadOutlook } from './card-pad';
import { EMPTY_CARDS } from './mc-standalone';

// The calculators' battles are set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

const drawing = {
  shipId: 'ship-1',
  target: 'ship-3',
  side: null,
  kind: 'attack' as const
};

function annasEngagements(): BattleState {
  let s = annaFirst(twoPlayerGame('advanced', { cards: true }), [6, 1], 4);
  for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
  return s;
}

const deckOf = (s: BattleState): CardsState => {
  const cards = readBattle(s)?.system.cards;
  if (!cards) throw new Error('no deck');
  return cards;
};

const step = (s: BattleState, change: CardChange) => must(play(cardsMove, s, { change })).next;

/** Anna's table with these cards typed in (each kept until it applies, or not). */
function typedIn(cards: readonly [string, boolean][]): BattleState {
  let s = step(annasEngagements(), { kind: 'mode', mode: 'entered' });
  for (const [text, keepUntilApplies] of cards)
    s = step(s, { kind: 'add', text, keepUntilApplies, effect: 'manual' });
  return s;
}

/** The pad drawn as the engagement draws it on `s`: its figures the card move's preview. */
function pad(s: BattleState): string {
  return render(McCardsPanel, {
    props: {
      cards: deckOf(s),
      outlook: (change: CardChange) => cardPadOutlook(s, { drawing, change }, O),
      onchange: () => Promise.resolve(null),
      drawer: 'Anna'
    }
  }).body;
}

/** A button's tag by its text. */
function button(body: string, text: string): string {
  const m = body.match(new RegExp(`<button[^>]*>${text}</button>`));
  if (!m) throw new Error(`no ${text} button`);
  return m[0];
}

describe('the card pad shows the card move’s preview before the tap (issue 31)', () => {
  it('every card held: the draw is refused before the tap, in the move’s words', () => {
    let s = typedIn([['KEPT', true]]);
    s = step(s, { kind: 'draw', playerId: 'Anna' });
    const body = pad(s);
    const draw: CardChange = { kind: 'draw', playerId: 'Anna' };
    const refused = errorOf(play(cardsMove, s, { change: draw, drawing }));
    expect(refused).toBe('The pile is empty: every card is held by a player.');
    expect(body).toMatch(new RegExp(`data-testid="mc-draw-blocked">${refused}</p>`));
    expect(button(body, 'Draw a card')).toContain('disabled');
    expect(body).toContain('1 card; 0 in the pile, 1 held.');
  });

  it('three cards in the pile: draw and shuffle offered; one: the shuffle is refused as the move refuses it', () => {
    const three = pad(
      typedIn([
        ['A', false],
        ['B', false],
        ['C', false]
      ])
    );
    expect(three).not.toContain('mc-draw-blocked');
    expect(button(three, 'Draw a card')).not.toContain('disabled');
    expect(button(three, 'Shuffle the pile')).not.toContain('disabled');
    const s = typedIn([['A', false]]);
    const one = pad(s);
    const refused = errorOf(play(cardsMove, s, { change: { kind: 'shuffle', faces: [] } }));
    expect(button(one, 'Shuffle the pile')).toContain('disabled');
    expect(button(one, 'Shuffle the pile')).toContain(`title="${refused}"`);
  });
});

describe('the calculators page’s deck is changed by the card move on a calculator’s battle', () => {
  it('typed in, drawn by a captain named on the page: the deck the move leaves', () => {
    let table = must(deckBattle(EMPTY_CARDS));
    expect(deckOf(table)).toEqual(EMPTY_CARDS);
    // No captain is to engage on that table: whoever is named draws.
    expect(readBattle(table)?.system.activePlayerId).toBeNull();
    table = step(table, { kind: 'mode', mode: 'entered' });
    table = step(table, { kind: 'add', text: 'KEPT', keepUntilApplies: true, effect: 'manual' });
    const held = deckOf(step(must(deckBattle(deckOf(table))), { kind: 'draw', playerId: 'Jack' }));
    expect(held.held).toEqual([{ playerId: 'Jack', cardId: 'c1-0' }]);
    expect(held.drawCount).toBe(1);
  });
});
