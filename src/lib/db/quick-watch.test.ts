import { describe, expect, it } from 'vitest';
import { addShip, note } from '../battle/actions';
import type { BattleEvent } from '../engine/events';
import { INITIAL_STATE } from '../engine/events';
import { createBattle } from './repo-battles';
import { appendEvent, loadEventRange, undoLast } from './repo-events';
import { quickListLibrary, quickReadEvents, quickWatchBattleLog } from './quick-watch';
import { createShip, listLibrary } from './repo-ships';
import { DB_NAME, IDB_VERSION } from './identity';
import { fakeEnv, openTestDb } from './test-helpers';

const newBattle = {
  name: 'Off Ushant',
  systemId: 'privateers',
  variant: 'standard',
  options: {}
} as const;

/** Resolves once `until` holds for what was delivered (or fails after a while). */
function waitFor(check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > 3000) reject(new Error('not delivered'));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

describe('reading a battle without Dexie after its quick open', () => {
  it("delivers another writer's events in order, once each, from Dexie's own channel", async () => {
    const env = fakeEnv();
    const access = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    const db = await openTestDb(env);
    const battle = await createBattle(db, newBattle);
    await appendEvent(db, battle.id, note('before the watch'));
    const delivered: BattleEvent[] = [];
    let isLost = false;
    const watch = quickWatchBattleLog(
      battle.id,
      () => 0,
      (events) => delivered.push(...events),
      () => (isLost = true),
      access
    );
    expect(watch).not.toBeNull();
    // A write made before the watch started is read at once.
    await waitFor(() => delivered.length === 1);
    await appendEvent(
      db,
      battle.id,
      addShip(
        INITIAL_STATE,
        { id: 's1', side: 'A', player: 'p', sheet: { hull: 1 }, order: 0 },
        'S'
      )
    );
    await undoLast(db, battle.id);
    await waitFor(() => delivered.length === 3);
    expect(delivered.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(delivered).toEqual(await loadEventRange(db, battle.id, 1, 3));
    watch?.stop();
    await appendEvent(db, battle.id, note('after the stop'));
    await new Promise((r) => setTimeout(r, 100));
    expect(delivered).toHaveLength(3);
    expect(isLost).toBe(false);
    db.close();
  });

  it('reads only after what the screen already has (its own writes come back to it directly)', async () => {
    const env = fakeEnv();
    const access = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    const db = await openTestDb(env);
    const battle = await createBattle(db, newBattle);
    let onScreen = 0;
    const delivered: BattleEvent[] = [];
    const watch = quickWatchBattleLog(
      battle.id,
      () => onScreen,
      (events) => delivered.push(...events),
      () => undefined,
      access
    );
    // The watch's first read (what was written since the open: nothing) is done.
    await new Promise((r) => setTimeout(r, 50));
    // The screen's own writes: on screen by the time the watch reads (issue 39: each was read
    // back with every event since the open, a read that grew with every tap).
    for (const text of ['one', 'two']) {
      onScreen++;
      await appendEvent(db, battle.id, note(text));
    }
    await new Promise((r) => setTimeout(r, 50));
    await appendEvent(db, battle.id, note('another tab'));
    await waitFor(() => delivered.some((e) => e.seq === 3));
    watch?.stop();
    expect(delivered.map((e) => e.seq)).toEqual([3]);
    db.close();
  });

  it("holds one connection while it watches, and lets it go for another tab's upgrade", async () => {
    const env = fakeEnv();
    let opens = 0;
    // Counts the watch's opens (issue 39: each of the tab's own writes opened one).
    const idb = {
      open: (name: string, version?: number) => {
        opens++;
        return env.indexedDB.open(name, version);
      }
    } as IDBFactory;
    const db = await openTestDb(env);
    const battle = await createBattle(db, newBattle);
    const delivered: BattleEvent[] = [];
    const watch = quickWatchBattleLog(
      battle.id,
      () => 0,
      (events) => delivered.push(...events),
      () => undefined,
      { idb, keyRange: env.IDBKeyRange }
    );
    // Each write read on its own: three reads.
    for (const [i, text] of ['one', 'two', 'three'].entries()) {
      await appendEvent(db, battle.id, note(text));
      await waitFor(() => delivered.length === i + 1);
    }
    expect(opens).toBe(1);
    // Another tab's schema upgrade is not blocked by the held connection.
    db.close();
    const upgrade = env.indexedDB.open(DB_NAME, IDB_VERSION + 1);
    const isUpgraded = await new Promise<boolean>((resolve) => {
      upgrade.onsuccess = () => resolve(true);
      upgrade.onblocked = () => resolve(false);
      upgrade.onerror = () => resolve(false);
    });
    expect(isUpgraded).toBe(true);
    upgrade.result.close();
    watch?.stop();
  });

  it('reads a range of the log and the ship library as the full path does', async () => {
    const env = fakeEnv();
    const access = { idb: env.indexedDB, keyRange: env.IDBKeyRange };
    const db = await openTestDb(env);
    const battle = await createBattle(db, newBattle);
    for (let i = 0; i < 5; i++) await appendEvent(db, battle.id, note(`n${i}`));
    expect(await quickReadEvents(battle.id, 2, 4, access)).toEqual(
      await loadEventRange(db, battle.id, 2, 4)
    );
    const ship = { systemId: 'privateers', side: '', player: '', sheet: { hull: 3 } } as const;
    await createShip(db, { ...ship, battleId: null, name: 'Swift' });
    await createShip(db, { ...ship, battleId: null, name: 'Argo' });
    // A battle's roster ship is not a template.
    await createShip(db, { ...ship, battleId: battle.id, name: 'Rover' });
    const quick = await quickListLibrary('privateers', access);
    expect(quick).toEqual(await listLibrary(db, 'privateers'));
    expect(quick?.map((s) => s.name)).toEqual(['Argo', 'Swift']);
    db.close();
  });
});
