import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { defaultSheet, defaultSystemState } from '../rules/privateers/sheet';
import { addShip, editSheet } from '../battle/actions';
import { createBattle, deleteBattle, listBattleEntries } from './repo-battles';
import { appendEvent, loadBattle } from './repo-events';
import { createShip } from './repo-ships';
import { exportAll, exportDamagedBattle, importBackup, payloadChecksum } from './backup';
import { ImportInvalidError, StaleStateError } from './errors';
import { openDatabase, type Db } from './db';
import { SCHEMA_VERSION } from './schema';
import type { BackupPayload } from './records-logs';
import { dumpAll, openTestDb } from './test-helpers';
import pkg from '../../../package.json' with { type: 'json' };

// Issue 17: the faults a hostile tester found, each pinned by the test that failed before the fix.

const privateersBattle = {
  name: 'The Nile',
  systemId: 'privateers' as const,
  variant: 'standard',
  options: {},
  systemState: defaultSystemState()
};

async function backupText(db: Db): Promise<string> {
  await createBattle(db, privateersBattle);
  return (await exportAll(db)).text;
}

type Rec = Record<string, unknown>;
interface FileJson {
  schemaVersion: number;
  formatVersion: number;
  checksum: string;
  payload: BackupPayload & { battles: Rec[]; events: Rec[]; ships: Rec[] };
}

/** The file with its payload changed and the checksum made right again (a hostile, valid file). */
async function tampered(text: string, change: (file: FileJson) => void): Promise<string> {
  const file = JSON.parse(text) as FileJson;
  change(file);
  file.checksum = await payloadChecksum(file.payload);
  return JSON.stringify(file);
}

async function importError(db: Db, text: string): Promise<ImportInvalidError> {
  const before = await dumpAll(db);
  const e = await importBackup(db, text).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ImportInvalidError);
  expect(await dumpAll(db)).toEqual(before);
  return e as ImportInvalidError;
}

describe('#1 out-of-range dates', () => {
  it('refuses a battle updated at 9e15 and a log entry at 9e15 (no Date holds them)', async () => {
    const db = await openTestDb();
    const text = await backupText(db);
    const bad = await tampered(text, (f) => (f.payload.battles[0].updatedAt = 9e15));
    expect((await importError(db, bad)).message).toContain('payload.battles[0].updatedAt');
    const badEvent = await tampered(text, (f) => (f.payload.events[0].at = 9e15));
    expect((await importError(db, badEvent)).message).toContain('payload.events[0].at');
  });
});

describe('#4 one damaged record', () => {
  it('lists the good battles and the damaged one apart; exports the good; deletes the damaged', async () => {
    const db = await openTestDb();
    const good = await createBattle(db, privateersBattle);
    const bad = await createBattle(db, { ...privateersBattle, name: 'Copenhagen' });
    await db.dexie.table('battles').update(bad.id, { name: '' });
    const wild = 'wild';
    await db.dexie.table('battles').put({ id: wild, name: 'Odd', updatedAt: 9e15 });

    const { battles, damaged } = await listBattleEntries(db);
    expect(battles.map((b) => b.id)).toEqual([good.id]);
    expect(damaged.map((d) => d.id).sort()).toEqual([bad.id, wild].sort());
    expect(damaged.find((d) => d.id === wild)).toMatchObject({ name: 'Odd' });
    expect(damaged.find((d) => d.id === bad.id)?.problem).toContain('name');

    const all = await exportAll(db);
    expect(all.file.payload.battles.map((b) => b.id)).toEqual([good.id]);
    expect(all.file.payload.events.every((e) => e.battleId === good.id)).toBe(true);
    expect(all.leftOut).toHaveLength(2);
    // The backup of the rest imports (it is a whole, consistent file).
    const other = await openTestDb(undefined, {}, 2);
    expect((await importBackup(other, all.text)).battles).toBe(1);

    const raw = JSON.parse((await exportDamagedBattle(db, bad.id)).text) as {
      battle: Rec;
      events: Rec[];
    };
    expect(raw.battle).toMatchObject({ id: bad.id, name: '' });
    expect(raw.events).toHaveLength(1);

    await deleteBattle(db, bad.id);
    await deleteBattle(db, wild);
    expect((await listBattleEntries(db)).damaged).toEqual([]);
    expect(await db.dexie.table('events').where('battleId').equals(bad.id).count()).toBe(0);
  });
});

