// Master and Commander cards (SPEC A.4.10) as moves: each draw counts toward the engagements it
// pays for; a user-entered card with a structured effect is applied to the drawing ship (SPEC A.6).
import type { BattleState, EventDraft, Json } from '../../engine/events';
import {
  draftOf,
  refuse,
  secretWritesOf,
  undoSecretWritesOf,
  withPreview,
  withSecretWrites,
  type Move,
  type MoveContext,
  type MovePreview
} from '../../battle/move';
import type { MeaningParts } from '../../engine/meaning';
import { isSalt } from '../../battle/secret';
import { REFEREE_SEAT, type SecretWrite } from '../../engine/secrets';
import { err, ok, type Result } from '../../engine/result';
import {
  DECK_ON_REFEREE,
  hideCards,
  isOpenDeck,
  joinDeck,
  playedWrites,
  secretsOf,
  type HeldReveal
} from './cards-live';
import { verifyHeld } from './cards-secret';
import type { McOptions } from './options';
import { isCardDrawRequired } from './resolve-fleet';
import { applyCardEffect, usedCard } from './resolve-cards';
import { boardingProblem } from './moves-boarding';
import { declarationProblem, isCardOwed, planEngagement } from './moves-engagement';
import type { CardsState, Engaged, Sheet, Side, SystemState } from './sheet';
import {
  mcMove,
  playerName,
  turnActsOf,
  withActs,
  withMcSheets,
  withMcSystem,
  viewOf,
  type McContext,
  type McView
} from './view';
import * as z from 'zod/mini';
import { idInput, textInput } from '../../engine/input-kit';
import { SIDES } from './sheet';
import { cardsStateSchema, mcCardSchema } from './sheet-schema';
import {
  cardChangeSchema,
  deckAfter,
  shuffleDice,
  shuffleProblem,
  type CardChange
} from './cards-change';

