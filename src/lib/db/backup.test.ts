import { defaultSheet, defaultSystemState } from '../rules/privateers/sheet';
import { describe, expect, it, vi } from 'vitest';
import { addShip, editSheet } from '../battle/actions';
import { createBattle, listBattles } from './repo-battles';
import { appendEvent, loadBattle, undoLast } from './repo-events';
import { createShip, listLibrary, saveShipClass } from './repo-ships';
import { setSetting } from './repo-settings';
import {
  canonicalJson,
  exportAll,
  exportBattle,
  exportBattleShip,
  exportShip,
  importBackup,
  listSnapshots,
  payloadChecksum,
  restoreSnapshot
} from './backup';
import { sha256Hex } from './backup-file';
import { ConfirmationRequiredError, ImportInvalidError } from './errors';
import { dumpAll, openTestDb } from './test-helpers';
import type { Db } from './db';

const ship = {
  id: 's1',
  side: 'British',
  player: 'Ann',
  sheet: defaultSheet({ name: 'Vanguard' }),
  order: 0
};

async function seed(db: Db) {
  const battle = await createBattle(db, {
    name: 'The Nile',
    systemId: 'privateers',
    variant: 'standard',
    options: {},
    // A real Privateers battle: an import checks every state of its log (issue 40).
    systemState: defaultSystemState()
  });
  let { state } = await loadBattle(db, battle.id);
  await appendEvent(db, battle.id, addShip(state, ship, 'Vanguard'));
  state = (await loadBattle(db, battle.id)).state;
  await appendEvent(
    db,
    battle.id,
    editSheet(
      state,
      's1',
      { ...defaultSheet({ name: 'Vanguard' }), hull: { points: 10, damage: 4 } },
      'Vanguard: hull 10 → 6'
    )
  );
  await undoLast(db, battle.id);
  await createShip(db, {
    battleId: null,
    systemId: 'privateers',
    name: 'Frigate template',
    side: '',
    player: '',
    // A real Privateers log: import checks each sheet against its system's schema.
    sheet: defaultSheet({ name: 'Frigate template' })
  });
  await saveShipClass(db, {
    systemId: 'privateers',
    name: 'Sixth rate (EXAMPLE)',
    data: { hull: 12 }
  });
  await setSetting(db, 'theme', 'dark');
  return battle;
}

/** Re-signs an edited file so the test reaches the checks after the checksum. */
async function resign(
  text: string,
  edit: (file: Record<string, unknown> & { payload: never }) => void
) {
  const file = JSON.parse(text) as Record<string, unknown> & { payload: never };
  edit(file);
  file.checksum = await payloadChecksum(file.payload);
  return JSON.stringify(file);
}

async function importError(db: Db, text: string): Promise<ImportInvalidError> {
  const e: unknown = await importBackup(db, text).catch((x: unknown) => x);
  if (!(e instanceof ImportInvalidError))
    throw new Error(`expected ImportInvalidError, got ${String(e)}`);
  return e;
}

