import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_STATE } from '../engine/events';
import { addShip } from '../battle/actions';
import { defaultSheet } from '../rules/privateers/sheet';
import { createBattle } from './repo-battles';
import { appendEvent, loadEvents } from './repo-events';
import { exportBattle, importBackup } from './backup';
import { ImportInvalidError, QuotaFullError, StorageClosedError } from './errors';
import type { DbStatus } from './db';
import {
  closeUnderApp,
  dumpAll,
  failOpens,
  fakeEnv,
  fillDiskOnWrite,
  openTestDb
} from './test-helpers';

/**
 * A full device (issue 41): the browser aborts the write, then may close the database and fail to
 * open it again until space is freed. Each action says so in one sentence that says what to do,
 * nothing of it is kept, and the first action after space was freed saves without a reload.
 */

const newBattle = {
  name: 'Camperdown',
  systemId: 'privateers',
  variant: 'standard',
  options: {}
} as const;
const ship = (id: string) => ({
  id,
  side: 'British',
  player: 'Ann',
  // A real Privateers log: an import checks every sheet of the log (issue 40).
  sheet: defaultSheet({ name: id }),
  order: 0
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a full device', () => {
  it('a write Chromium aborts (AbortError on the request, the cause on the transaction) says Storage full and leaves nothing', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, newBattle);
    const before = await dumpAll(db);
    const freeSpace = fillDiskOnWrite(
      'events',
      new DOMException('Internal error committing transaction.', 'UnknownError')
    );
    const err: unknown = await appendEvent(
      db,
      battle.id,
      addShip(INITIAL_STATE, ship('s1'), 'V')
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QuotaFullError);
    expect((err as Error).message).toBe(
      'Storage full — export a backup, then delete old battles to make room. Nothing from this action was saved.'
    );
    freeSpace();
    expect(await dumpAll(db)).toEqual(before);
    // Room again: the same action saves.
    await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship('s1'), 'V'));
    expect(await loadEvents(db, battle.id)).toHaveLength(1);
  });

  it('a database the browser closed is opened again at the next action, which then saves, without a reload', async () => {
    const env = fakeEnv();
    const db = await openTestDb(env);
    const battle = await createBattle(db, newBattle);
    const first = await appendEvent(db, battle.id, addShip(INITIAL_STATE, ship('s1'), 'V'));
    const statuses: DbStatus[] = [];
    db.onStatusChange((s) => statuses.push(s));

    // The disk is full: the browser closed the database, and opening it again fails.
    const freeSpace = failOpens(env);
    closeUnderApp(db);
    for (let i = 0; i < 2; i++) {
      // Every action says what to do (before: the raw error, then "Database has been closed").
      const err: unknown = await appendEvent(
        db,
        battle.id,
        addShip(INITIAL_STATE, ship('s2'), 'W'),
        {
          expectedLastSeq: 1
        }
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StorageClosedError);
      expect((err as Error).message).toMatch(/Free some space.*reload/);
    }
    expect(db.status).toBe('closed-by-browser');

    // Space freed: the next action opens the database again and saves.
    freeSpace();
    const next = await appendEvent(
      db,
      battle.id,
      { kind: 'note', summary: 'after', ops: [] },
      {
        expectedLastSeq: 1
      }
    );
    expect(next.seq).toBe(2);
    expect(db.status).toBe('open');
    expect(statuses).toEqual(['closed-by-browser', 'open']);
    expect((await loadEvents(db, battle.id)).map((e) => e.id)).toEqual([first.id, next.id]);
  });

  it('an import refused by a full disk says storage, never the file; the same file imports once there is room', async () => {
    const source = await openTestDb(fakeEnv(), {}, 2);
    const battle = await createBattle(source, newBattle);
    await appendEvent(source, battle.id, addShip(INITIAL_STATE, ship('s1'), 'V'));
    const file = await exportBattle(source, battle.id);

    const db = await openTestDb();
    await createBattle(db, { ...newBattle, name: 'Already here' });
    const before = await dumpAll(db);
    const freeSpace = fillDiskOnWrite('events');
    const err: unknown = await importBackup(db, file.text).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ImportInvalidError);
    expect(err).toBeInstanceOf(QuotaFullError);
    expect((err as Error).message).toMatch(
      /^Storage full — .*The file was not imported; nothing changed\.$/
    );
    freeSpace();
    expect(await dumpAll(db)).toEqual(before);
    expect((await importBackup(db, file.text)).battles).toBe(1);
  });
});
