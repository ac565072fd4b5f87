import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_STATE,
  stampEvent,
  type BattleEvent,
  type BattleState,
  type EventDraft,
  type Json
} from '../../engine/events';
import { applyEvent } from '../../battle/fold';
import { secretWritesOf, undoSecretWritesOf, withInput, type MoveContext } from '../../battle/move';
import { recheckWith } from '../../battle/merge-recheck';
import { verifyReveal } from '../../battle/secret';
import { REFEREE_SEAT, secretsViewOf, type SecretWrite } from '../../engine/secrets';
import type { Result } from '../../engine/result';
import { masterAndCommander } from '.';
import { DECK_ON_REFEREE, MC_DECK_KEY, joinDeck, revealHeld } from './cards-live';
import { MC_HELD_KEY } from './cards-hands';
import {
  LIVE_SECRET_MOVES,
  MOVES,
  cardsMove,
  cardsMoveLive,
  playCardLive,
  playCardMove,
  readBattle
} from './moves';
import {
  ctxOf,
  endTurn,
  firstPlayer,
  must,
  play,
  recordMove,
  setupFleets,
  windRoll
} from './moves.testkit';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import { drawCard, playHeldCard, setCardLibrary } from './resolve-cards';
import type { CardEffect, CardsState, McCard, SystemState } from './sheet';
import { shipCard } from './ship-card';

// The Master and Commander deck on the live table (#19 item 5): the referee's device runs the card
// moves on the deck joined from the private documents and publishes only counts and commitments;
// a hand's card is played from its holder's phone with a reveal every replica checks.

const SEED = 'a1'.repeat(16);

/** Anna (N, ships 1 and 2) and Ben (S, ships 3 and 4), Advanced with the cards; Anna first. */
function game(): BattleState {
  const system = masterAndCommander.initialSystemState?.('advanced', {}) ?? null;
  const start: BattleState = { ...INITIAL_STATE, system: system as Json };
  let n = 0;
  let s = setupFleets(start, null, {
    players: [
      { id: 'Anna', name: 'Anna', colour: 'black', homeport: 'N' },
      { id: 'Ben', name: 'Ben', colour: 'gold', homeport: 'S' }
    ],
    modules: { cards: true },
    opts: DEFAULT_OPTIONS,
    newId: () => `ship-${++n}`
  });
  s = must(
    firstPlayer(s, null, [
      { playerId: 'Anna', face: 6 },
      { playerId: 'Ben', face: 1 }
    ])
  ).next;
  return must(windRoll(s, null, 4, 0, DEFAULT_OPTIONS)).next;
}

const sys = (s: BattleState): SystemState => {
  const v = readBattle(s);
  if (!v) throw new Error('no game');
  return v.system;
};

/** Texts and ids no public event may show while the card is in the pile or a hand. */
const card = (i: number, keep: boolean, effect: CardEffect = 'manual'): McCard => ({
  id: `card${i}xq`,
  text: `SECRET TEXT ${i} zz`,
  keepUntilApplies: keep,
  effect
});

type Docs = Record<string, Record<string, Json>>;

