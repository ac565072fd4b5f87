// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { addShip } from '$lib/battle/actions';
import { tickClock, type Clock } from '$lib/engine/clock';
import { defineMove, draftOf, refuse, withSecretWrites } from '$lib/battle/move';
import { SeatDocs } from '$lib/live/seat-docs';
import type { SecretWrite } from '$lib/engine/secrets';
import { createBattle, loadEvents } from '$lib/db';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { BattleSession } from './battle.svelte';
import type { LiveLink } from './live.svelte';
import { loadMergeLayer } from './merge-layer';
import { NOT_LIVE_SECRETS } from './secret-writes';

// A move's private writes on the live table (#19 item 5): made with the move, in the seat's private
// document, never in the public event; refused (nothing saved) where the device may not make them.

/** Ann draws a card: the public event says so, the card goes to Ann's private document. */
const draw = defineMove<{ card: string }>({
  id: 'test.draw',
  input: z.strictObject({ card: z.string() }),
  category: 'other',
  run: (state, input, ctx) => {
    if (!ctx.secrets) return refuse('Only on the live table.');
    const hand = ctx.secrets.get('Ann', 'hand');
    const held = Array.isArray(hand) ? hand : [];
    return withSecretWrites(
      draftOf(state, { kind: 'test.draw', summary: 'Ann draws a card', next: state }),
      [{ seat: 'Ann', key: 'hand', value: [...held, input.card] }]
    );
  }
});

/** Ann draws a card, and says what undoing the draw writes back (her hand before it). */
const drawUndoable = defineMove<{ card: string }>({
  id: 'test.draw-undoable',
  input: z.strictObject({ card: z.string() }),
  category: 'other',
  run: (state, input, ctx) => {
    if (!ctx.secrets) return refuse('Only on the live table.');
    const hand = ctx.secrets.get('Ann', 'hand');
    const held = Array.isArray(hand) ? hand : [];
    return withSecretWrites(
      draftOf(state, { kind: 'test.draw-undoable', summary: 'Ann draws a card', next: state }),
      [{ seat: 'Ann', key: 'hand', value: [...held, input.card] }],
      [{ seat: 'Ann', key: 'hand', value: hand ?? null }]
    );
  }
});

const mark = defineMove<Record<string, never>>({
  id: 'test.mark',
  input: z.strictObject({}),
  category: 'other',
  run: (state) =>
    draftOf(state, {
      kind: 'test.mark',
      summary: 'Marked',
      next: { ...state, turn: state.turn + 1 }
    })
});

/** The live link as the session uses it, with real private documents and no hub. */
function fakeLink(seats: string[]): LiveLink & { written: SecretWrite[][] } {
  const seatDocs = new SeatDocs(seats);
  let clock: Clock | null = null;
  const written: SecretWrite[][] = [];
  return {
    role: 'player',
    isReadOnly: false,
    seatDocs,
    written,
    get secrets() {
      return seatDocs.view();
    },
    refusalOf: (w: readonly SecretWrite[]) => seatDocs.refusalOf(w),
    writeSecrets: (w: readonly SecretWrite[]) => {
      written.push([...w]);
      seatDocs.apply(w);
      return Promise.resolve();
    },
    nextClock: () => (clock = tickClock(clock, Date.now())),
    sync: () => {},
    stop: () => {}
  } as unknown as LiveLink & { written: SecretWrite[][] };
}

async function open(live: LiveLink | null) {
  const db = await openTestDb(fakeEnv(), {}, 1);
  const battle = await createBattle(db, {
    name: 'S',
    systemId: 'privateers',
    variant: 'standard',
    options: {}
  });
  const session = new BattleSession(db, battle.id);
  await session.open();
  await session.act((s) =>
    addShip(s, { id: 's1', side: 'GB', player: 'Ann', sheet: {}, order: 0 }, 'Swift')
  );
  // The session's own link starts only after the merge layer is loaded (#startLive); so here.
  if (live) await loadMergeLayer();
  session.live = live;
  return { db, session, battleId: battle.id };
}

