import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  INITIAL_STATE,
  stampEvent,
  type BattleEvent,
  type BattleShip,
  type BattleState,
  type EventDraft,
  type Json
} from '../engine/events';
import { battleEventSchema } from '../engine/events-schema';
import { battleStateSchema } from '../engine/state-schema';
import { addShip, advancePhase, editSheet, history, historyProblems, removeShip } from './actions';
import { fold, applyEvent } from './fold';
import { receiveClock, tickClock, type Clock } from '../engine/clock';
import { defineMove, draftOf, refuse } from './move';
import { ok } from '../engine/result';
import { foldMerged } from './merge-fold';
import { mergeOrder } from './merge-order';
import { historyMerged, redoableBy, undoDraftOf, undoableBy } from './merge-undo';
import { NOT_A_MOVE, recheckWith } from './merge-recheck';

/**
 * A device of the live table: its own replica (every event it has seen), its own clock and seq.
 * `act` makes a draft on the state the device sees (its merged replica) and stamps it.
 */
class Device {
  seen = new Map<string, BattleEvent>();
  clock: Clock | null = null;
  seq = 0;
  /** False before the battle is shared: its events then carry no clock (the pre-live log). */
  isLive = true;
  constructor(
    readonly id: string,
    private now: () => number
  ) {}
  get events(): BattleEvent[] {
    return mergeOrder(this.seen.values());
  }
  get state(): BattleState {
    return foldMerged(this.events).state;
  }
  act(make: (state: BattleState, events: BattleEvent[]) => EventDraft | null): BattleEvent | null {
    const draft = make(this.state, this.events);
    if (!draft) return null;
    this.clock = tickClock(this.clock, this.now());
    const e = stampEvent(draft, {
      id: `${this.id}-${++this.seq}`,
      battleId: 'b',
      seq: this.seq,
      deviceId: this.id,
      at: this.now(),
      ...(this.isLive ? { clock: this.clock } : {})
    });
    this.seen.set(e.id, e);
    return e;
  }
  receive(events: Iterable<BattleEvent>): void {
    for (const e of events) {
      if (this.seen.has(e.id)) continue;
      this.seen.set(e.id, e);
      if (e.clock) this.clock = receiveClock(this.clock, e.clock, this.now());
    }
  }
}

function sync(...devices: Device[]): void {
  const all = devices.flatMap((d) => [...d.seen.values()]);
  for (const d of devices) d.receive(all);
}

const ship = (id: string, name: string, extra: Record<string, Json> = {}): BattleShip => ({
  id,
  side: 'British',
  player: 'Ann',
  sheet: { name, hull: 0, loaded: true, ...extra },
  order: 0
});

interface TestSheet {
  name: string;
  hull: number;
  loaded: boolean;
}

function sheetOf(state: BattleState, id: string): TestSheet {
  return state.ships[id].sheet as unknown as TestSheet;
}

const hit = (id: string, hull: number) => (state: BattleState) =>
  editSheet(state, id, { ...sheetOf(state, id), hull }, `${sheetOf(state, id).name}: hull ${hull}`);

function table(): { a: Device; b: Device; ref: Device } {
  let t = 1_767_000_000_000;
  const now = () => t++;
  const a = new Device('dev-a', now);
  const b = new Device('dev-b', now);
  const ref = new Device('dev-ref', now);
  // The ships are added on the referee's device before the battle is shared.
  ref.isLive = false;
  ref.act((s) => addShip(s, ship('s1', 'Surprise'), 'Surprise'));
  ref.act((s) => addShip(s, ship('s2', 'Acasta'), 'Acasta'));
  ref.isLive = true;
  sync(a, b, ref);
  return { a, b, ref };
}

