// Issue 31 item 2: the engagement panel asks the card move whether a card is to be drawn first,
// still owed, or refused (`cardsMove.preview`), not the rules' own check. What the preview says is
// what the moves then do, on a battle built through the real moves (the testkit).
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { attackMove, cardsMove, CARD_FIRST } from './moves';
import { annaFirst, errorOf, moveOf, must, play, twoPlayerGame, typed } from './moves.testkit';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import { readBattle } from './view';

/** Advanced, with the cards: Anna to engage, the wind set, her ships moved. */
function annasEngagements(modules: Record<string, boolean>): BattleState {
  let s = annaFirst(twoPlayerGame('advanced', modules), [6, 1], 4);
  for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
  return s;
}

const attack = { shipId: 'ship-1', target: 'ship-3', side: null, kind: 'attack' as const };
const fire = (s: BattleState) =>
  play(attackMove, s, {
    attackerId: 'ship-1',
    targetId: 'ship-3',
    side: null,
    isMutualBroadside: false,
    attack: typed([1, 1, 1]),
    defence: typed([6, 6, 6])
  });

/** A physical card drawn for the engagement (the app counts the draw). */
function draw(s: BattleState, drawing: typeof attack, opts: McOptions = DEFAULT_OPTIONS) {
  const cards = readBattle(s)?.system.cards;
  if (!cards) throw new Error('no cards');
  return play(
    cardsMove,
    s,
    { cards: { ...cards, drawCount: cards.drawCount + 1 }, drawing },
    {
      options: opts,
      storedOptions: {},
      variant: 'advanced',
      now: 0,
      newId: () => 'id'
    }
  );
}

describe('a card drawn for an engagement answers before it is drawn (issue 31)', () => {
  it('an attack asks a card first: owed until drawn, as the attack move refuses and then takes it', () => {
    const s = annasEngagements({ cards: true });
    const before = must(cardsMove.preview.odds(s, { drawing: attack }, DEFAULT_OPTIONS));
    expect(before).toEqual({ isRequired: true, isOwed: true, problem: null, refusal: null });
    expect(errorOf(fire(s))).toBe(CARD_FIRST);
    // A card is drawn, not rolled: no dice.
    expect(must(cardsMove.preview.dice(s, { drawing: attack }, DEFAULT_OPTIONS))).toEqual([]);
    const drawn = must(draw(s, attack)).next;
    expect(must(cardsMove.preview.odds(drawn, { drawing: attack }, DEFAULT_OPTIONS))).toMatchObject(
      {
        isRequired: true,
        isOwed: false
      }
    );
    expect(fire(drawn).ok).toBe(true);
  });

  it('a draw for an engagement refused anyway is refused in the move’s words, before a card is spent', () => {
    const s = annasEngagements({ cards: true });
    const itself = { ...attack, target: 'ship-1' };
    const o = must(cardsMove.preview.odds(s, { drawing: itself }, DEFAULT_OPTIONS));
    expect(o.problem).toBe('A ship cannot attack itself.');
    expect(errorOf(cardsMove.preview.dice(s, { drawing: itself }, DEFAULT_OPTIONS))).toBe(
      errorOf(draw(s, itself))
    );
    expect(errorOf(draw(s, itself))).toBe('No card drawn: A ship cannot attack itself.');
  });

  it('raids and boardings ask a card as cardsOnRaidsAndBoarding reads; no cards module, none', () => {
    const s = annasEngagements({ cards: true, boarding: true });
    const board = { ...attack, kind: 'boarding' as const, isBoardingPosition: true };
    expect(must(cardsMove.preview.odds(s, { drawing: board }, DEFAULT_OPTIONS)).isRequired).toBe(
      true
    );
    const noCard = { ...DEFAULT_OPTIONS, cardsOnRaidsAndBoarding: false };
    expect(must(cardsMove.preview.odds(s, { drawing: board }, noCard)).isRequired).toBe(false);
    expect(must(cardsMove.preview.odds(s, { drawing: attack }, noCard)).isRequired).toBe(true);
    const without = annasEngagements({});
    expect(
      must(cardsMove.preview.odds(without, { drawing: attack }, DEFAULT_OPTIONS))
    ).toMatchObject({
      isRequired: false,
      isOwed: false
    });
    expect(fire(without).ok).toBe(true);
  });
});