/** One battle played twice: on one device, and live (public events + private documents). */
class Table {
  one: BattleState;
  pub: BattleState;
  docs: Docs = { [REFEREE_SEAT]: {}, Anna: {}, Ben: {} };
  events: BattleEvent[] = [];
  /** Card ids revealed by a play so far (public from then on: read aloud, at the bottom). */
  revealed = new Set<string>();
  constructor(start: BattleState) {
    this.one = start;
    this.pub = start;
  }
  referee() {
    return secretsViewOf(this.docs);
  }
  seat(p: string) {
    return secretsViewOf({ [p]: this.docs[p] ?? {} });
  }
  ctx(secrets: ReturnType<typeof secretsViewOf>, opts: McOptions = DEFAULT_OPTIONS) {
    return { ...ctxOf(opts), isLive: true, secrets } as MoveContext<McOptions>;
  }
  /** The whole deck as the referee's device joins it. */
  joined(): CardsState {
    return must(joinDeck(sys(this.pub).cards, this.referee())).cards;
  }
  /** The live state: the public state with the whole deck joined in. */
  liveWhole(): BattleState {
    return { ...this.pub, system: { ...sys(this.pub), cards: this.joined() } };
  }
  publish(draft: EventDraft, input: unknown, writes: SecretWrite[]): void {
    const stored = must(withInput({ ok: true, value: draft }, input));
    const e = stampEvent(stored, {
      id: `e${this.events.length}`,
      battleId: 'b',
      seq: this.events.length + 1,
      deviceId: 'd',
      at: 0
    });
    this.events.push(e);
    this.pub = applyEvent(this.pub, e);
    for (const w of writes) {
      const doc = (this.docs[w.seat] ??= {});
      if (w.value === null) delete doc[w.key];
      else doc[w.key] = w.value;
    }
  }
  /** The referee's device changes the deck (type in, draw); one device does the same. */
  deck(change: (s: SystemState) => CardsState, drawing?: { shipId: string }): void {
    const full = change({ ...sys(this.pub), cards: this.joined() });
    const oneNext = change(sys(this.one));
    expect(full).toEqual(oneNext);
    const d = drawing ? { drawing: { shipId: drawing.shipId, target: null, side: null } } : {};
    this.one = must(play(cardsMove, this.one, { cards: oneNext, ...d })).next;
    const input = { cards: full, ...d, seed: SEED };
    const ctx = this.ctx(this.referee());
    const out = must(cardsMoveLive(this.pub, input, ctx));
    expect(cardsMove.run(this.pub, input, ctx)).toEqual({ ok: true, value: out.draft });
    this.publish(out.draft, input, out.secretWrites);
  }
  draw(shipId = 'ship-1'): void {
    this.deck((s) => must(drawCard(s, s.activePlayerId ?? '')).state.cards, { shipId });
  }
  /** The holder's phone plays a held card (one device: "Used" in the panel). */
  playHeld(playerId: string, cardId: string, shipId = 'ship-1'): void {
    const oneNext = must(playHeldCard(sys(this.one), playerId, cardId)).cards;
    const drawing = { shipId, target: null, side: null };
    this.one = must(play(cardsMove, this.one, { cards: oneNext, drawing })).next;
    const phone = this.seat(playerId);
    const reveal = must(revealHeld(sys(this.pub).cards, phone, playerId, cardId));
    const input = { ...reveal, drawing };
    const out = must(playCardLive(this.pub, input, this.ctx(phone)));
    this.publish(out.draft, input, out.secretWrites);
    this.revealed.add(cardId);
  }
}

/** Every public event and the public state: no hidden card's text or id, no pile order. */
function expectNothingHidden(t: Table, library: readonly McCard[]): void {
  const shown = new Set<string>();
  for (const e of t.events) {
    const text = JSON.stringify({ ops: e.ops, input: e.input, summary: e.summary });
    const playedNow = e.kind === 'mc.play-card' ? (e.input as { card: McCard }).card.id : null;
    if (playedNow !== null) shown.add(playedNow);
    for (const c of library) {
      if (c.id === playedNow) continue;
      expect(text).not.toContain(c.text);
      if (!shown.has(c.id)) expect(text).not.toContain(c.id);
    }
  }
  const state = JSON.stringify(t.pub);
  for (const c of library) {
    if (!t.revealed.has(c.id)) expect(state).not.toContain(c.id);
    if (!t.revealed.has(c.id)) expect(state).not.toContain(c.text);
  }
}

const typeIn =
  (cards: readonly McCard[], order: readonly string[]) =>
  (s: SystemState): CardsState =>
    must(setCardLibrary(s, cards, order)).cards;