export interface CardsInput {
  /**
   * What the card pad asks (draw, shuffle, a card typed in, a held card used, the deck chosen):
   * the move works the deck out from the deck it reads (issue 31).
   */
  change?: CardChange;
  /**
   * The deck after the change: the input of events written before the pad's change was (and of
   * the live table's public events, whose deck is hidden); one of `change` and `cards`.
   */
  cards?: CardsState;
  /** The ship that drew (the attacker chosen in the panel) and what it engages. */
  drawing?: Drawing;
  /**
   * Live table, the referee's device: 16 random bytes as hex (saltOf(getRandomValues)) for a deck
   * hidden for the first time; the held cards' salts are drawn from it. Never in the public event.
   */
  seed?: string;
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

const drawingInput = z.strictObject({
  shipId: idInput,
  target: z.nullable(idInput),
  side: z.nullable(z.enum(SIDES)),
  kind: z.optional(z.enum(['attack', 'boarding', 'raid'])),
  isBoardingPosition: z.optional(z.boolean())
});

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

/**
 * A card move's meaning: drawn "each time you initiate an engagement" (SPEC A.4.10), so its ship
 * is the engaging one (a card's effect falls on it) and its target the ship engaged, when they are
 * ships of the battle (a raid's target is a Homeport, 'homeport:N'); no dice.
 */
function cardMeaning(view: McView, drawing: Drawing | undefined): MeaningParts {
  const shipOf = (id: string | null | undefined): string | null =>
    view.ships.some((s) => s.id === id) ? (id ?? null) : null;
  return { actor: shipOf(drawing?.shipId), target: shipOf(drawing?.target), dice: [] };
}

/** A card move's input with the deck after it worked out. */
type DeckInput = CardsInput & { cards: CardsState };

export function cardsUpdate(
  state: BattleState,
  view: McView,
  input: DeckInput
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

const cardsBase: Move<CardsInput, McOptions> = mcMove({
  id: 'mc.cards',
  category: 'card',
  input: z.strictObject({
    change: z.optional(cardChangeSchema),
    cards: z.optional(cardsStateSchema),
    drawing: z.optional(drawingInput),
    seed: z.optional(textInput(64))
  }),
  run: (view, state, given, ctx) => {
    const resolved = withDeckAfter(view, given, ctx);
    if (!resolved.ok) return resolved;
    const input = resolved.value;
    if (input.cards.drawCount < view.system.cards.drawCount)
      return refuse('The count of cards drawn cannot go back; undo the draw instead.');
    if (input.cards.drawCount > view.system.cards.drawCount && input.drawing) {
      const problem = drawProblem(view, input.drawing, ctx.options);
      if (problem !== null) return refuse(`No card drawn: ${problem}`);
    }
    // Only the session's own run is live: a merged event checked again (no isLive, the log may
    // predate sharing) is checked on its public input, which the branch below accepts as well.
    if (ctx.isLive) {
      const live = liveCards(view, state, input, ctx);
      if (live !== null) {
        if (!live.ok) return live;
        const { secretWrites, undoWrites } = live.value.writes;
        return withSecretWrites(ok(live.value.draft), secretWrites, undoWrites);
      }
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
      next: r.next,
      meaning: cardMeaning(view, input.drawing)
    });
  }
});

/**
 * The deck the move changes: on the live table's referee device the whole deck (joined from the
 * private documents), otherwise the battle's. A device without the hidden deck cannot change it.
 */
function deckRead(view: McView, ctx: McContext): Result<CardsState> {
  const pub = view.system.cards;
  if (!ctx.isLive) return ok(pub);
  const secrets = secretsOf(ctx);
  if (!(secrets?.seats.includes(REFEREE_SEAT) ?? false))
    return isOpenDeck(pub) ? ok(pub) : refuse(DECK_ON_REFEREE);
  const joined = joinDeck(pub, secrets);
  return joined.ok ? ok(joined.value.cards) : joined;
}

/** The input with the deck after its change (as given, for an input that gives the deck). */
function withDeckAfter(view: McView, input: CardsInput, ctx: McContext): Result<DeckInput> {
  const { change, cards } = input;
  if (change === undefined) {
    return cards === undefined ? refuse('Say what changes in the deck.') : ok({ ...input, cards });
  }
  if (cards !== undefined) return refuse('Give the change or the deck after it, not both.');
  const deck = deckRead(view, ctx);
  if (!deck.ok) return deck;
  const after = deckAfter({ ...view.system, cards: deck.value }, change);
  return after.ok ? ok({ ...input, cards: after.value }) : after;
}

/** What a card draw for an engagement answers before it is made (`cardsMove.preview`). */
export interface CardDrawOutlook {
  /**
   * The engagement asks a card: "Each time you initiate an engagement, you must draw a Master and
   * Commander card first" (SPEC A.4.10); raids and boardings as `cardsOnRaidsAndBoarding` reads.
   */
  isRequired: boolean;
  /** None drawn for it yet this turn: the engagement is refused until one is. */
  isOwed: boolean;
  /** Why a card drawn for it now is refused (the engagement is refused anyway), or null. */
  problem: string | null;
}

/** A shuffle asked before its dice are rolled: the preview says which dice, or why not. */
const isDiceAsked = (c: CardChange): boolean => c.kind === 'shuffle' && c.faces.length === 0;

/** What the card pad has gathered: the engagement a card is drawn for, the change it asks. */
export interface CardsAim {
  drawing?: Drawing;
  change?: CardChange;
  /**
   * The deck as this device holds it, when it holds more than the battle shows (the live table's
   * referee device, which opens the hidden deck); absent, the battle's.
   */
  deck?: CardsState;
}

/** What the card pad shows before a tap (`cardsMove.preview`). */
export interface CardsOutlook extends CardDrawOutlook {
  /** Why the move refuses the change asked, in its own words; null when it takes it. */
  refusal: string | null;
}

function cardsOutlook(state: BattleState, aim: CardsAim, opts: McOptions): Result<CardsOutlook> {
  const v = viewOf(state);
  if (!v.ok) return v;
  const kind = aim.drawing?.kind;
  const problem = aim.drawing ? drawProblem(v.value, aim.drawing, opts) : null;
  let refusal: string | null = null;
  if (aim.change) {
    const system = { ...v.value.system, cards: aim.deck ?? v.value.system.cards };
    const after = isDiceAsked(aim.change) ? null : deckAfter(system, aim.change);
    if (after === null) refusal = shuffleProblem(system.cards);
    else if (!after.ok) refusal = after.error;
    else if (problem !== null && after.value.drawCount > system.cards.drawCount)
      refusal = `No card drawn: ${problem}`;
  }
  return ok({
    isRequired: kind !== undefined && isCardDrawRequired(kind, v.value.system.modules, opts),
    isOwed: kind !== undefined && isCardOwed(v.value, kind, opts),
    problem,
    refusal
  });
}

/**
 * The card pad before a tap: whether the engagement asks a card and still owes it, why a draw
 * for it would be refused, and why the move would refuse the change asked; a card is drawn, not
 * rolled, so no dice but a shuffle's (a change refused: the move's own words).
 */
export const cardsPreview: MovePreview<CardsAim, CardsOutlook, McOptions> = {
  odds: cardsOutlook,
  dice: (state, aim, opts) => {
    const o = cardsOutlook(state, aim, opts);
    if (!o.ok) return o;
    if (!aim.change && o.value.problem !== null) return err(`No card drawn: ${o.value.problem}`);
    if (o.value.refusal !== null) return err(o.value.refusal);
    const v = viewOf(state);
    if (!v.ok) return v;
    return aim.change ? ok(shuffleDice(aim.deck ?? v.value.system.cards, aim.change)) : ok([]);
  }
};

/** The deck changed (a card drawn, played, typed in), with what a draw answers before it is made. */
export const cardsMove = withPreview(cardsBase, cardsPreview);

// ---- The live table (#19 item 5) ------------------------------------------------------------
// Shared live, the deck's texts, the pile's order and the hands never reach the public event: the
// referee's device (which opens every private document) runs the card move on the whole deck
// joined from them and publishes only the public part (cards-secret.ts); a hand's card is played
// from its holder's device with a reveal every replica checks against the commitment.

/** A live move's public draft and what it asks the private documents to hold. */
export interface LiveOutcome {
  draft: EventDraft;
  /** Written to the seats' private documents with the public event. */
  secretWrites: SecretWrite[];
  /** What those documents held before: written back when the event is undone. */
  undoWrites: SecretWrite[];
}

interface LiveDraft {
  draft: EventDraft;
  writes: { secretWrites: SecretWrite[]; undoWrites: SecretWrite[] };
}

/**
 * The card move on the live table; null when nothing of the deck is or becomes hidden (the
 * physical deck, only counted: any device may count a draw, as before).
 */
function liveCards(
  view: McView,
  state: BattleState,
  input: DeckInput,
  ctx: McContext
): Result<LiveDraft> | null {
  const secrets = secretsOf(ctx);
  const pub = view.system.cards;
  const isDeckHere = secrets?.seats.includes(REFEREE_SEAT) ?? false;
  if (!isDeckHere)
    return isOpenDeck(pub) && isOpenDeck(input.cards) ? null : refuse(DECK_ON_REFEREE);
  const joined = joinDeck(pub, secrets);
  if (!joined.ok) return joined;
  const seed = joined.value.deck?.seed ?? input.seed;
  if (seed === undefined || !isSalt(seed)) {
    if (joined.value.deck === null && isOpenDeck(input.cards) && isOpenDeck(pub)) return null;
    return refuse('A deck hidden for the first time needs a random seed from this device.');
  }
  const full = joined.value.cards;
  const kept = new Set(input.cards.held.map((h) => h.cardId));
  if (full.held.some((h) => !kept.has(h.cardId)))
    return refuse('A held card is played with its reveal ("Used"), so the table can check it.');
  const fullView: McView = { ...view, system: { ...view.system, cards: full } };
  const r = cardsUpdate(withMcSystem(state, fullView.system), fullView, input);
  const hidden = hideCards(input.cards, joined.value, seed);
  const after = r.next.system as SystemState;
  const who = playerName(view.system, view.system.activePlayerId ?? '');
  const isKept = input.cards.held.length > full.held.length;
  const head = r.isDraw
    ? `${who} draws a Master and Commander card (draw ${input.cards.drawCount})${isKept ? ' and keeps it until it applies' : ''}`
    : 'Master and Commander cards updated';
  const draft = draftOf(state, {
    kind: 'mc.cards',
    summary: r.effectText === null ? head : `${head}. ${r.effectText}`,
    next: withMcSystem(r.next, { ...after, cards: hidden.public }),
    meaning: cardMeaning(view, input.drawing)
  });
  if (!draft.ok) return draft;
  const publicInput = {
    cards: hidden.public,
    ...(input.drawing ? { drawing: input.drawing } : {})
  };
  return ok({
    draft: { ...draft.value, input: publicInput as unknown as Json },
    writes: { secretWrites: hidden.secretWrites, undoWrites: hidden.undoWrites }
  });
}

/** A card played from a hand on the live table: the reveal, checked by every replica. */
export interface PlayCardInput extends HeldReveal {
  /** The ship the card's structured effect applies to (the engagement's attacker), as for a draw. */
  drawing?: Drawing;
}

/**
 * "Kept until they apply": the holder plays a card from the hand. The public event carries the
 * card and its salt; refused unless they are what the holder committed to when the card was drawn.
 * The card goes "at the bottom of the pile" in the public part, until the referee's next card
 * move takes it into the private pile.
 */
export const playCardMove: Move<PlayCardInput, McOptions> = mcMove({
  id: 'mc.play-card',
  category: 'card',
  input: z.strictObject({
    playerId: idInput,
    commitment: textInput(200),
    card: mcCardSchema,
    salt: textInput(200),
    drawing: z.optional(drawingInput)
  }),
  run: (view, state, input, ctx) => {
    const pub = view.system.cards;
    const secret = { card: input.card, salt: input.salt };
    const i = pub.held.findIndex(
      (h) => h.playerId === input.playerId && h.cardId === input.commitment
    );
    if (i < 0)
      return refuse('That card is not held on the table: it may have been played already.');
    if (!verifyHeld(input.commitment, input.playerId, secret))
      return refuse('This card as revealed is not the card that was drawn.');
    // The card's effect as a one-device play applies it: the deck before holds just that card.
    const one: CardsState = {
      mode: 'entered',
      library: [input.card],
      drawPile: [],
      held: [{ playerId: input.playerId, cardId: input.card.id }],
      drawCount: pub.drawCount
    };
    const before: McView = { ...view, system: { ...view.system, cards: one } };
    const r = cardsUpdate(withMcSystem(state, before.system), before, {
      cards: { ...one, held: [], drawPile: [input.card.id] },
      ...(input.drawing ? { drawing: input.drawing } : {})
    });
    const cards: CardsState = {
      ...pub,
      held: pub.held.filter((_, k) => k !== i),
      drawPile: [...pub.drawPile, input.card.id]
    };
    const after = r.next.system as SystemState;
    const who = playerName(view.system, input.playerId);
    const text = `${who} plays a held Master and Commander card: "${input.card.text}"`;
    const draft = draftOf(state, {
      kind: 'mc.play-card',
      summary: r.effectText === null ? text : `${text}. ${r.effectText}`,
      next: withMcSystem(r.next, { ...after, cards }),
      meaning: cardMeaning(view, input.drawing)
    });
    // The session's own run on the live table also takes the card out of the seat's hand.
    if (!ctx.isLive || !draft.ok) return draft;
    const w = playedWrites(secretsOf(ctx), input);
    return w.ok ? withSecretWrites(draft, w.value.secretWrites, w.value.undoWrites) : w;
  }
});

/**
 * The card move on the live table with the private writes it asks for beside its public draft
 * (what the session does with `cardsMove` on a live battle; tests read the writes from here).
 */
export function cardsMoveLive(
  state: BattleState,
  input: CardsInput,
  ctx: MoveContext<McOptions>
): Result<LiveOutcome> {
  return outcomeOf(cardsMove.run(state, input, { ...ctx, isLive: true }));
}

/** The play of a held card on the live table with the write that takes it out of the seat's hand. */
export function playCardLive(
  state: BattleState,
  input: PlayCardInput,
  ctx: MoveContext<McOptions>
): Result<LiveOutcome> {
  return outcomeOf(playCardMove.run(state, input, { ...ctx, isLive: true }));
}

function outcomeOf(r: Result<EventDraft>): Result<LiveOutcome> {
  if (!r.ok) return r;
  return ok({
    draft: r.value,
    secretWrites: [...secretWritesOf(r.value)],
    undoWrites: [...undoSecretWritesOf(r.value)]
  });
}
