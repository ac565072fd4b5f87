import { describe, expect, it } from 'vitest';
import { note } from '$lib/battle/actions';
import { createBattle } from '$lib/db/repo-battles';
import { appendEvent } from '$lib/db/repo-events';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { SessionDb, dbCore } from './session-db';

describe('a battle session opened by the quick read', () => {
  it('writes the checkpoint its open folded past, with nothing written from the screen', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battle = await createBattle(db, {
      name: 'Off Ushant',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    for (let i = 0; i < 9; i++) await appendEvent(db, battle.id, note(`n${i}`));
    let opens = 0;
    const session = new SessionDb(
      () => {
        opens++;
        return Promise.resolve(db);
      },
      { idb: env.indexedDB, keyRange: env.IDBKeyRange, checkpointEvery: 4 }
    );
    const read = await session.read(battle.id, 'none');
    expect(read.opened.events).toHaveLength(9);
    expect(read.opened.before).toBe(0);
    // No write was made; the connection opens on its own to leave the checkpoint behind.
    let stored: { seq: number }[] = [];
    for (let i = 0; i < 100 && stored.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      stored = await db.read(['checkpoints'], () => db.table('checkpoints').toArray());
    }
    expect(stored.map((c) => c.seq)).toEqual([8]);
    expect(opens).toBe(1);
    db.close();
  });

  it('opens no connection when the open left nothing to write', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battle = await createBattle(db, {
      name: 'Off Ushant',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    for (let i = 0; i < 3; i++) await appendEvent(db, battle.id, note(`n${i}`));
    let opens = 0;
    const session = new SessionDb(
      () => {
        opens++;
        return Promise.resolve(db);
      },
      { idb: env.indexedDB, keyRange: env.IDBKeyRange, checkpointEvery: 4 }
    );
    expect((await session.read(battle.id, 'none')).opened.events).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(opens).toBe(0);
    db.close();
  });
});

describe('the data layer module', () => {
  it('is loaded once: every action gets the same module without importing it again', async () => {
    const first = dbCore();
    expect(dbCore()).toBe(first);
    expect(typeof (await first).appendBuilt).toBe('function');
  });
});