describe('export and import', () => {
  it('canonical JSON ignores key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe(
      canonicalJson({ a: [{ c: null, d: 2 }], b: 1 })
    );
  });

  it('a battle file imported twice becomes two new battles with the same log', async () => {
    const db = await openTestDb();
    const battle = await seed(db);
    const file = await exportBattle(db, battle.id);
    expect(file.fileName).toMatch(/^quarterdeck-the-nile-\d{4}-\d{2}-\d{2}\.json$/);
    expect(file.file).toMatchObject({
      format: 'quarterdeck-backup',
      formatVersion: 1,
      appVersion: '0.1.0'
    });
    const a = await importBackup(db, file.text);
    const b = await importBackup(db, file.text);
    expect(a.battleIds[0]).not.toBe(battle.id);
    expect(a.battleIds[0]).not.toBe(b.battleIds[0]);
    const original = await loadBattle(db, battle.id);
    const copy = await loadBattle(db, a.battleIds[0]);
    expect(copy.state).toEqual(original.state);
    expect(copy.events.map((e) => e.kind)).toEqual(original.events.map((e) => e.kind));
    // The undo still points at the copy's own event.
    expect(copy.events[3].target).toBe(copy.events[2].id);
    expect(await listBattles(db)).toHaveLength(3);
  });

  it('exports everything and imports it into an empty database unchanged (replace)', async () => {
    const source = await openTestDb(undefined, {}, 1);
    await seed(source);
    const file = await exportAll(source);
    const target = await openTestDb(undefined, {}, 2);
    await importBackup(target, file.text, { mode: 'replace', confirmReplace: true });
    const [a, b] = [await dumpAll(source), await dumpAll(target)];
    for (const t of ['battles', 'events', 'ships', 'shipClasses', 'settings'])
      expect(b[t]).toEqual(a[t]);
  });

  it('shares a ship as a library template', async () => {
    const db = await openTestDb();
    const battle = await seed(db);
    const [template] = await listLibrary(db);
    await importBackup(db, (await exportShip(db, template.id)).text);
    await importBackup(db, (await exportBattleShip(db, battle.id, 's1', 'Vanguard')).text);
    expect((await listLibrary(db)).map((s) => s.name)).toEqual([
      'Frigate template',
      'Frigate template',
      'Vanguard'
    ]);
  });

  it('says which field is wrong and why', async () => {
    const db = await openTestDb();
    const battle = await seed(db);
    const { text } = await exportBattle(db, battle.id);
    const bad = await resign(text, (f) => {
      (f.payload as { battles: { name: unknown }[] }).battles[0].name = 42;
    });
    expect((await importError(db, bad)).message).toContain(
      'payload.battles[0].name: expected a string'
    );
    const extra = await resign(text, (f) => {
      (f.payload as { events: Record<string, unknown>[] }).events[0].hacked = true;
    });
    expect((await importError(db, extra)).message).toContain(
      'payload.events[0]: unexpected field "hacked"'
    );
  });

  it('rejects a damaged file by its checksum, a gap in the log, and a __proto__ key', async () => {
    const db = await openTestDb();
    const battle = await seed(db);
    const { text } = await exportBattle(db, battle.id);
    const before = await dumpAll(db);
    const edited = text.replace('"The Nile"', '"The Nole"');
    expect((await importError(db, edited)).issues[0].path).toBe('checksum');
    const gap = await resign(text, (f) => {
      (f.payload as { events: { seq: number }[] }).events[1].seq = 7;
    });
    expect((await importError(db, gap)).message).toMatch(/seq: expected 2/);
    const proto = await resign(text, (f) => {
      (f.payload as { events: { ops: { value: unknown }[] }[] }).events[1].ops[0].value =
        JSON.parse('{"__proto__":{"x":1}}') as unknown;
    });
    expect((await importError(db, proto)).message).toMatch(/__proto__/);
    expect(await importError(db, 'not json')).toBeInstanceOf(ImportInvalidError);
    expect(
      (await importError(db, '{"format":"quarterdeck-backup","formatVersion":2}')).message
    ).toMatch(/newer/);
    await expect(importBackup(db, text, { maxBytes: 100 })).rejects.toThrow(/larger than/);
    expect(await dumpAll(db)).toEqual(before);
  });
});

describe('backups on a plain-http page (no crypto.subtle, #19)', () => {
  it('hash the same without crypto.subtle, so a file exported there imports anywhere', async () => {
    const text = canonicalJson({ a: 'Surprise ⚓', b: [1, 2, 3] });
    expect(await sha256Hex(text, undefined)).toBe(await sha256Hex(text));
    const db = await openTestDb();
    const battle = await seed(db);
    const withSubtle = await exportBattle(db, battle.id);
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => a });
    try {
      expect(globalThis.crypto.subtle).toBeUndefined();
      const file = await exportBattle(db, battle.id);
      expect(file.file.checksum).toBe(await payloadChecksum(withSubtle.file.payload));
      const r = await importBackup(db, file.text);
      expect(r.battleIds).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await importBackup(db, withSubtle.text)).battleIds).toHaveLength(1);
  });
});

describe('replace all data', () => {
  it('needs the confirmation flag', async () => {
    const db = await openTestDb();
    const { text } = await exportAll(db);
    await expect(importBackup(db, text, { mode: 'replace' })).rejects.toBeInstanceOf(
      ConfirmationRequiredError
    );
  });

  it('takes a snapshot first that can be restored', async () => {
    const db = await openTestDb();
    await seed(db);
    const before = await dumpAll(db);
    const empty = await openTestDb(undefined, {}, 3);
    const { text } = await exportAll(empty);
    const summary = await importBackup(db, text, { mode: 'replace', confirmReplace: true });
    expect(await listBattles(db)).toEqual([]);
    const snaps = await listSnapshots(db);
    expect(snaps.map((s) => s.id)).toEqual([summary.snapshotId]);
    expect(snaps[0].battles).toBe(1);
    await restoreSnapshot(db, snaps[0].id, { confirmReplace: true });
    const after = await dumpAll(db);
    for (const t of ['battles', 'events', 'ships', 'shipClasses', 'settings'])
      expect(after[t]).toEqual(before[t]);
  });
});