describe('merge order', () => {
  it('dedupes by id and puts the pre-live log first, then clock order, whatever the arrival', () => {
    const pre = [1, 2, 3].map((seq) =>
      stampEvent(
        { kind: 'note', summary: `n${seq}`, ops: [] },
        { id: `p${seq}`, battleId: 'b', seq, deviceId: 'ref', at: 0 }
      )
    );
    const live = [
      stampEvent(
        { kind: 'note', summary: 'x', ops: [] },
        { id: 'x', battleId: 'b', seq: 4, deviceId: 'a', at: 9, clock: tickClock(null, 5) }
      ),
      stampEvent(
        { kind: 'note', summary: 'y', ops: [] },
        { id: 'y', battleId: 'b', seq: 1, deviceId: 'b', at: 1, clock: tickClock(null, 3) }
      )
    ];
    const arrived = [live[0], pre[2], live[1], pre[0], live[0], pre[1], pre[2]];
    expect(mergeOrder(arrived).map((e) => e.id)).toEqual(['p1', 'p2', 'p3', 'y', 'x']);
  });

  it('keeps each device’s own events in order, and every arrival order sorts the same (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            device: fc.integer({ min: 0, max: 2 }),
            wall: fc.integer({ min: 0, max: 50 }),
            syncFrom: fc.option(fc.integer({ min: 0, max: 2 }))
          }),
          { minLength: 1, maxLength: 60 }
        ),
        fc.integer(),
        (steps, seed) => {
          const clocks: (Clock | null)[] = [null, null, null];
          const logs: BattleEvent[][] = [[], [], []];
          for (const s of steps) {
            if (s.syncFrom !== null) {
              const last = logs[s.syncFrom].at(-1);
              if (last?.clock)
                clocks[s.device] = receiveClock(clocks[s.device], last.clock, s.wall);
            }
            clocks[s.device] = tickClock(clocks[s.device], s.wall);
            const seq = logs[s.device].length + 1;
            logs[s.device].push(
              stampEvent(
                { kind: 'note', summary: '', ops: [] },
                {
                  id: `d${s.device}-${seq}`,
                  battleId: 'b',
                  seq,
                  deviceId: `d${s.device}`,
                  at: s.wall,
                  clock: clocks[s.device]!
                }
              )
            );
          }
          const all = logs.flat();
          const merged = mergeOrder(all);
          for (let d = 0; d < 3; d++) {
            expect(merged.filter((e) => e.deviceId === `d${d}`)).toEqual(logs[d]);
          }
          const shuffled = fc.sample(fc.shuffledSubarray(all, { minLength: all.length }), {
            seed,
            numRuns: 1
          })[0];
          expect(mergeOrder(shuffled)).toEqual(merged);
        }
      )
    );
  });
});

