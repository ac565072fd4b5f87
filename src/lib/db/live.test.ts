// liveQuery only runs where IndexedDB is global (Dexie reads it at import): install the fake first.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createBattle } from './repo-battles';
import { appendEvent } from './repo-events';
import { watchBattleLog } from './live';
import { fakeEnv, openTestDb } from './test-helpers';
import type { BattleEvent } from '../engine/events';

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

describe('watching a battle log', () => {
  it('delivers each new event once, in order, including another tab’s', async () => {
    const env = fakeEnv();
    const tabA = await openTestDb(env, {}, 1);
    const tabB = await openTestDb(env, {}, 2);
    const battle = await createBattle(tabA, {
      name: 'W',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    await appendEvent(tabA, battle.id, { kind: 'note', summary: 'before', ops: [] });
    const got: BattleEvent[] = [];
    const watch = watchBattleLog(
      tabA,
      battle.id,
      () => 1,
      (es) => got.push(...es),
      (e) => {
        throw e;
      }
    );
    await appendEvent(tabA, battle.id, { kind: 'note', summary: 'mine', ops: [] });
    await appendEvent(tabB, battle.id, { kind: 'note', summary: 'other tab', ops: [] });
    await waitFor(() => got.length >= 2);
    watch.stop();
    expect(got.map((e) => [e.seq, e.summary])).toEqual([
      [2, 'mine'],
      [3, 'other tab']
    ]);
  });

  it('reads only after what the screen already has (its own writes come back to it directly)', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battle = await createBattle(db, {
      name: 'W',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    let onScreen = 0;
    const got: BattleEvent[] = [];
    const watch = watchBattleLog(
      db,
      battle.id,
      () => onScreen,
      (es) => got.push(...es),
      (e) => {
        throw e;
      }
    );
    // The screen's own writes: on screen by the time the watch reads, so it reads after them.
    for (const summary of ['one', 'two']) {
      onScreen++;
      await appendEvent(db, battle.id, { kind: 'note', summary, ops: [] });
    }
    await appendEvent(db, battle.id, { kind: 'note', summary: 'another tab', ops: [] });
    await waitFor(() => got.some((e) => e.seq === 3));
    watch.stop();
    expect(got.map((e) => e.summary)).toEqual(['another tab']);
  });
});
