// Master and Commander cards (SPEC A.4.10) as moves: each draw counts toward the engagements it
// pays for; a user-entered card with a structured effect is applied to the drawing ship (SPEC A.6).
import { draftOf, refuse, type Move } from '../../battle/move';
import type { McOptions } from './options';
import { applyCardEffect, usedCard } from './resolve-fleet';
import { boardingProblem } from './moves-boarding';
import { declarationProblem, planEngagement } from './moves-engagement';
import type { CardsState, Engaged, Sheet, Side, SystemState } from './sheet';
import {
  mcMove,
  playerName,
  turnActsOf,
  withActs,
  withMcSheets,
  withMcSystem,
  type McView
} from './view';
import type { BattleState } from '../../battle/events';

export interface CardsInput {
  /** The deck after the change the panel made (draw, play, library, mode). */
  cards: CardsState;
  /** The ship that drew (the attacker chosen in the panel) and what it engages. */
  drawing?: Drawing;
}

export interface Drawing {
  shipId: string;
  target: string | null;
  side: Side | null;
  /** The engagement the card is drawn for: checked before the card is spent (issue 16 #10). */
  kind?: Engaged['kind'];
  /** Boarding: the referee's answer on the boarding position. */
  isBoardingPosition?: boolean;
}

/**
 * Why the engagement a card would be drawn for is refused anyway (so no card is spent for nothing),
 * or null: everything but the card itself — a ship that cannot fire (the Mist), a boarding by a
 * damaged ship, the turn's limits.
 */
export function drawProblem(view: McView, d: Drawing, opts: McOptions): string | null {
  if (d.kind === undefined) return null;
  if (d.kind === 'boarding') {
    const r = boardingProblem(
      view,
      {
        attackerId: d.shipId,
        targetId: d.target ?? '',
        side: d.side,
        isBoardingPosition: d.isBoardingPosition ?? false
      },
      opts,
      true
    );
    return r.ok ? null : r.error;
  }
  if (d.kind === 'attack' && d.target !== null) {
    const plan = planEngagement(view, d.shipId, d.target, opts);
    if (!plan.ok) return plan.error;
  }
  return declarationProblem(
    view,
    { attackerId: d.shipId, target: d.target ?? 'homeport:', kind: d.kind, side: d.side },
    opts,
    true
  );
}

export function cardsUpdate(
  state: BattleState,
  view: McView,
  input: CardsInput
): { next: BattleState; isDraw: boolean; effectText: string | null; cardText: string | null } {
  const { cards, drawing } = input;
  const sys = view.system;
  const drawn = Math.max(0, cards.drawCount - sys.cards.drawCount);
  const acts = turnActsOf(sys);
  let system: SystemState = {
    ...withActs(sys, { cardsDrawn: acts.cardsDrawn + drawn }),
    cards
  };
  let sheets: Record<string, Sheet> = {};
  let effectText: string | null = null;
  const card = usedCard(sys.cards, cards);
  const s = drawing ? view.ships.find((x) => x.id === drawing.shipId) : undefined;
  if (card !== null && card.effect !== undefined && card.effect !== 'manual' && s && drawing) {
    const homeport = sys.players.find((p) => p.id === s.playerId)?.homeport ?? null;
    const out = applyCardEffect(card.effect, s.sheet, system, homeport);
    system = out.state;
    sheets = { [s.id]: out.sheet };
    effectText = out.text;
    if (out.isAttackLost) {
      const a = turnActsOf(system);
      system = withActs(system, {
        engaged: [
          ...a.engaged,
          { shipId: s.id, target: drawing.target ?? 'card', kind: 'attack', side: drawing.side }
        ]
      });
    }
  }
  // The text of the card drawn (entered deck): the top of the pile before, when a draw happened.
  const drawnId = drawn > 0 ? (sys.cards.drawPile[0] ?? null) : null;
  const cardText =
    drawnId === null ? null : (sys.cards.library.find((c) => c.id === drawnId)?.text ?? null);
  return {
    next: withMcSheets(withMcSystem(state, system), sheets),
    isDraw: drawn > 0,
    effectText,
    cardText
  };
}

export const cardsMove: Move<CardsInput, McOptions> = mcMove(
  'mc.cards',
  (view, state, input, ctx) => {
    if (input.cards.drawCount < view.system.cards.drawCount)
      return refuse('The count of cards drawn cannot go back; undo the draw instead.');
    if (input.cards.drawCount > view.system.cards.drawCount && input.drawing) {
      const problem = drawProblem(view, input.drawing, ctx.options);
      if (problem !== null) return refuse(`No card drawn: ${problem}`);
    }
    const r = cardsUpdate(state, view, input);
    const who = playerName(view.system, view.system.activePlayerId ?? '');
    const head = r.isDraw
      ? `${who} draws a Master and Commander card (draw ${input.cards.drawCount})`
      : 'Master and Commander cards updated';
    const text = r.cardText === null ? head : `${head}: "${r.cardText}"`;
    return draftOf(state, {
      kind: 'mc.cards',
      summary: r.effectText === null ? text : `${text}. ${r.effectText}`,
      next: r.next
    });
  }
);