describe('merge-safe fold', () => {
  it('skips edits to a ship removed on another device: no ghost ship, flagged by name', () => {
    const { a, b } = table();
    const removal = a.act((s) => removeShip(s, 's1', 'Surprise'))!;
    const edit = b.act(hit('s1', 4))!;
    sync(a, b);
    const events = a.events;
    // The old fold leaves a ship without id, side or player behind (the defect of #19).
    const ordered = [...events].sort((x, y) => (x.clock! < y.clock! ? -1 : 1));
    expect(battleStateSchema.safeParse(fold(ordered)).success).toBe(
      ordered.indexOf(edit) < ordered.indexOf(removal)
    );
    const { state, flags } = foldMerged(events);
    expect(state.ships.s1).toBeUndefined();
    expect(battleStateSchema.safeParse(state).success).toBe(true);
    const f = flags.get(edit.id);
    expect(f?.kind).toBe('ghost-ship');
    expect(f?.text).toContain('Surprise');
    expect(f?.text).not.toContain('s1');
    expect(foldMerged(b.events).state).toEqual(state);
  });

  it('a ship removed on two devices at once is removed once, the second flagged', () => {
    const { a, b } = table();
    a.act((s) => removeShip(s, 's2', 'Acasta'));
    b.act((s) => removeShip(s, 's2', 'Acasta'));
    sync(a, b);
    const { state, flags } = foldMerged(a.events);
    expect(Object.keys(state.ships)).toEqual(['s1']);
    expect([...flags.values()].map((f) => f.kind)).toEqual(['ghost-ship']);
  });

  it('two devices undoing the same action: it is undone once, the second does nothing', () => {
    const { a, b, ref } = table();
    const action = ref.act(hit('s1', 3))!;
    sync(a, b, ref);
    const u1 = a.act((_, ev) => undoDraftOf(undoableBy(ev, { deviceId: 'x', isReferee: true })!))!;
    const u2 = b.act((_, ev) => undoDraftOf(undoableBy(ev, { deviceId: 'x', isReferee: true })!))!;
    sync(a, b, ref);
    const events = ref.events;
    const { state, flags, history: h } = foldMerged(events);
    expect(sheetOf(state, 's1').hull).toBe(0);
    const second = events.indexOf(u1) < events.indexOf(u2) ? u2 : u1;
    expect(flags.get(second.id)?.kind).toBe('repeat-undo');
    expect(flags.size).toBe(1);
    expect(h.voided).toEqual(new Set([action.id]));
    // Not a history problem in a merged log (it was one for the single-device replay).
    expect(historyProblems(events)).toEqual([]);
    expect(history(events).voided).toEqual(new Set([action.id]));
  });

  it('an undo landing after another device’s later edit of the same thing is skipped, not a silent wipe', () => {
    const { a, b } = table();
    const mine = a.act(hit('s1', 3))!;
    sync(a, b);
    b.act(hit('s1', 5));
    // A undoes before hearing of B's edit.
    const u = a.act((_, ev) =>
      undoDraftOf(undoableBy(ev, { deviceId: 'dev-a', isReferee: false })!)
    )!;
    expect(u.target).toBe(mine.id);
    sync(a, b);
    const { state, flags, history: h } = foldMerged(a.events);
    expect(sheetOf(state, 's1').hull).toBe(5);
    expect(flags.get(u.id)).toMatchObject({ kind: 'conflict', applied: false });
    expect(flags.get(u.id)?.text).toContain('Surprise');
    expect(h.voided.has(mine.id)).toBe(false);
  });

  it('an undo of an action that is not the newest undoes it and leaves later actions of others', () => {
    const { a, b } = table();
    const mine = a.act(hit('s1', 3))!;
    sync(a, b);
    b.act(hit('s2', 7));
    sync(a, b);
    expect(undoableBy(a.events, { deviceId: 'dev-a', isReferee: false })?.id).toBe(mine.id);
    a.act((_, ev) => undoDraftOf(undoableBy(ev, { deviceId: 'dev-a', isReferee: false })!));
    sync(a, b);
    const { state, flags } = foldMerged(b.events);
    expect(sheetOf(state, 's1').hull).toBe(0);
    expect(sheetOf(state, 's2').hull).toBe(7);
    expect(flags.size).toBe(0);
  });

  it('concurrent edits of the same value: the later in merged order wins and is flagged', () => {
    const { a, b } = table();
    const x = a.act(hit('s1', 3))!;
    const y = b.act(hit('s1', 4))!;
    sync(a, b);
    const { state, flags } = foldMerged(a.events);
    const [first, later] = a.events.indexOf(x) < a.events.indexOf(y) ? [x, y] : [y, x];
    expect(sheetOf(state, 's1').hull).toBe(later === x ? 3 : 4);
    expect(flags.get(later.id)).toMatchObject({ kind: 'conflict', applied: true });
    expect(flags.has(first.id)).toBe(false);
  });

  it('a repeated redo does nothing', () => {
    const { a, b } = table();
    const act = a.act(hit('s1', 3))!;
    a.act((_, ev) => undoDraftOf(undoableBy(ev, { deviceId: 'dev-a', isReferee: false })!));
    sync(a, b);
    const redo = (d: Device) =>
      d.act((_, ev) => {
        const t = redoableBy(ev, { deviceId: d.id, isReferee: true });
        return t && { kind: 'redo', summary: `Redid: ${t.summary}`, ops: t.ops, target: t.id };
      })!;
    const r1 = redo(a);
    const r2 = redo(b);
    sync(a, b);
    const { state, flags } = foldMerged(a.events);
    expect(sheetOf(state, 's1').hull).toBe(3);
    const second = a.events.indexOf(r1) < a.events.indexOf(r2) ? r2 : r1;
    expect(flags.get(second.id)?.kind).toBe('repeat-undo');
    expect(historyMerged(a.events, flags).voided.has(act.id)).toBe(false);
  });

  it('players undo their own device’s last action; the referee anyone’s', () => {
    const { a, b, ref } = table();
    const mine = a.act(hit('s1', 3))!;
    sync(a, b, ref);
    const theirs = b.act(hit('s2', 2))!;
    sync(a, b, ref);
    expect(undoableBy(ref.events, { deviceId: 'dev-a', isReferee: false })?.id).toBe(mine.id);
    expect(undoableBy(ref.events, { deviceId: 'dev-b', isReferee: false })?.id).toBe(theirs.id);
    expect(undoableBy(ref.events, { deviceId: 'dev-ref', isReferee: true })?.id).toBe(theirs.id);
    expect(undoableBy(ref.events, { deviceId: 'nobody', isReferee: false })).toBeNull();
  });

  it('a move no longer legal on the merged state is refused with the rule’s reason, not applied', () => {
    const fire = defineMove<{ ship: string }>({
      id: 'test.fire',
      input: z.strictObject({ ship: z.string() }),
      category: 'other',
      run: (state, input) => {
        const s = sheetOf(state, input.ship);
        if (!s.loaded) return refuse(`${s.name} has not reloaded.`);
        const next = {
          ...state,
          ships: {
            ...state.ships,
            [input.ship]: { ...state.ships[input.ship], sheet: { ...s, loaded: false } }
          }
        };
        return draftOf(state, { kind: 'test.fire', summary: `${s.name} fires`, next });
      }
    });
    const perform = (d: Device) =>
      d.act((state) => {
        const r = fire.run(state, { ship: 's1' }, {} as never);
        return r.ok ? { ...r.value, input: { ship: 's1' } } : null;
      })!;
    const { a, b } = table();
    const x = perform(a);
    const y = perform(b);
    sync(a, b);
    const check = recheckWith([fire]);
    const { state, flags } = foldMerged(a.events, check);
    const later = a.events.indexOf(x) < a.events.indexOf(y) ? y : x;
    expect(flags.get(later.id)).toEqual({
      eventId: later.id,
      kind: 'refused',
      text: '“Surprise fires” not applied: Surprise has not reloaded.',
      applied: false
    });
    expect(sheetOf(state, 's1').loaded).toBe(false);
    // A live event with changes and no input was written by no move: refused (issue 34).
    const bare = a.events.map((e) => {
      const { input: _input, ...rest } = e;
      return rest;
    });
    expect(foldMerged(bare, check).flags.get(later.id)?.text).toContain(NOT_A_MOVE);
  });

  it('a move that throws on an input it cannot read counts as refused, and the fold goes on', () => {
    const brittle = defineMove<{ ship: string }>({
      id: 'test.brittle',
      input: z.strictObject({ ship: z.string() }),
      category: 'other',
      run: () => {
        throw new TypeError('cannot read');
      }
    });
    const hull = defineMove<{ ship: string; hull: number }>({
      id: 'test.hull',
      input: z.strictObject({ ship: z.string(), hull: z.number() }),
      category: 'other',
      run: (state, input) => ok({ ...hit(input.ship, input.hull)(state), kind: 'test.hull' })
    });
    const { a } = table();
    a.act(() => ({ kind: 'test.brittle', summary: 'Odd', ops: [], input: 7 }));
    a.act((s) => {
      const r = hull.run(s, { ship: 's1', hull: 2 }, {} as never);
      return r.ok ? { ...r.value, input: { ship: 's1', hull: 2 } } : null;
    });
    const { state, flags } = foldMerged(a.events, recheckWith([brittle, hull]));
    expect([...flags.values()].map((f) => f.kind)).toEqual(['refused']);
    expect(sheetOf(state, 's1').hull).toBe(2);
  });

  it('an event whose ops do not fit is not applied at all (atomic), and later events still are', () => {
    const { a } = table();
    const bad = a.act(() => ({
      kind: 'sheet.edit',
      summary: 'Garbled',
      ops: [
        { op: 'set', path: ['ships', 's1', 'sheet', 'hull'], value: 9, prev: 0 },
        { op: 'set', path: ['turn'], value: 'soon', prev: 1 }
      ]
    }))!;
    a.act(hit('s2', 1));
    const { state, flags } = foldMerged(a.events);
    expect(flags.get(bad.id)?.kind).toBe('bad-ops');
    expect(sheetOf(state, 's1').hull).toBe(0);
    expect(state.turn).toBe(1);
    expect(sheetOf(state, 's2').hull).toBe(1);
  });
});