/** Anna's ships moved, so they may draw and engage. */
function ready(): BattleState {
  let s = game();
  for (const id of ['ship-1', 'ship-2']) {
    const sheet = readBattle(s)?.ships.find((x) => x.id === id)?.sheet;
    if (!sheet) throw new Error(id);
    s = must(
      recordMove(s, null, id, {
        forward: 0,
        turns: 0,
        heading: sheet.heading,
        location: sheet.location,
        isObstructed: false
      })
    ).next;
  }
  return s;
}

const LIBRARY = [
  card(1, true),
  card(2, false, 'loseDisk'),
  card(3, true, 'gainRepairCard'),
  card(4, false),
  card(5, true)
];
const ORDER = ['card3xq', 'card2xq', 'card1xq', 'card5xq', 'card4xq'];

describe('the Master and Commander deck on the live table (#19 item 5)', () => {
  it('after typing in the deck, draws and plays, no public event or state shows a hidden card, and the table sees "Anna holds 2 cards"', () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    t.draw(); // card3 kept
    t.draw(); // card2 used now (loses a disk), to the bottom
    t.draw(); // card1 kept
    expect(shipCard(t.pub, 'ship-1')?.lines).toContain('Anna holds 2 Master and Commander cards');
    expect(t.docs.Anna[MC_HELD_KEY]).toHaveLength(2);
    expect(t.docs.Ben[MC_HELD_KEY]).toBeUndefined();
    expectNothingHidden(t, LIBRARY);
    expect(t.events[1].summary).toBe(
      'Anna draws a Master and Commander card (draw 1) and keeps it until it applies'
    );
    t.playHeld('Anna', 'card3xq');
    expect(t.events.at(-1)?.summary).toContain('"SECRET TEXT 3 zz"');
    expectNothingHidden(t, LIBRARY);
    expect(shipCard(t.pub, 'ship-1')?.lines).toContain('Anna holds 1 Master and Commander card');
    t.draw(); // card5 kept: the referee's pile takes card3 back at the bottom
    expectNothingHidden(t, LIBRARY);
    expect((t.docs[REFEREE_SEAT][MC_DECK_KEY] as { drawPile: string[] }).drawPile).toEqual([
      'card4xq',
      'card2xq',
      'card3xq'
    ]);
    expect(t.liveWhole()).toEqual(t.one);
  });

  it('a live state folded from the public events, with the private parts joined, is the one-device state (fixed seeds)', () => {
    const deckArb = fc
      .array(
        fc.record({
          keep: fc.boolean(),
          effect: fc.constantFrom<CardEffect>('manual', 'loseDisk', 'gainRepairCard', 'loseAttack')
        }),
        { minLength: 2, maxLength: 7 }
      )
      .chain((spec) =>
        fc.tuple(
          fc.constant(spec.map((c, i) => card(i + 1, c.keep, c.effect))),
          fc.shuffledSubarray(
            spec.map((_, i) => `card${i + 1}xq`),
            { minLength: spec.length, maxLength: spec.length }
          ),
          fc.array(fc.constantFrom('draw', 'play', 'turn'), { minLength: 1, maxLength: 12 })
        )
      );
    fc.assert(
      fc.property(deckArb, ([library, order, script]) => {
        const t = new Table(ready());
        t.deck(typeIn(library, order));
        for (const step of script) {
          const s = sys(t.one);
          const active = s.activePlayerId ?? '';
          const ship = active === 'Anna' ? 'ship-1' : 'ship-3';
          if (step === 'turn') {
            t.one = endTurn(t.one, null, 0);
            t.pub = endTurnLive(t);
          } else if (step === 'play' && s.cards.held.some((h) => h.playerId === active)) {
            const h = s.cards.held.find((x) => x.playerId === active);
            if (h) t.playHeld(active, h.cardId, ship);
          } else if (s.cards.drawPile.length > 0) {
            t.draw(ship);
          }
          expect(t.liveWhole()).toEqual(t.one);
        }
        expectNothingHidden(t, library);
      }),
      { seed: 19_005, numRuns: 25 }
    );
  });

  it('merged card events checked again (no isLive) are kept on every device, with its documents as they are now', () => {
    const start = ready();
    const t = new Table(start);
    t.deck(typeIn(LIBRARY, ORDER));
    t.draw();
    t.draw();
    t.playHeld('Anna', 'card3xq');
    t.draw();
    for (const secrets of [t.referee(), t.seat('Anna'), t.seat('Ben'), undefined]) {
      const check = recheckWith(MOVES, {
        options: DEFAULT_OPTIONS,
        ...(secrets ? { secrets } : {})
      });
      let state = start;
      for (const e of t.events) {
        expect(
          check(state, e),
          `${e.summary} on ${secrets?.seats.join() ?? 'no documents'}`
        ).toBeNull();
        state = applyEvent(state, e);
      }
      expect(state).toEqual(t.pub);
    }
  });

  it('run live, the card moves return their private writes with the draft (perform makes them)', () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    const input = {
      cards: must(drawCard({ ...sys(t.pub), cards: t.joined() }, 'Anna')).state.cards,
      seed: SEED
    };
    const draft = must(cardsMove.run(t.pub, input, t.ctx(t.referee())));
    const out = must(cardsMoveLive(t.pub, input, t.ctx(t.referee())));
    expect(secretWritesOf(draft)).toEqual(out.secretWrites);
    expect(undoSecretWritesOf(draft)).toEqual(out.undoWrites);
    expect(out.secretWrites.length).toBeGreaterThan(0);
    // Not live (a recheck): the same public input asks for no private write.
    expect(
      secretWritesOf(must(cardsMove.run(t.pub, { cards: sys(t.pub).cards }, ctxOf())))
    ).toEqual([]);
  });

  it('a forged reveal is refused: another text, another salt, another holder', () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    t.draw();
    const reveal = must(revealHeld(sys(t.pub).cards, t.seat('Anna'), 'Anna', 'card3xq'));
    const run = (input: typeof reveal): Result<unknown> =>
      playCardMove.run(t.pub, input, t.ctx(t.seat('Anna')));
    expect(run(reveal).ok).toBe(true);
    const forged = [
      { ...reveal, card: { ...reveal.card, text: 'Fair wind' } },
      { ...reveal, card: { ...reveal.card, effect: 'gainDisk' as const } },
      { ...reveal, card: { ...reveal.card, id: 'card1xq' } },
      { ...reveal, salt: 'b2'.repeat(16) }
    ];
    for (const f of forged)
      expect(run(f)).toEqual({
        ok: false,
        error: 'This card as revealed is not the card that was drawn.'
      });
    expect(run({ ...reveal, playerId: 'Ben' })).toEqual({
      ok: false,
      error: 'That card is not held on the table: it may have been played already.'
    });
    // Ben's phone does not open Anna's hand; the check runs again on a merged replica without it.
    expect(revealHeld(sys(t.pub).cards, t.seat('Ben'), 'Anna', 'card3xq').ok).toBe(false);
    expect(playCardMove.run(t.pub, reveal, ctxOf()).ok).toBe(true);
    t.playHeld('Anna', 'card3xq');
    expect(run(reveal).ok).toBe(false);
  });

  it('undoing a live card move writes the private documents back as they were', () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    t.draw();
    const before = structuredClone(t.docs);
    const input = {
      cards: must(drawCard({ ...sys(t.pub), cards: t.joined() }, 'Anna')).state.cards,
      seed: SEED
    };
    const out = must(cardsMoveLive(t.pub, input, t.ctx(t.referee())));
    expect(out.secretWrites.map((w) => `${w.seat} ${w.key}`)).toEqual([
      `${REFEREE_SEAT} ${MC_DECK_KEY}`
    ]);
    t.publish(out.draft, input, out.secretWrites);
    expect(t.docs).not.toEqual(before);
    t.publish({ ...out.draft, ops: [] }, {}, out.undoWrites);
    expect(t.docs).toEqual(before);
  });

  it("a hand that lost a card (two devices wrote it at once) is found again on the referee's device", () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    t.draw(); // card3 kept
    t.draw(); // card2 used
    t.draw(); // card1 kept
    const whole = t.joined();
    t.docs.Anna[MC_HELD_KEY] = (t.docs.Anna[MC_HELD_KEY] as Json[]).slice(1);
    expect(t.joined()).toEqual(whole);
    t.draw(); // card5 kept: the referee's move writes the whole hand again
    expect((t.docs.Anna[MC_HELD_KEY] as { card: McCard }[]).map((s) => s.card.id)).toEqual([
      'card3xq',
      'card1xq',
      'card5xq'
    ]);
    expect(t.liveWhole()).toEqual(t.one);
  });

  it('on the live table a held card leaves the hand only by its reveal', () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    t.draw();
    const whole = { ...sys(t.pub), cards: t.joined() };
    const cards = must(playHeldCard(whole, 'Anna', 'card3xq')).cards;
    expect(cardsMove.run(t.pub, { cards }, t.ctx(t.referee()))).toEqual({
      ok: false,
      error: 'A held card is played with its reveal ("Used"), so the table can check it.'
    });
  });

  it('the moves with private writes are registered moves, so merged events are checked again', () => {
    expect(Object.keys(LIVE_SECRET_MOVES)).toEqual([cardsMove.id, playCardMove.id]);
    for (const id of Object.keys(LIVE_SECRET_MOVES)) expect(MOVES.map((m) => m.id)).toContain(id);
  });

  it("a phone cannot draw from a typed-in deck: the deck is on the referee's device", () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    const phone = t.seat('Anna');
    const next = { ...sys(t.pub).cards, drawCount: 1 };
    expect(cardsMove.run(t.pub, { cards: next }, t.ctx(phone))).toEqual({
      ok: false,
      error: DECK_ON_REFEREE
    });
    expect(cardsMove.run(t.pub, { cards: next }, t.ctx(undefined as never)).ok).toBe(false);
    // Not live: as before, the panel's deck goes into the state as it is.
    expect(cardsMove.run(t.pub, { cards: next }, ctxOf()).ok).toBe(true);
  });

  it('the physical deck is only counted: any phone counts a draw, nothing is written privately', () => {
    const t = new Table(ready());
    const phone = t.seat('Anna');
    const cards = { ...sys(t.pub).cards, drawCount: 1 };
    const out = must(cardsMoveLive(t.pub, { cards }, t.ctx(phone)));
    expect(out.secretWrites).toEqual([]);
    expect(out.draft.summary).toBe('Anna draws a Master and Commander card (draw 1)');
  });

  it("a live player's device shows its own hand from its seat's document and the others' as counts", () => {
    const t = new Table(ready());
    t.deck(typeIn(LIBRARY, ORDER));
    t.draw();
    t.draw();
    t.draw();
    const lines = (viewer?: Parameters<typeof shipCard>[2]) =>
      shipCard(t.pub, 'ship-1', viewer)?.lines;
    expect(lines({ secrets: t.seat('Anna'), seat: 'Anna', verifyReveal })).toContain(
      'Anna holds 2 Master and Commander cards: "SECRET TEXT 3 zz", "SECRET TEXT 1 zz"'
    );
    expect(lines({ secrets: t.seat('Ben'), seat: 'Ben', verifyReveal })).toContain(
      'Anna holds 2 Master and Commander cards'
    );
    // The referee's tablet is on the table: the fleet list shows counts there too.
    expect(lines({ secrets: t.referee(), seat: null, verifyReveal })).toContain(
      'Anna holds 2 Master and Commander cards'
    );
  });
});

/** The end of the turn on the live table: a public move, run on the public state. */
function endTurnLive(t: Table): BattleState {
  return endTurn(t.pub, null, 0);
}
