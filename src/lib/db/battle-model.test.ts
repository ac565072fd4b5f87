import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createAction, editSheet, history } from '../battle/actions';
import { applyEvent, fold } from '../battle/fold';
import { INITIAL_STATE, type BattleEvent, type BattleState } from '../engine/events';
import { createBattle } from './repo-battles';
import { appendEvent, loadEvents, redoLast, undoLast } from './repo-events';
import { fakeEnv, openTestDb } from './test-helpers';
import type { Db } from './db';

/**
 * Model-based test of the battle log against the real Dexie on fake-indexeddb: random sequences
 * of edit / roll / undo / redo / reload. The model is a plain undo stack of expected states.
 */

interface Model {
  /** Expected states; the last is the current one, earlier ones are what undo goes back to. */
  done: BattleState[];
  undone: BattleState[];
  logLength: number;
}

interface Real {
  env: ReturnType<typeof fakeEnv>;
  db: Db;
  battleId: string;
  /** What the screen shows: built incrementally from the events it appended or loaded. */
  shown: BattleState;
  shownSeq: number;
  seenIds: Set<string>;
  reloads: number;
}

type Sheet = { hull: number; log: number[] };

function withHull(state: BattleState, shipId: string, hull: number, rolled?: number): BattleState {
  const ship = state.ships[shipId];
  const sheet = ship.sheet as Sheet;
  const next: Sheet = { hull, log: rolled === undefined ? sheet.log : [...sheet.log, rolled] };
  return { ...state, ships: { ...state.ships, [shipId]: { ...ship, sheet: next } } };
}

const current = (m: Model): BattleState => m.done[m.done.length - 1];

async function checkInvariants(m: Model, r: Real): Promise<void> {
  const events = await loadEvents(r.db, r.battleId);
  // The shown state always equals fold(log), and the model's expectation.
  expect(r.shown).toEqual(fold(events));
  expect(r.shown).toEqual(current(m));
  // The log never shrinks; sequence numbers 1..n, never repeated; ids never reused.
  expect(events.length).toBe(m.logLength);
  expect(events.map((e) => e.seq)).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
  expect(r.shownSeq).toBe(events.length);
  for (const e of events) r.seenIds.add(e.id);
  expect(r.seenIds.size).toBe(events.length);
  // Undo semantics independent of inverse ops: replaying only the actions still in effect gives
  // the same state.
  const { voided } = history(events);
  const live = events.filter((e) => e.kind !== 'undo' && e.kind !== 'redo' && !voided.has(e.id));
  expect(fold(live)).toEqual(r.shown);
}

function show(r: Real, e: BattleEvent): void {
  r.shown = applyEvent(r.shown, e);
  r.shownSeq = e.seq;
}

class EditCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly shipId: string,
    readonly hull: number
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const before = r.shown;
    const next = withHull(before, this.shipId, this.hull);
    const draft = editSheet(
      before,
      this.shipId,
      next.ships[this.shipId].sheet,
      `${this.shipId}: hull ${this.hull}`
    );
    show(r, await appendEvent(r.db, r.battleId, draft, { expectedLastSeq: r.shownSeq }));
    m.done.push(withHull(current(m), this.shipId, this.hull));
    m.undone = [];
    m.logLength++;
    await checkInvariants(m, r);
  }
  toString = () => `edit(${this.shipId}, ${this.hull})`;
}

class RollCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly shipId: string,
    readonly faces: number[]
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const hits = this.faces.filter((f) => f >= 4).length;
    const sheet = r.shown.ships[this.shipId].sheet as Sheet;
    const next = withHull(r.shown, this.shipId, sheet.hull - hits, hits);
    const draft = createAction(r.shown, {
      kind: 'roll',
      summary: `${hits} hits on ${this.shipId}`,
      next,
      roll: {
        procedure: 'test-fire',
        inputs: { target: this.shipId },
        dice: { source: 'scripted', dice: this.faces.map((face) => ({ sides: 6, face })) },
        odds: { hitChance: '1/2' },
        outcome: { hits }
      }
    });
    const event = await appendEvent(r.db, r.battleId, draft, { expectedLastSeq: r.shownSeq });
    expect(event.roll?.dice.dice.map((d) => d.face)).toEqual(this.faces);
    show(r, event);
    const expectedSheet = current(m).ships[this.shipId].sheet as Sheet;
    m.done.push(withHull(current(m), this.shipId, expectedSheet.hull - hits, hits));
    m.undone = [];
    m.logLength++;
    await checkInvariants(m, r);
  }
  toString = () => `roll(${this.shipId}, [${this.faces.join(',')}])`;
}

class UndoCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const event = await undoLast(r.db, r.battleId, { expectedLastSeq: r.shownSeq });
    if (m.done.length === 1) {
      expect(event).toBeNull();
    } else {
      expect(event?.kind).toBe('undo');
      if (event) show(r, event);
      const undone = m.done.pop();
      if (undone) m.undone.push(undone);
      m.logLength++;
    }
    await checkInvariants(m, r);
  }
  toString = () => 'undo';
}

class RedoCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const event = await redoLast(r.db, r.battleId, { expectedLastSeq: r.shownSeq });
    const redone = m.undone.pop();
    if (!redone) {
      expect(event).toBeNull();
    } else {
      expect(event?.kind).toBe('redo');
      if (event) show(r, event);
      m.done.push(redone);
      m.logLength++;
    }
    await checkInvariants(m, r);
  }
  toString = () => 'redo';
}

class ReloadCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.db.close();
    r.reloads++;
    r.db = await openTestDb(r.env, {}, 100 + r.reloads);
    const events = await loadEvents(r.db, r.battleId);
    r.shown = fold(events);
    r.shownSeq = events.length;
    await checkInvariants(m, r);
  }
  toString = () => 'reload';
}

const shipIdArb = fc.constantFrom('a', 'b');
const commandsArb = fc.commands(
  [
    fc.tuple(shipIdArb, fc.integer({ min: 0, max: 30 })).map(([s, h]) => new EditCommand(s, h)),
    fc
      .tuple(shipIdArb, fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }))
      .map(([s, f]) => new RollCommand(s, f)),
    fc.constant(new UndoCommand()),
    fc.constant(new UndoCommand()),
    fc.constant(new RedoCommand()),
    fc.constant(new ReloadCommand())
  ],
  { maxCommands: 25 }
);

async function setup(): Promise<{ model: Model; real: Real }> {
  const env = fakeEnv();
  const db = await openTestDb(env);
  const battle = await createBattle(db, {
    name: 'Model',
    systemId: 'privateers',
    variant: 'standard',
    options: {}
  });
  const ship = (id: string) => ({
    id,
    side: id,
    player: 'p',
    sheet: { hull: 20, log: [] },
    order: 0
  });
  const initial: BattleState = { ...INITIAL_STATE, ships: { a: ship('a'), b: ship('b') } };
  // The roster is part of the (not undoable) set-up, so every command has ships to work on.
  const setupEvent = await appendEvent(
    db,
    battle.id,
    createAction(INITIAL_STATE, { kind: 'battle.setup', summary: 'Set up', next: initial })
  );
  return {
    model: { done: [initial], undone: [], logLength: 1 },
    real: {
      env,
      db,
      battleId: battle.id,
      shown: fold([setupEvent]),
      shownSeq: 1,
      seenIds: new Set(),
      reloads: 0
    }
  };
}

describe('battle log model', () => {
  it('random edit / roll / undo / redo / reload sequences keep the shown state equal to fold(log)', async () => {
    await fc.assert(
      fc.asyncProperty(commandsArb, async (cmds) => {
        const { model, real } = await setup();
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        real.db.close();
      }),
      { numRuns: 30, seed: 1129 }
    );
  }, 60_000);
});