// ---- Properties ----

const names = ['Surprise', 'Acasta', 'Lively'];
/** One device's step: act on what it sees, or sync with another. */
const stepArb = fc.record({
  device: fc.integer({ min: 0, max: 2 }),
  what: fc.constantFrom('add', 'remove', 'hit', 'hit', 'hit', 'phase', 'undo', 'redo', 'sync'),
  ship: fc.integer({ min: 0, max: 2 }),
  value: fc.integer({ min: 0, max: 9 }),
  other: fc.integer({ min: 0, max: 2 })
});

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function play(steps: Step[]): Device[] {
  let t = 1_767_000_000_000;
  const devices = [0, 1, 2].map((i) => new Device(`dev-${i}`, () => (t += 7)));
  for (const s of steps) {
    const d = devices[s.device];
    const id = `s${s.ship}`;
    const who = { deviceId: d.id, isReferee: s.device === 0 };
    d.act((state, events) => {
      const has = Object.prototype.hasOwnProperty.call(state.ships, id);
      switch (s.what) {
        case 'add':
          return has ? null : addShip(state, ship(id, names[s.ship]), names[s.ship]);
        case 'remove':
          return has ? removeShip(state, id, names[s.ship]) : null;
        case 'hit':
          return has ? hit(id, s.value)(state) : null;
        case 'phase':
          return advancePhase(state, ['Move', 'Fire']);
        case 'undo': {
          const target = undoableBy(events, who);
          return target && undoDraftOf(target);
        }
        case 'redo': {
          const target = redoableBy(events, who);
          return target && { kind: 'redo', summary: 'Redid', ops: target.ops, target: target.id };
        }
        default:
          return null;
      }
    });
    if (s.what === 'sync') sync(d, devices[s.other]);
  }
  return devices;
}

