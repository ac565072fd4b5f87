import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addShip, editSheet, note } from '../battle/actions';
import { fold } from '../battle/fold';
import { INITIAL_STATE, type BattleState } from '../engine/events';
import type { Db } from './db';
import { createBattle } from './repo-battles';
import {
  appendEvent,
  loadBattle,
  loadEventRange,
  loadEvents,
  openBattle,
  redoLast,
  undoLast
} from './repo-events';
import { prefixHash, stateHash } from './checkpoints';
import { openTestDb } from './test-helpers';

const newBattle = {
  name: 'Long campaign',
  systemId: 'privateers',
  variant: 'standard',
  options: {}
} as const;

type Step = { kind: 'edit'; ship: number; hull: number } | { kind: 'note' | 'undo' | 'redo' };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    ship: fc.integer({ min: 0, max: 2 }),
    hull: fc.integer({ min: 0, max: 9 })
  }),
  fc.record({ kind: fc.constantFrom('note' as const, 'undo' as const, 'redo' as const) })
);

async function battleWithShips(db: Db): Promise<string> {
  const battle = await createBattle(db, newBattle);
  let state: BattleState = INITIAL_STATE;
  for (let i = 0; i < 3; i++) {
    const sheet = { name: `Ship ${i}`, hull: 10 };
    const e = await appendEvent(
      db,
      battle.id,
      addShip(state, { id: `s${i}`, side: 'A', player: 'p', sheet, order: i }, `Ship ${i}`)
    );
    state = fold([e], state);
  }
  return battle.id;
}

async function play(db: Db, battleId: string, steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    if (step.kind === 'edit') {
      const { state } = await loadBattle(db, battleId, { checkpointEvery: 1_000_000 });
      const id = `s${step.ship}`;
      const sheet = { name: `Ship ${step.ship}`, hull: step.hull };
      // An undo may have taken the ship away again: then the step is a note.
      await appendEvent(
        db,
        battleId,
        state.ships[id] ? editSheet(state, id, sheet, 'hit') : note('no ship')
      );
    } else if (step.kind === 'undo') await undoLast(db, battleId);
    else if (step.kind === 'redo') await redoLast(db, battleId);
    else await appendEvent(db, battleId, note('a note'));
  }
}

const checkpointsOf = (db: Db) => db.read(['checkpoints'], () => db.table('checkpoints').toArray());

describe('checkpoints of the folded state', () => {
  it('checkpoint + tail folds to the same state as the whole log, with undo and redo (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 25 }),
        fc.array(stepArb, { maxLength: 15 }),
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 1, max: 4 }),
        async (first, second, every, tail) => {
          const db = await openTestDb();
          const battleId = await battleWithShips(db);
          await play(db, battleId, first);
          const a = await loadBattle(db, battleId, { checkpointEvery: every });
          await a.checkpointed;
          expect(a.state).toEqual(fold(await loadEvents(db, battleId)));
          await play(db, battleId, second);
          const b = await loadBattle(db, battleId, { checkpointEvery: every });
          await b.checkpointed;
          const events = await loadEvents(db, battleId);
          const ids = events.map((e) => e.id);
          expect(b.state).toEqual(fold(events));
          expect(b.events).toEqual(events);
          // An open after a boundary leaves a checkpoint there, holding against the log.
          const stored = await checkpointsOf(db);
          const boundary = Math.floor(events.length / every) * every;
          if (boundary > 0) expect(stored.map((c) => c.seq)).toContain(boundary);
          for (const c of stored) {
            expect(c.hash).toBe(prefixHash(ids, c.seq));
            expect(c.state).toEqual(fold(events.slice(0, c.seq)));
          }
          expect(stored.length).toBeLessThanOrEqual(2);
          // And the next open, from that checkpoint, is still the log's state.
          expect((await loadBattle(db, battleId, { checkpointEvery: every })).state).toEqual(
            fold(events)
          );
          // The screen's open reads only the newest events, folded onto the checkpoint.
          const opened = await openBattle(db, battleId, { checkpointEvery: every, tail });
          expect(opened.state).toEqual(fold(events));
          expect(opened.before + opened.events.length).toBe(events.length);
          // (A log no longer than the tail is read whole: there is nothing before it to skip.)
          if (stored.length > 0 && events.length > tail) expect(opened.before).toBeGreaterThan(0);
          const older = await loadEventRange(db, battleId, 1, opened.before);
          expect([...older, ...opened.events]).toEqual(events);
          db.close();
        }
      ),
      { numRuns: 20 }
    );
  }, 120_000);

  it('ignores and deletes a checkpoint that fails its schema, is beyond the log or does not match it', async () => {
    const db = await openTestDb();
    const battleId = await battleWithShips(db);
    await play(db, battleId, [
      { kind: 'edit', ship: 0, hull: 3 },
      { kind: 'edit', ship: 1, hull: 4 },
      { kind: 'undo' }
    ]);
    const events = await loadEvents(db, battleId);
    const ids = events.map((e) => e.id);
    const truth = fold(events);
    const at4 = fold(events.slice(0, 4));
    const lying = { ...at4, turn: 99 };
    const rows = [
      // Fails its schema (an unknown field).
      { battleId, seq: 2, hash: prefixHash(ids, 2), state: at4, stateHash: 'x', extra: 1 },
      // Beyond the log.
      { battleId, seq: 50, hash: 'abc', state: truth, stateHash: stateHash(truth) },
      // Its state does not fold from this log (a hash of another prefix).
      { battleId, seq: 4, hash: prefixHash(ids, 3), state: at4, stateHash: stateHash(at4) },
      // A damaged state that still fits the schema.
      { battleId, seq: 5, hash: prefixHash(ids, 5), state: lying, stateHash: stateHash(at4) }
    ];
    await db.write(['checkpoints'], () => db.table('checkpoints').bulkPut(rows as never));

    const loaded = await loadBattle(db, battleId, { checkpointEvery: 1000 });
    expect(loaded.state).toEqual(truth);
    await loaded.checkpointed;
    expect(await checkpointsOf(db)).toEqual([]);
  });

  it('uses a valid checkpoint instead of folding the prefix', async () => {
    const db = await openTestDb();
    const battleId = await battleWithShips(db);
    await play(db, battleId, [{ kind: 'edit', ship: 0, hull: 3 }]);
    const events = await loadEvents(db, battleId);
    const ids = events.map((e) => e.id);
    // A marker the log could not produce shows that the checkpoint's state was the starting point;
    // it is written with matching hashes, as a correct checkpoint would be.
    const marked = { ...fold(events.slice(0, 3)), system: 'from checkpoint' };
    await db.write(['checkpoints'], () =>
      db.table('checkpoints').put({
        battleId,
        seq: 3,
        hash: prefixHash(ids, 3),
        state: marked,
        stateHash: stateHash(marked),
        at: 1
      })
    );
    const loaded = await loadBattle(db, battleId, { checkpointEvery: 1000 });
    expect(loaded.state.system).toBe('from checkpoint');
    expect(loaded.state.ships.s0.sheet).toEqual({ name: 'Ship 0', hull: 3 });
    const opened = await openBattle(db, battleId, { checkpointEvery: 1000, tail: 1 });
    expect(opened.state).toEqual(loaded.state);
    expect(opened.events.map((e) => e.seq)).toEqual([4]);
  });
});
