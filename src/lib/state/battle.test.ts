// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addShip, editSheet } from '$lib/battle/actions';
import { fold } from '$lib/battle/fold';
import { StaleStateError, appendEvent, createBattle, loadEvents } from '$lib/db';
import {
  closeUnderApp,
  failOpens,
  fakeEnv,
  fillDiskOnWrite,
  openTestDb
} from '$lib/db/test-helpers';
import { defineMove, draftOf, refuse } from '$lib/battle/move';
import { BattleSession } from './battle.svelte';

/** A move that may be made once: the second is refused with its reason (like one reload a turn). */
const markOnce = defineMove<{ shipId: string }>({
  id: 'test.mark-once',
  input: z.strictObject({ shipId: z.string() }),
  category: 'other',
  run: (state, { shipId }) => {
    const ship = state.ships[shipId];
    if (!ship) return refuse('No such ship.');
    const sheet = ship.sheet as { hull: number; marked?: boolean };
    if (sheet.marked) return refuse('Already marked this turn.');
    return draftOf(state, {
      kind: 'test.mark-once',
      summary: 'Marked',
      next: {
        ...state,
        ships: { ...state.ships, [shipId]: { ...ship, sheet: { ...sheet, marked: true } } }
      }
    });
  }
});

const ship = { id: 's1', side: 'British', player: 'Ann', sheet: { hull: 10 }, order: 0 };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A Privateers battle on a fresh test database, open in a session as the battle page opens it. */
async function openSession() {
  const env = fakeEnv();
  const db = await openTestDb(env, {}, 1);
  const battle = await createBattle(db, {
    name: 'S',
    systemId: 'privateers',
    variant: 'standard',
    options: {}
  });
  const session = new BattleSession(db, battle.id);
  await session.open();
  return { env, db, battle, session };
}

