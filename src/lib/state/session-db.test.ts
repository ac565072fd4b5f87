import { describe, expect, it } from 'vitest';
import { note } from '$lib/battle/actions';
import { createBattle } from '$lib/db/repo-battles';
import { appendEvent } from '$lib/db/repo-events';
import { checkpointRecordSchema } from '$lib/db/checkpoint-store';
import { usableCheckpoint } from '$lib/db/checkpoints';
import { fakeEnv, openTestDb } from '$lib/db/test-helpers';
import { SessionDb, dbCore } from './session-db';

describe('a battle session opened by the quick read', () => {
  it('writes the checkpoint its open folded past, with nothing written from the screen and no connection', async () => {
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
    // No write was made; the checkpoint is left behind with plain IndexedDB (issue 40: Dexie's
    // open was a long task of the load), as the full read (through Dexie, zod) takes it.
    let stored: { seq: number }[] = [];
    for (let i = 0; i < 100 && stored.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      stored = await db.read(['checkpoints'], () => db.table('checkpoints').toArray());
    }
    expect(stored.map((c) => c.seq)).toEqual([8]);
    expect(opens).toBe(0);
    // The full read (Dexie's, its schema in zod) takes it: against the log's first 8 ids.
    const ids = read.opened.events.map((e) => e.id);
    const usable = usableCheckpoint(stored, ids, (raw) => {
      const parsed = checkpointRecordSchema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    });
    expect(usable.checkpoint?.seq).toBe(8);
    db.close();
  });

  it('loses nothing when the page goes before its checkpoint is written', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battle = await createBattle(db, {
      name: 'Off Ushant',
      systemId: 'privateers',
      variant: 'standard',
      options: {}
    });
    for (let i = 0; i < 9; i++) await appendEvent(db, battle.id, note(`n${i}`));
    const quickAccess = { idb: env.indexedDB, keyRange: env.IDBKeyRange, checkpointEvery: 4 };
    // The first page goes (a crash, a reload) before its idle moment: its checkpoint is never
    // written.
    const lost = new SessionDb(() => new Promise<never>(() => undefined), {
      ...quickAccess,
      idle: () => new Promise<never>(() => undefined)
    });
    const first = await lost.read(battle.id, 'none');
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.read(['checkpoints'], () => db.table('checkpoints').count())).toBe(0);
    // The next page reads the same battle from the log.
    const again = await new SessionDb(() => Promise.resolve(db), quickAccess).read(
      battle.id,
      'none'
    );
    expect(again.opened.events.map((e) => e.id)).toEqual(first.opened.events.map((e) => e.id));
    expect(again.opened.state).toEqual(first.opened.state);
    expect(again.opened.events).toHaveLength(9);
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
