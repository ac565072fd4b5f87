import { describe, expect, it, vi } from 'vitest';
import { addShip, editSheet, history } from '../battle/actions';
import { fold } from '../battle/fold';
import { INITIAL_STATE } from '../engine/events';
import { createBattle, deleteBattle, duplicateBattle, listBattles } from './repo-battles';
import { appendEvent, loadBattle, loadEvents, redoLast, undoLast } from './repo-events';
import { CorruptRecordError, StaleStateError } from './errors';
import { openTestDb, fakeEnv } from './test-helpers';
import { battleEventSchema } from '../engine/events-schema';
import { battleRecordSchema } from './records';

const newBattle = {
  name: 'Battle of the Nile',
  systemId: 'privateers',
  variant: 'standard',
  options: {}
} as const;
const ship = {
  id: 's1',
  side: 'British',
  player: 'Ann',
  sheet: { name: 'Vanguard', hull: 10 },
  order: 0
};

describe('battle log storage', () => {
  it('appends events with seq 1, 2, 3… and folds them back to the same state', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    const e1 = await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'Vanguard'));
    const s1 = fold([e1]);
    const e2 = await appendEvent(
      db,
      battle.id,
      editSheet(s1, 's1', { name: 'Vanguard', hull: 7 }, 'hit')
    );
    expect([e1.seq, e2.seq]).toEqual([1, 2]);
    expect(e1.deviceId).toBe(db.deviceId);
    const loaded = await loadBattle(db, battle.id);
    expect(loaded.battle.lastSeq).toBe(2);
    expect(loaded.state).toEqual(fold([e1, e2]));
    expect(loaded.state.ships.s1.sheet).toEqual({ name: 'Vanguard', hull: 7 });
  });

  it('checks a plain write without zod, and leaves the rest to it (issue 39)', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    const schemas = [battleEventSchema, battleRecordSchema];
    const spies = schemas.flatMap((s) => [vi.spyOn(s, 'parse'), vi.spyOn(s, 'safeParse')]);
    const e1 = await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'Vanguard'));
    // The battle record read, the event built and the record after it: the hand-written checks.
    expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 0, 0]);
    // A draft those checks are not sure of goes to zod, which refuses it loudly: nothing written.
    const odd = { ...editSheet(fold([e1]), 's1', { name: 'Vanguard', hull: 7 }, 'hit') };
    odd.ops = odd.ops.map((op) => ({ ...op, extra: undefined }));
    await expect(appendEvent(db, battle.id, odd)).rejects.toThrow(/unrecognized_keys/);
    expect(spies[0].mock.calls.length).toBe(1);
    expect((await loadBattle(db, battle.id)).battle.lastSeq).toBe(1);
    for (const spy of spies) spy.mockRestore();
  });

  it('undo and redo are appended events; the log never shrinks', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'Vanguard'));
    const undone = await undoLast(db, battle.id);
    expect(undone?.kind).toBe('undo');
    expect((await loadBattle(db, battle.id)).state).toEqual(INITIAL_STATE);
    await redoLast(db, battle.id);
    expect(Object.keys((await loadBattle(db, battle.id)).state.ships)).toEqual(['s1']);
    expect((await loadEvents(db, battle.id)).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await redoLast(db, battle.id)).toBeNull();
  });

  it("undo and redo from the screen's history write what the stored log decides", async () => {
    // Two battles played alike: one undoes from its stored log, the other from the history its
    // screen keeps (issue 39: no read of the whole log), which must write the same events.
    const play = async (withHistory: boolean) => {
      const db = await openTestDb();
      const battle = await createBattle(db, newBattle);
      const e1 = await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'Vanguard'));
      await appendEvent(
        db,
        battle.id,
        editSheet(fold([e1]), 's1', { ...ship.sheet, hull: 7 }, 'hit')
      );
      for (const write of [undoLast, undoLast, redoLast, undoLast, redoLast, redoLast]) {
        const events = await loadEvents(db, battle.id);
        const known = withHistory ? { known: history(events) } : {};
        await write(db, battle.id, { expectedLastSeq: events.length, ...known });
      }
      return (await loadEvents(db, battle.id)).map((e) => [e.kind, e.summary, e.ops]);
    };
    const fromScreen = await play(true);
    expect(fromScreen).toEqual(await play(false));
    expect(fromScreen.map(([kind]) => kind)).toEqual([
      'ship.add',
      'sheet.edit',
      'undo',
      'undo',
      'redo',
      'undo',
      'redo',
      'redo'
    ]);
  });

  it("refuses an undo from a screen's history when the log moved on, writing nothing", async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'Vanguard'));
    const known = history(await loadEvents(db, battle.id));
    await appendEvent(db, battle.id, addShip(INITIAL_STATE, { ...ship, id: 's2' }, 'X'));
    await expect(undoLast(db, battle.id, { expectedLastSeq: 1, known })).rejects.toBeInstanceOf(
      StaleStateError
    );
    expect(await loadEvents(db, battle.id)).toHaveLength(2);
  });

  it('refuses an action computed from an outdated screen, writing nothing', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship, 'Vanguard'));
    await expect(
      appendEvent(db, battle.id, addShip(INITIAL_STATE, { ...ship, id: 's2' }, 'X'), {
        expectedLastSeq: 0
      })
    ).rejects.toBeInstanceOf(StaleStateError);
    expect(await loadEvents(db, battle.id)).toHaveLength(1);
  });

  it('keeps seq unique and gap-free with two tabs appending at once', async () => {
    const env = fakeEnv();
    const tabA = await openTestDb(env, {}, 1);
    const tabB = await openTestDb(env, {}, 2);
    const battle = await createBattle(tabA, newBattle);
    const writes = [];
    for (let i = 0; i < 100; i++) {
      writes.push(appendEvent(tabA, battle.id, { kind: 'note', summary: `A${i}`, ops: [] }));
      writes.push(appendEvent(tabB, battle.id, { kind: 'note', summary: `B${i}`, ops: [] }));
    }
    await Promise.all(writes);
    const events = await loadEvents(tabB, battle.id);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // Two tabs of one browser profile are one device.
    expect(new Set(events.map((e) => e.deviceId))).toEqual(new Set([tabA.deviceId]));
    expect(events.filter((e) => e.summary.startsWith('B'))).toHaveLength(100);
    expect(new Set(events.map((e) => e.id)).size).toBe(200);
  });

  it('duplicates a battle with new ids and deletes one with its whole log', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, { ...newBattle, systemState: { wind: 'NE' } });
    await appendEvent(
      db,
      battle.id,
      addShip(fold(await loadEvents(db, battle.id)), ship, 'Vanguard')
    );
    await undoLast(db, battle.id);
    const copy = await duplicateBattle(db, battle.id);
    const [a, b] = [await loadBattle(db, battle.id), await loadBattle(db, copy.id)];
    expect(b.state).toEqual(a.state);
    expect(b.state.system).toEqual({ wind: 'NE' });
    expect(b.events[2].target).toBe(b.events[1].id);
    expect(b.events.every((e) => !a.events.some((x) => x.id === e.id))).toBe(true);
    await deleteBattle(db, battle.id);
    expect((await listBattles(db)).map((x) => x.id)).toEqual([copy.id]);
    expect(await loadEvents(db, battle.id)).toEqual([]);
  });

  it('names the event of a damaged log instead of failing somewhere in the fold', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    await appendEvent(db, battle.id, { kind: 'note', summary: 'ok', ops: [] });
    await appendEvent(db, battle.id, {
      kind: 'sheet.edit',
      summary: 'through a number',
      ops: [{ op: 'set', path: ['turn', 'x'], value: 1 }]
    });
    const err: unknown = await loadBattle(db, battle.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect((err as Error).message).toContain('seq 2');
  });
});