function waitFor(pred: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (pred()) resolve();
      else if (Date.now() - start > ms) reject(new Error('timed out'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

describe('BattleSession', () => {
  it('shows fold(log) through actions, undo, redo and another tab’s writes', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env, {}, 1);
    const other = await openTestDb(env, {}, 2);
    const battle = await createBattle(db, {
      name: 'S',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    const session = new BattleSession(db, battle.id);
    await session.open();
    await session.act((s) => addShip(s, ship, 'Vanguard'));
    await session.act((s) => editSheet(s, 's1', { hull: 4 }, 'Vanguard: hull 10 → 4'));
    expect(session.state.ships.s1.sheet).toEqual({ hull: 4 });
    await session.undo();
    expect(session.state.ships.s1.sheet).toEqual({ hull: 10 });
    expect(session.canRedo).toBe(true);
    expect(session.lines[0].text).toBe('Undid: Vanguard: hull 10 → 4');
    expect(session.lines[1].isVoided).toBe(true);

    await appendEvent(other, battle.id, { kind: 'note', summary: 'from the other tab', ops: [] });
    await waitFor(() => session.events.length === 4);
    expect(session.state).toEqual(fold(await loadEvents(db, battle.id)));
    expect(session.canRedo).toBe(false);
    session.close();
  });

  it('perform parses the input with the move’s schema: a malformed one is refused, nothing written', async () => {
    const { db, battle, session } = await openSession();
    await session.act((s) => addShip(s, ship, 'Vanguard'));
    const before = await loadEvents(db, battle.id);
    // A form that handed the move a number where the ship's id belongs (issue 31).
    const r = await session.perform(markOnce, { shipId: 1 } as unknown as { shipId: string });
    const why =
      'Not a valid input for test.mark-once (shipId: expected a string); nothing was changed.';
    expect(r).toEqual({ ok: false, error: why });
    expect(session.refusal).toBe(why);
    expect(await loadEvents(db, battle.id)).toEqual(before);
    session.close();
  });

  it('refuses an action based on an outdated screen and says so', async () => {
    const { db, battle, session } = await openSession();
    session.close(); // no live updates: the screen goes stale
    await appendEvent(db, battle.id, { kind: 'note', summary: 'elsewhere', ops: [] });
    expect(await session.act((s) => addShip(s, ship, 'V'))).toBeNull();
    expect(session.error).toBeInstanceOf(StaleStateError);
    expect(await loadEvents(db, battle.id)).toHaveLength(1);
  });

  it('perform: refuses on the screen state; a second tap while the first is saved is the same action', async () => {
    const { db, battle, session } = await openSession();
    await session.act((s) => addShip(s, ship, 'Vanguard'));
    expect((await session.perform(markOnce, { shipId: 'nope' })).ok).toBe(false);
    expect(session.refusal).toBe('No such ship.');
    // Two taps before the first is written: the second is the same action (one busy guard,
    // issue 39) and gets its result; no refusal is shown in place of it.
    const [a, b] = await Promise.all([
      session.perform(markOnce, { shipId: 's1' }),
      session.perform(markOnce, { shipId: 's1' })
    ]);
    expect(a.ok).toBe(true);
    expect(b).toBe(a);
    expect(session.refusal).toBeNull();
    expect(session.error).toBeNull();
    // Once it is saved, the next tap is judged on the written state.
    expect(await session.perform(markOnce, { shipId: 's1' })).toEqual({
      ok: false,
      error: 'Already marked this turn.'
    });
    const events = await loadEvents(db, battle.id);
    expect(events.filter((e) => e.kind === 'test.mark-once')).toHaveLength(1);
    expect(session.lastPerformed?.moveId).toBe('test.mark-once');
    // The input as performed is on the event, so a merged copy can be checked again (#19).
    expect(events.find((e) => e.kind === 'test.mark-once')?.input).toEqual({ shipId: 's1' });
    session.close();
  });

  it('a double tap on Next or Undo saves one action; other taps wait their turn, none is lost', async () => {
    const { db, battle, session } = await openSession();
    const note = (summary: string) => () => ({ kind: 'note', summary, ops: [] });
    // A move with no refusal of its own (like "Next phase"): before, the second tap was built
    // again on the written state and advanced twice.
    const step = defineMove<Record<string, never>>({
      id: 'test.step',
      input: z.strictObject({}),
      category: 'other',
      run: (state) => draftOf(state, { kind: 'test.step', summary: 'Step', next: state })
    });
    await Promise.all([session.perform(step, {}), session.perform(step, {})]);
    // Two different actions tapped at once: both are saved, the second on the state the first
    // wrote (it was refused as "changed in another tab" when it was judged on the older one).
    await Promise.all([session.act(note('a')), session.act(note('b'))]);
    expect(session.error).toBeNull();
    // Undo tapped twice is one undo; the redo tapped after it waits and then redoes it.
    await Promise.all([session.undo(), session.undo(), session.redo()]);
    expect((await loadEvents(db, battle.id)).map((e) => e.kind)).toEqual([
      'test.step',
      'note',
      'note',
      'undo',
      'redo'
    ]);
    expect(session.lines[0].text).toBe('Redid: b');
    session.close();
  });

  it('runs a move once per tap when nothing was written since its check, again on a newer state', async () => {
    const { db, battle, session } = await openSession();
    await session.act((s) => addShip(s, ship, 'Vanguard'));
    await session.act((s) => addShip(s, { ...ship, id: 's2', order: 1 }, 'Victory'));
    let runs = 0;
    const counted: typeof markOnce = {
      ...markOnce,
      run: (...args) => {
        runs++;
        return markOnce.run(...args);
      }
    };
    // Checked on the state on screen, saved on that same state: the check's draft is written.
    expect((await session.perform(counted, { shipId: 's1' })).ok).toBe(true);
    expect(runs).toBe(1);
    // Another action is saving when the move is tapped: the move was checked on the state before
    // it, so it is built again on the state that action wrote.
    runs = 0;
    await Promise.all([
      session.act((s) => editSheet(s, 's2', { hull: 7 }, 'hull 7')),
      session.perform(counted, { shipId: 's2' })
    ]);
    expect(runs).toBe(2);
    const events = await loadEvents(db, battle.id);
    expect(session.state).toEqual(fold(events));
    expect(session.state.ships.s2.sheet).toEqual({ hull: 7, marked: true });
    session.close();
  });

  it('perform with onlyOnKnownState refuses a whole-sheet edit made on an outdated screen', async () => {
    const { db, battle, session } = await openSession();
    await session.act((s) => addShip(s, ship, 'Vanguard'));
    session.close(); // the screen stops following the log
    await appendEvent(db, battle.id, { kind: 'note', summary: 'elsewhere', ops: [] });
    const r = await session.perform(markOnce, { shipId: 's1' }, { onlyOnKnownState: true });
    expect(r.ok).toBe(false);
    // Said where the edit was made (the refusal), not again at the top of the page (issue 41).
    expect(r.ok ? '' : r.error).toBe(new StaleStateError('this-device').message);
    expect(session.refusal).toBe(r.ok ? '' : r.error);
    expect(session.error).toBeNull();
    const events = await loadEvents(db, battle.id);
    expect(events.filter((e) => e.kind === 'test.mark-once')).toHaveLength(0);
    // Without the option the same move is judged on the state written, and saved.
    expect((await session.perform(markOnce, { shipId: 's1' })).ok).toBe(true);
  });

  it('a move refused at a full device is said once, where it was made; the first after space is freed saves, without a reload', async () => {
    const { env, db, battle, session } = await openSession();
    await session.act((s) => addShip(s, ship, 'Vanguard'));

    // The disk fills as the move is written: the browser aborts it…
    const stopFilling = fillDiskOnWrite('events');
    const full = await session.perform(markOnce, { shipId: 's1' });
    stopFilling();
    expect(full).toEqual({
      ok: false,
      error:
        'Storage full — export a backup, then delete old battles to make room. Nothing from this action was saved.'
    });
    // …and says so once: the refusal where the move was made, nothing at the top of the page.
    expect(session.refusal).toBe(full.ok ? '' : full.error);
    expect(session.error).toBeNull();
    expect(session.lastSeq).toBe(1);

    // …then closes the database, and cannot open it again while the disk is full.
    const freeSpace = failOpens(env);
    closeUnderApp(db);
    const closed = await session.perform(markOnce, { shipId: 's1' });
    expect(closed.ok ? '' : closed.error).toMatch(/^Storage full — .*reload/);
    expect(session.error).toBeNull();

    // Space freed: the next tap saves.
    freeSpace();
    const saved = await session.perform(markOnce, { shipId: 's1' });
    expect(saved.ok).toBe(true);
    expect(session.refusal).toBeNull();
    expect((session.state.ships.s1.sheet as { marked?: boolean }).marked).toBe(true);
    const events = await loadEvents(db, battle.id);
    expect(events.map((e) => e.kind)).toEqual([events[0].kind, 'test.mark-once']);
    expect(events).toEqual(session.events);
    session.close();
  });
});