describe('#8 messages', () => {
  it('names three of 100,000 unknown keys and counts the rest', async () => {
    const db = await openTestDb();
    const text = await tampered(await backupText(db), (f) => {
      for (let i = 0; i < 100_000; i++) f.payload.battles[0][`k${i}`] = 1;
    });
    const e = await importError(db, text);
    expect(e.message).toContain('unexpected fields "k0", "k1", "k2" and 99997 more');
    expect(e.message.length).toBeLessThan(300);
  }, 60_000);

  it('says a file with a new field from a newer schema was made by a newer Quarterdeck', async () => {
    const db = await openTestDb();
    const text = await tampered(await backupText(db), (f) => {
      f.schemaVersion = SCHEMA_VERSION + 1;
      f.payload.battles[0].color = 'red';
    });
    const e = await importError(db, text);
    expect(e.message).toContain('newer Quarterdeck');
    expect(e.message).not.toContain('unexpected field');
  });

  it('does not call formatVersion 1.5 newer', async () => {
    const db = await openTestDb();
    const text = await tampered(await backupText(db), (f) => (f.formatVersion = 1.5));
    const e = await importError(db, text);
    expect(e.message).not.toContain('newer');
    expect(e.message).toContain('formatVersion');
  });

  it('says a missing sheet field is missing, not "expected a JSON value, got undefined"', async () => {
    const db = await openTestDb();
    await createShip(db, {
      battleId: null,
      systemId: 'privateers',
      name: 'Lib',
      side: '',
      player: '',
      sheet: defaultSheet({ name: 'Lib' })
    });
    const text = await tampered((await exportAll(db)).text, (f) => {
      Reflect.deleteProperty(f.payload.ships[0], 'sheet');
    });
    const e = await importError(db, text);
    expect(e.message).toContain('payload.ships[0].sheet: missing');
    expect(e.message).not.toContain('undefined');
  });

  it('a second tap on this device is not reported as another tab or device', async () => {
    const db = await openTestDb();
    const battle = await createBattle(db, privateersBattle);
    const { state, battle: b } = await loadBattle(db, battle.id);
    const ship = { id: 's1', side: 'A', player: 'p', sheet: {}, order: 0 };
    await appendEvent(db, battle.id, addShip(state, ship, 'One'), { expectedLastSeq: b.lastSeq });
    const second = await appendEvent(db, battle.id, addShip(state, ship, 'One'), {
      expectedLastSeq: b.lastSeq
    }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(StaleStateError);
    expect((second as StaleStateError).origin).toBe('this-device');
    expect((second as Error).message).not.toMatch(/another device/);
  });

  it('writes the release from package.json, not 0.0.0, when no version is passed', async () => {
    const db = await openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange, storage: null });
    expect(db.appVersion).toBe(pkg.version);
    expect(db.meta.appVersion).toBe(pkg.version);
    expect((await exportAll(db)).file.appVersion).toBe(pkg.version);
  });
});

describe('#6 a blocked database', () => {
  it('says so when another connection holds an older version open', async () => {
    const indexedDB = new IDBFactory();
    // An old tab: version 1 of the database, open, ignoring every request to let go.
    const old = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('quarterdeck', 1);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('open failed'));
    });
    old.onversionchange = () => undefined;
    let blocked = 0;
    const opening = openDatabase({
      indexedDB,
      IDBKeyRange,
      storage: null,
      onBlocked: () => (blocked += 1)
    });
    await expect.poll(() => blocked, { timeout: 2_000 }).toBeGreaterThan(0);
    old.close();
    const db = await opening;
    expect(db.status).toBe('open');
  });
});

describe('#11 ship sheets in a backup', () => {
  it("refuses a sheet that fails its system's schema, whole file, with a clear message", async () => {
    const db = await openTestDb();
    await createShip(db, {
      battleId: null,
      systemId: 'privateers',
      name: 'Lib',
      side: '',
      player: '',
      sheet: defaultSheet({ name: 'Lib' })
    });
    const text = await tampered(await backupText(db), (f) => {
      f.payload.ships[0].sheet = { hull: 'lots' };
    });
    const e = await importError(db, text);
    expect(e.message).toContain('payload.ships[0].sheet');
    expect(e.message).toContain('not a valid Privateers ship log');
  });

  /** A battle whose log adds Vanguard and edits her hull damage 0 → 4, exported. */
  async function editedBattle(db: Db): Promise<string> {
    const battle = await createBattle(db, privateersBattle);
    let { state } = await loadBattle(db, battle.id);
    const ship = { id: 's1', side: '', player: '', sheet: defaultSheet({ name: 'V' }), order: 0 };
    await appendEvent(db, battle.id, addShip(state, ship, 'V'));
    state = (await loadBattle(db, battle.id)).state;
    const hit = { ...defaultSheet({ name: 'V' }), hull: { points: 0, damage: 4 } };
    await appendEvent(db, battle.id, editSheet(state, 's1', hit, 'V: hull damage 0 → 4'));
    return (await exportAll(db)).text;
  }

  /** The file with the sheet edit's one op changed. */
  const withEditOp = (text: string, change: (op: Rec) => void) =>
    tampered(text, (f) => {
      const edit = f.payload.events.find((e) => e.kind === 'sheet.edit')!;
      change((edit.ops as Rec[])[0]);
    });

  it('refuses a log that leaves a sheet its system cannot read, the event and field named', async () => {
    // Sheets are read without a parse (battle/sheets.ts): the import checks every state of the log.
    const db = await openTestDb();
    const text = await withEditOp(await editedBattle(db), (op) => (op.value = -4));
    const e = await importError(db, text);
    expect(e.message).toMatch(/payload\.events\[\d\]: leaves ships\.s1\.sheet\.hull\.damage/);
    expect(e.message).toContain('expected at least 0 (not a valid Privateers ship log)');
  });

  it('refuses a log whose undo would leave such a sheet (an op whose prev is not the log)', async () => {
    const db = await openTestDb();
    const text = await withEditOp(await editedBattle(db), (op) => (op.prev = 'none'));
    const e = await importError(db, text);
    expect(e.message).toMatch(/an undo of it would leave ships\.s1\.sheet\.hull\.damage/);
  });
});