describe('private writes with a move', () => {
  it('go to the seat’s private document once the event is in, never into the event', async () => {
    const live = fakeLink(['Ann']);
    const { db, session, battleId } = await open(live);
    const r = await session.perform(draw, { card: 'c-sloop' });
    expect(r.ok).toBe(true);
    await session.perform(draw, { card: 'c-brig' });
    expect(live.secrets.get('Ann', 'hand')).toEqual(['c-sloop', 'c-brig']);
    // The second draw's event names its own card (its input); the hand it wrote, both cards, is
    // only in Ann's private document.
    const events = await loadEvents(db, battleId);
    const last = events.at(-1)!;
    expect(Object.keys(last)).not.toContain('secretWrites');
    expect(JSON.stringify(last)).not.toContain('c-sloop');
  });

  it('a screen’s writes (sealed orders) go with the move; a seat not opened here refuses it', async () => {
    const live = fakeLink(['Ann']);
    const { db, session, battleId } = await open(live);
    const before = (await loadEvents(db, battleId)).length;
    const sealed = { seat: 'Ann', key: 'pv.orders/s1', value: { sail: 2, salt: 'ab'.repeat(16) } };
    expect((await session.perform(mark, {}, { secretWrites: [sealed] })).ok).toBe(true);
    expect(live.written).toEqual([[sealed]]);
    const bob = { seat: 'Bob', key: 'pv.orders/s2', value: 1 };
    const r = await session.perform(mark, {}, { secretWrites: [bob] });
    expect(r.ok ? '' : r.error).toContain('does not hold Bob’s secrets');
    expect(session.refusal).toContain('Bob');
    expect(await loadEvents(db, battleId)).toHaveLength(before + 1);
    expect(live.written).toHaveLength(1);
    expect(JSON.stringify(await loadEvents(db, battleId))).not.toContain('ab'.repeat(16));
  });

  it('on a battle that is not live, a private write is refused and nothing is saved', async () => {
    const { db, session, battleId } = await open(null);
    const before = (await loadEvents(db, battleId)).length;
    const r = await session.perform(
      mark,
      {},
      { secretWrites: [{ seat: 'Ann', key: 'k', value: 1 }] }
    );
    expect(r.ok ? '' : r.error).toBe(NOT_LIVE_SECRETS);
    expect(await loadEvents(db, battleId)).toHaveLength(before);
    // And moves see no private documents there.
    expect(session.moveContext().secrets).toBeUndefined();
  });

  it('undo writes the private documents back as they were before the move, redo again', async () => {
    const live = fakeLink(['Ann']);
    const { db, session, battleId } = await open(live);
    await session.perform(drawUndoable, { card: 'c-sloop' });
    await session.perform(drawUndoable, { card: 'c-brig' });
    expect(live.secrets.get('Ann', 'hand')).toEqual(['c-sloop', 'c-brig']);
    expect(await session.undo()).not.toBeNull();
    expect(live.secrets.get('Ann', 'hand')).toEqual(['c-sloop']);
    expect(await session.undo()).not.toBeNull();
    expect(live.secrets.get('Ann', 'hand')).toBeUndefined();
    expect(await session.redo()).not.toBeNull();
    expect(live.secrets.get('Ann', 'hand')).toEqual(['c-sloop']);
    // The old values are kept in the seat's own document, never in the public undo events.
    const events = await loadEvents(db, battleId);
    expect(events.map((e) => e.kind).slice(-3)).toEqual(['undo', 'undo', 'redo']);
    expect(JSON.stringify(events.slice(-3))).not.toContain('c-');
  });

  it('an undo refuses, and keeps the hand, when another move wrote the same hand since', async () => {
    const live = fakeLink(['Ann']);
    const { session } = await open(live);
    await session.perform(drawUndoable, { card: 'c-sloop' });
    // The referee's device draws into Ann's hand meanwhile; its write reaches her seat's document.
    live.seatDocs.apply([{ seat: 'Ann', key: 'hand', value: ['c-sloop', 'c-brig'] }]);
    expect(await session.undo()).toBeNull();
    expect(session.refusal).toBe(
      "Not undone: Ann's private document has changed since (a later move wrote there too); undo that move first."
    );
    expect(live.secrets.get('Ann', 'hand')).toEqual(['c-sloop', 'c-brig']);
    // Once the later write is gone again, the undo goes through.
    live.seatDocs.apply([{ seat: 'Ann', key: 'hand', value: ['c-sloop'] }]);
    expect(await session.undo()).not.toBeNull();
    expect(live.secrets.get('Ann', 'hand')).toBeUndefined();
  });
});