describe('merge-safe fold (properties)', () => {
  it('every arrival order of several devices’ logs converges to one state, valid, never throwing', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), fc.integer(), (steps, seed) => {
        const devices = play(steps);
        const all = devices.flatMap((d) => [...d.seen.values()]);
        const reference = foldMerged(mergeOrder(all));
        expect(battleStateSchema.safeParse(reference.state).success).toBe(true);
        const shuffled = fc.sample(fc.shuffledSubarray(all, { minLength: all.length }), {
          seed,
          numRuns: 1
        })[0];
        const again = foldMerged(mergeOrder(shuffled));
        expect(again.state).toEqual(reference.state);
        expect(again.flags).toEqual(reference.flags);
        // Every device, once all are synced, shows the same battle.
        sync(...devices);
        for (const d of devices) expect(d.state).toEqual(reference.state);
      }),
      { numRuns: 200 }
    );
  }, 60_000);

  it('on one device’s log it is exactly fold, with no flags', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        const [solo] = play(steps.map((s) => ({ ...s, device: 0 })));
        const events = solo.events;
        const merged = foldMerged(events);
        expect(merged.flags.size).toBe(0);
        expect(merged.state).toEqual(fold(events));
        expect(merged.history.voided).toEqual(history(events).voided);
      }),
      { numRuns: 200 }
    );
  }, 60_000);

  const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
  const pathKey = fc.oneof(
    fc.constantFrom(
      'ships',
      's0',
      's1',
      'sheet',
      'hull',
      'turn',
      'phase',
      'system',
      'id',
      '__proto__'
    ),
    fc.integer({ min: 0, max: 3 })
  );
  const hostileOp = fc.oneof(
    fc.record(
      {
        op: fc.constant('set' as const),
        path: fc.array(pathKey, { maxLength: 5 }),
        value: json,
        prev: json
      },
      { requiredKeys: ['op', 'path', 'value'] }
    ),
    fc.record({
      op: fc.constant('del' as const),
      path: fc.array(pathKey, { maxLength: 5 }),
      prev: json
    })
  );
  const hostile = fc.record({
    kind: fc.constantFrom('sheet.edit', 'undo', 'redo', 'ship.remove', 'battle.setup', 'note'),
    ops: fc.array(hostileOp, { maxLength: 4 }),
    target: fc.constantFrom('dev-0-1', 'dev-1-2', 'dev-2-3', 'nothing'),
    device: fc.integer({ min: 0, max: 2 }),
    wall: fc.integer({ min: 0, max: 2 ** 40 })
  });

  it('hostile but schema-valid events from another device never throw and never break the state', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 30 }),
        fc.array(hostile, { maxLength: 12 }),
        (steps, bad) => {
          const devices = play(steps);
          const all = devices.flatMap((d) => [...d.seen.values()]);
          // Only what passes the event schema reaches the fold (every read parses): a generated
          // event the schema refuses (a "__proto__" key) is left out, not counted as a failure.
          const forged = bad.flatMap((h, i) => {
            const parsed = battleEventSchema.safeParse(
              stampEvent(
                { kind: h.kind, summary: 'Forged', ops: h.ops, target: h.target },
                {
                  id: `forged-${i}`,
                  battleId: 'b',
                  seq: i + 1,
                  deviceId: `dev-${h.device}`,
                  at: h.wall,
                  clock: tickClock(null, h.wall)
                }
              )
            );
            return parsed.success ? [parsed.data] : [];
          });
          const { state } = foldMerged(mergeOrder([...all, ...forged]));
          expect(battleStateSchema.safeParse(state).success).toBe(true);
          // What the fold returns is still a state later events can be applied to.
          expect(() => applyEvent(state, { ops: [] })).not.toThrow();
          expect(({} as Record<string, unknown>).hull).toBeUndefined();
        }
      ),
      { numRuns: 300 }
    );
  }, 60_000);
});

describe('stored battles replay the same through the merged fold', () => {
  it('release 0.1 battles: foldMerged equals fold, with no flags', () => {
    const file = readFileSync(
      new URL('../db/fixtures/release-0.1-battles.json', import.meta.url),
      'utf8'
    );
    const events = (JSON.parse(file) as { payload: { events: BattleEvent[] } }).payload.events;
    const battles = new Set(events.map((e) => e.battleId));
    expect(battles.size).toBe(5);
    for (const id of battles) {
      const log = events.filter((e) => e.battleId === id).sort((x, y) => x.seq - y.seq);
      const merged = foldMerged(mergeOrder(log));
      expect(merged.flags).toEqual(new Map());
      expect(merged.state).toEqual(fold(log));
      expect(merged.state).not.toBe(INITIAL_STATE);
    }
  });
});
