import * as z from 'zod/mini';
import { battleStateSchema, timeSchema, type BattleEvent } from '../battle/events';
import { fold } from '../battle/fold';
import { historyProblems } from '../battle/actions';
import type { Db } from './db';
import {
  ConfirmationRequiredError,
  DbError,
  ImportInvalidError,
  NotFoundError,
  formatIssue,
  type ImportIssue
} from './errors';
import {
  backupPayloadSchema,
  battleRecordSchema,
  eventRecordSchema,
  settingRecordSchema,
  shipClassRecordSchema,
  shipRecordSchema,
  snapshotRecordSchema,
  type BackupPayload,
  type ShipRecord,
  type SnapshotRecord
} from './records';
import { readBattleInTx, readEventsInTx } from './repo-events';
import { checkRecord, parseRecord, zodIssues } from './parse';
import { SCHEMA_VERSION, type TableName } from './schema';
import { getSystem } from '../rules/registry';

/**
 * Backup and sharing files. One tolerant boundary (as Excalidraw's `restore`): size limit, JSON
 * parse, strict zod schemas at every level, checksum, consistency of each battle log, and only
 * then one transaction. Any failure changes nothing and names the field and the reason.
 */

export const BACKUP_FORMAT = 'quarterdeck-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Local snapshots kept before "Replace all data" (oldest dropped). */
export const MAX_SNAPSHOTS = 3;

export type BackupScope = 'all' | 'battle' | 'ship';

export const backupFileSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string().check(z.maxLength(50)),
  schemaVersion: z.int().check(z.gte(1)),
  exportedAt: timeSchema,
  scope: z.enum(['all', 'battle', 'ship']),
  checksum: z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/)),
  payload: backupPayloadSchema
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function payloadChecksum(payload: BackupPayload): Promise<string> {
  return `sha256:${await sha256Hex(canonicalJson(payload))}`;
}

export interface ExportedFile {
  fileName: string;
  text: string;
  file: BackupFile;
}

const EMPTY_PAYLOAD: BackupPayload = {
  battles: [],
  ships: [],
  events: [],
  shipClasses: [],
  settings: []
};

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'export'
  );
}

async function makeFile(
  db: Db,
  scope: BackupScope,
  payload: BackupPayload,
  label: string
): Promise<ExportedFile> {
  const exportedAt = db.now();
  const file: BackupFile = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: db.appVersion,
    schemaVersion: SCHEMA_VERSION,
    exportedAt,
    scope,
    checksum: await payloadChecksum(payload),
    payload
  };
  const date = new Date(exportedAt).toISOString().slice(0, 10);
  return { fileName: `quarterdeck-${slug(label)}-${date}.json`, text: JSON.stringify(file), file };
}

const DATA_TABLES = [
  'battles',
  'ships',
  'events',
  'shipClasses',
  'settings'
] as const satisfies readonly TableName[];

/** Reads every data table (not meta, not snapshots) inside the caller's transaction. */
async function readAllInTx(db: Db): Promise<BackupPayload> {
  const [battles, ships, events, shipClasses, settings] = await Promise.all([
    db.table('battles').toArray(),
    db.table('ships').toArray(),
    db.table('events').orderBy('[battleId+seq]').toArray(),
    db.table('shipClasses').toArray(),
    db.table('settings').toArray()
  ]);
  // Parse-on-read: a damaged record stops the snapshot with a clear error instead of being copied.
  return parseRecord(backupPayloadSchema, 'database', {
    battles,
    ships,
    events,
    shipClasses,
    settings
  });
}

/** What "Export everything" could not put in the file, one line each. */
export interface LeftOut {
  what: string;
  problem: string;
}

/**
 * Every record that parses, read in the caller's transaction. A damaged battle (its record or any
 * of its events) is left out whole with its roster, and so is any other damaged record, so one
 * bad record never stops the backup of the rest; `leftOut` says what was left out and why.
 */
async function readGoodInTx(db: Db): Promise<{ payload: BackupPayload; leftOut: LeftOut[] }> {
  const [battleKeys, battles, ships, events, shipClasses, settings] = await Promise.all([
    db.table('battles').toCollection().primaryKeys(),
    db.table('battles').toArray(),
    db.table('ships').toArray(),
    db.table('events').orderBy('[battleId+seq]').toArray(),
    db.table('shipClasses').toArray(),
    db.table('settings').toArray()
  ]);
  const leftOut: LeftOut[] = [];
  const good = <T>(schema: z.ZodMiniType<T>, what: string, raw: unknown): T | null => {
    const r = schema.safeParse(raw);
    if (r.success) return r.data;
    const first = zodIssues(r.error, '', raw)[0];
    leftOut.push({ what, problem: first ? formatIssue(first) : 'invalid' });
    return null;
  };
  const badBattles = new Set<string>();
  const okBattles: BackupPayload['battles'] = [];
  battles.forEach((raw, i) => {
    const b = good(battleRecordSchema, `battle ${String(battleKeys[i])}`, raw);
    if (b) okBattles.push(b);
    else badBattles.add(String(battleKeys[i]));
  });
  const okEvents: BattleEvent[] = [];
  for (const raw of events) {
    const battleId = String((raw as { battleId?: unknown }).battleId);
    if (badBattles.has(battleId)) continue;
    const e = good(eventRecordSchema, `a log entry of battle ${battleId}`, raw);
    if (e) okEvents.push(e);
    else badBattles.add(battleId);
  }
  const keptBattles = okBattles.filter((b) => {
    if (!badBattles.has(b.id)) return true;
    leftOut.push({ what: `battle “${b.name}”`, problem: 'one of its log entries is damaged' });
    return false;
  });
  const okShips: ShipRecord[] = [];
  for (const raw of ships) {
    const battleId = (raw as { battleId?: unknown }).battleId;
    if (typeof battleId === 'string' && badBattles.has(battleId)) continue;
    const s = good(shipRecordSchema, 'a ship', raw);
    if (s) okShips.push(s);
  }
  const okClasses = shipClasses.flatMap(
    (raw) => good(shipClassRecordSchema, 'a ship class', raw) ?? []
  );
  const okSettings = settings.flatMap((raw) => good(settingRecordSchema, 'a setting', raw) ?? []);
  return {
    payload: {
      battles: keptBattles,
      ships: okShips,
      events: okEvents.filter((e) => !badBattles.has(e.battleId)),
      shipClasses: okClasses,
      settings: okSettings
    },
    leftOut
  };
}

export interface ExportedAll extends ExportedFile {
  /** Damaged records not in the file (empty when everything was exported). */
  leftOut: LeftOut[];
}

export async function exportAll(db: Db): Promise<ExportedAll> {
  const { payload, leftOut } = await db.read(DATA_TABLES, () => readGoodInTx(db));
  return { ...(await makeFile(db, 'all', payload, 'backup')), leftOut };
}

/**
 * A damaged battle exactly as stored (its record, events and roster, unparsed), for the user to
 * keep or send for repair. Not an importable backup: it is what the database holds, nothing more.
 */
export async function exportDamagedBattle(
  db: Db,
  battleId: string
): Promise<{ fileName: string; text: string }> {
  const stored = await db.read(['battles', 'events', 'ships'], async () => ({
    battle: (await db.table('battles').get(battleId)) as unknown,
    events: await db
      .table('events')
      .where('[battleId+seq]')
      .between([battleId, 0], [battleId, Infinity], true, true)
      .toArray(),
    ships: await db.table('ships').where('battleId').equals(battleId).toArray()
  }));
  if (stored.battle === undefined) throw new NotFoundError('The battle');
  const exportedAt = db.now();
  const file = {
    format: 'quarterdeck-damaged-battle',
    appVersion: db.appVersion,
    schemaVersion: SCHEMA_VERSION,
    exportedAt,
    ...stored
  };
  const date = new Date(exportedAt).toISOString().slice(0, 10);
  // Whatever the record holds: no key, value or cycle may stop this (JSON.stringify drops what
  // JSON cannot hold, and IndexedDB stores no cycles).
  const text = JSON.stringify(file, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  return {
    fileName: `quarterdeck-damaged-battle-${slug(battleId)}-${date}.json`,
    text
  };
}

export async function exportBattle(db: Db, battleId: string): Promise<ExportedFile> {
  const payload = await db.read(['battles', 'events', 'ships'], async () => {
    const battle = await readBattleInTx(db, battleId);
    const events = await readEventsInTx(db, battleId);
    const ships = (await db.table('ships').where('battleId').equals(battleId).toArray()).map((s) =>
      parseRecord(shipRecordSchema, 'ship', s)
    );
    return { ...EMPTY_PAYLOAD, battles: [battle], events, ships };
  });
  return makeFile(db, 'battle', payload, payload.battles[0]?.name ?? 'battle');
}

/** A ship record (library template or roster ship), shared as a template. */
export async function exportShip(db: Db, shipId: string): Promise<ExportedFile> {
  const raw = await db.read(['ships'], () => db.table('ships').get(shipId));
  if (raw === undefined) throw new NotFoundError('The ship');
  const ship = { ...parseRecord(shipRecordSchema, 'ship', raw), battleId: null };
  return makeFile(db, 'ship', { ...EMPTY_PAYLOAD, ships: [ship] }, ship.name);
}

/** A ship as it stands in a battle (its current sheet), shared as a library template. */
export async function exportBattleShip(
  db: Db,
  battleId: string,
  shipId: string,
  name: string
): Promise<ExportedFile> {
  const { battle, events } = await db.read(['battles', 'events'], async () => ({
    battle: await readBattleInTx(db, battleId),
    events: await readEventsInTx(db, battleId)
  }));
  const ship = fold(events).ships[shipId];
  if (!ship) throw new NotFoundError('The ship');
  const at = db.now();
  const record: ShipRecord = checkRecord(shipRecordSchema, {
    id: db.newId(),
    battleId: null,
    systemId: battle.systemId,
    name,
    side: ship.side,
    player: ship.player,
    sheet: ship.sheet,
    createdAt: at,
    updatedAt: at
  });
  return makeFile(db, 'ship', { ...EMPTY_PAYLOAD, ships: [record] }, name);
}

// ---------------------------------------------------------------- import

export interface ImportOptions {
  /** add (default): new ids, never overwriting. replace: "Replace all data" (snapshot first). */
  mode?: 'add' | 'replace';
  /** The UI sets this only after the user typed the confirmation word. */
  confirmReplace?: boolean;
  maxBytes?: number;
}

export interface ImportSummary {
  mode: 'add' | 'replace';
  scope: BackupScope;
  battles: number;
  ships: number;
  events: number;
  shipClasses: number;
  settings: number;
  /** Ids of the added battles (add mode), so the UI can open one. */
  battleIds: string[];
  /** The snapshot taken before replacing (replace mode). */
  snapshotId: string | null;
}

function invalid(path: string, reason: string): ImportInvalidError {
  return new ImportInvalidError([{ path, reason }]);
}

/** Reads, parses and checks a file; throws ImportInvalidError naming what is wrong. */
export async function parseBackup(
  input: string | Blob,
  maxBytes = MAX_IMPORT_BYTES
): Promise<BackupFile> {
  const size = typeof input === 'string' ? input.length : input.size;
  if (size > maxBytes) {
    throw invalid('', `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  const text = typeof input === 'string' ? input : await input.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw invalid('', `not a JSON file (${e instanceof Error ? e.message : 'parse error'})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid('', 'not a Quarterdeck backup file (expected a JSON object)');
  }
  const envelope = data as Record<string, unknown>;
  if (envelope.format !== BACKUP_FORMAT) {
    throw invalid('format', `not a Quarterdeck backup file (expected "${BACKUP_FORMAT}")`);
  }
  // Only a whole number above ours is a newer format; 1.5 is simply not a format we know.
  if (
    typeof envelope.formatVersion === 'number' &&
    Number.isInteger(envelope.formatVersion) &&
    envelope.formatVersion > BACKUP_FORMAT_VERSION
  ) {
    throw invalid(
      'formatVersion',
      'made by a newer Quarterdeck; update the app, then import again'
    );
  }
  const parsed = backupFileSchema.safeParse(data);
  if (!parsed.success) {
    // A newer schema adds fields this release does not know: say so rather than "unexpected field".
    if (
      typeof envelope.schemaVersion === 'number' &&
      Number.isInteger(envelope.schemaVersion) &&
      envelope.schemaVersion > SCHEMA_VERSION
    ) {
      throw invalid(
        'schemaVersion',
        `made by a newer Quarterdeck (data version ${envelope.schemaVersion}; this one reads ` +
          `version ${SCHEMA_VERSION}): update the app, then import again`
      );
    }
    throw new ImportInvalidError(zodIssues(parsed.error, '', data).slice(0, 20));
  }
  const file = parsed.data;
  if ((await payloadChecksum(file.payload)) !== file.checksum) {
    throw invalid('checksum', 'does not match the content: the file is damaged or was edited');
  }
  const issues = [...sheetIssues(file.payload), ...consistencyIssues(file.payload)];
  if (issues.length > 0) throw new ImportInvalidError(issues.slice(0, 20));
  return file;
}

function duplicates<T>(
  items: readonly T[],
  key: (t: T) => string,
  path: string,
  issues: ImportIssue[]
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) issues.push({ path: `${path}[${i}]`, reason: `duplicate id "${k}"` });
    seen.add(k);
  });
}

/**
 * Each ship record's sheet against its own system's schema (the file schema sees only JSON), so a
 * sheet the ship page cannot read is refused at import, with the rest of the file.
 */
export function sheetIssues(p: BackupPayload): ImportIssue[] {
  const issues: ImportIssue[] = [];
  p.ships.forEach((ship, i) => {
    const r = getSystem(ship.systemId).sheetSchema.safeParse(ship.sheet);
    if (!r.success) {
      const first = zodIssues(r.error, `payload.ships[${i}].sheet`, ship.sheet)[0];
      if (first)
        issues.push({
          ...first,
          reason: `${first.reason} (not a valid ${getSystem(ship.systemId).name} ship log)`
        });
    }
  });
  return issues;
}

/** What the schemas cannot see: references, gap-free sequences, an undo stack that adds up. */
export function consistencyIssues(p: BackupPayload): ImportIssue[] {
  const issues: ImportIssue[] = [];
  duplicates(p.battles, (b) => b.id, 'payload.battles', issues);
  duplicates(p.ships, (s) => s.id, 'payload.ships', issues);
  duplicates(p.events, (e) => e.id, 'payload.events', issues);
  duplicates(p.shipClasses, (c) => c.id, 'payload.shipClasses', issues);
  duplicates(p.settings, (s) => s.key, 'payload.settings', issues);
  const battleIds = new Set(p.battles.map((b) => b.id));
  p.ships.forEach((s, i) => {
    if (s.battleId !== null && !battleIds.has(s.battleId)) {
      issues.push({
        path: `payload.ships[${i}].battleId`,
        reason: 'refers to a battle not in the file'
      });
    }
  });
  const byBattle = new Map<string, { event: BattleEvent; index: number }[]>();
  p.events.forEach((event, index) => {
    if (!battleIds.has(event.battleId)) {
      issues.push({
        path: `payload.events[${index}].battleId`,
        reason: 'refers to a battle not in the file'
      });
      return;
    }
    const list = byBattle.get(event.battleId) ?? [];
    list.push({ event, index });
    byBattle.set(event.battleId, list);
  });
  p.battles.forEach((battle, bi) => {
    const list = (byBattle.get(battle.id) ?? []).sort((a, b) => a.event.seq - b.event.seq);
    for (let i = 0; i < list.length; i++) {
      if (list[i].event.seq !== i + 1) {
        issues.push({
          path: `payload.events[${list[i].index}].seq`,
          reason: `expected ${i + 1} (sequence numbers run 1, 2, 3… per battle without gaps)`
        });
        return;
      }
    }
    if (battle.lastSeq !== list.length) {
      issues.push({
        path: `payload.battles[${bi}].lastSeq`,
        reason: `expected ${list.length}, the number of its events`
      });
      return;
    }
    const events = list.map((x) => x.event);
    const problems = historyProblems(events);
    if (problems.length > 0) {
      issues.push({
        path: `payload.battles[${bi}]`,
        reason: `inconsistent undo history: ${problems[0]}`
      });
      return;
    }
    try {
      const state = fold(events);
      const r = battleStateSchema.safeParse(state);
      if (!r.success) {
        const first = zodIssues(r.error)[0];
        issues.push({
          path: `payload.battles[${bi}]`,
          reason: `the log leads to an invalid state (${first?.path ?? ''}: ${first?.reason ?? ''})`
        });
      }
    } catch (e) {
      issues.push({
        path: `payload.battles[${bi}]`,
        reason: `the log cannot be replayed (${e instanceof Error ? e.message : 'error'})`
      });
    }
  });
  return issues;
}

/** Gives every battle, event, ship and class a new id (an import never overwrites anything). */
function withNewIds(db: Db, p: BackupPayload): BackupPayload {
  const battleIds = new Map(p.battles.map((b) => [b.id, db.newId()]));
  const eventIds = new Map(p.events.map((e) => [e.id, db.newId()]));
  const mapped = (m: Map<string, string>, id: string): string => m.get(id) ?? id;
  return {
    battles: p.battles.map((b) => ({ ...b, id: mapped(battleIds, b.id) })),
    events: p.events.map((e) => {
      const next: BattleEvent = {
        ...e,
        id: mapped(eventIds, e.id),
        battleId: mapped(battleIds, e.battleId)
      };
      if (e.target !== undefined) next.target = mapped(eventIds, e.target);
      return next;
    }),
    ships: p.ships.map((s) => ({
      ...s,
      id: db.newId(),
      battleId: s.battleId === null ? null : mapped(battleIds, s.battleId)
    })),
    shipClasses: p.shipClasses.map((c) => ({ ...c, id: db.newId() })),
    // Settings belong to this device; merging someone's settings into ours is not "adding data".
    settings: []
  };
}

async function writePayloadInTx(db: Db, p: BackupPayload): Promise<void> {
  await db.table('battles').bulkAdd(p.battles);
  await db.table('events').bulkAdd(p.events);
  await db.table('ships').bulkAdd(p.ships);
  await db.table('shipClasses').bulkAdd(p.shipClasses);
  await db.table('settings').bulkAdd(p.settings);
}

const REPLACE_TABLES = [...DATA_TABLES, 'snapshots'] as const satisfies readonly TableName[];

/** Inside a rw transaction over REPLACE_TABLES: snapshot current data, then replace it. */
async function replaceInTx(db: Db, next: BackupPayload, reason: string): Promise<string> {
  const snapshot: SnapshotRecord = {
    id: db.newId(),
    takenAt: db.now(),
    reason,
    appVersion: db.appVersion,
    payload: await readAllInTx(db)
  };
  await db.table('snapshots').add(snapshot);
  const keys = await db.table('snapshots').orderBy('takenAt').primaryKeys();
  if (keys.length > MAX_SNAPSHOTS)
    await db.table('snapshots').bulkDelete(keys.slice(0, keys.length - MAX_SNAPSHOTS));
  for (const t of DATA_TABLES) await db.table(t).clear();
  await writePayloadInTx(db, next);
  return snapshot.id;
}

/**
 * Imports a backup or shared file. Either everything is added (or replaced) in one transaction,
 * or nothing changes and a typed error says why: ImportInvalidError (which field, why),
 * QuotaFullError, ConfirmationRequiredError, NewerSchemaError / VersionChangedError.
 */
export async function importBackup(
  db: Db,
  input: string | Blob,
  options: ImportOptions = {}
): Promise<ImportSummary> {
  const mode = options.mode ?? 'add';
  if (mode === 'replace' && options.confirmReplace !== true) throw new ConfirmationRequiredError();
  try {
    const file = await parseBackup(input, options.maxBytes);
    const payload = mode === 'add' ? withNewIds(db, file.payload) : file.payload;
    const checked = parseRecord(backupPayloadSchema, 'import', payload);
    let snapshotId: string | null = null;
    if (mode === 'add') {
      await db.write(['battles', 'events', 'ships', 'shipClasses', 'settings'], () =>
        writePayloadInTx(db, checked)
      );
    } else {
      snapshotId = await db.write(REPLACE_TABLES, () =>
        replaceInTx(db, checked, 'Before replacing all data')
      );
    }
    return {
      mode,
      scope: file.scope,
      battles: checked.battles.length,
      ships: checked.ships.length,
      events: checked.events.length,
      shipClasses: checked.shipClasses.length,
      settings: checked.settings.length,
      battleIds: checked.battles.map((b) => b.id),
      snapshotId
    };
  } catch (e) {
    if (e instanceof DbError) throw e;
    // Whatever else went wrong, the caller gets a message, never a stack trace.
    throw invalid('', `could not be imported (${e instanceof Error ? e.message : String(e)})`);
  }
}

// ---------------------------------------------------------------- snapshots

export interface SnapshotInfo {
  id: string;
  takenAt: number;
  reason: string;
  battles: number;
  events: number;
}

export async function listSnapshots(db: Db): Promise<SnapshotInfo[]> {
  const raw = await db.read(['snapshots'], () =>
    db.table('snapshots').orderBy('takenAt').reverse().toArray()
  );
  return raw.map((r) => {
    const s = parseRecord(snapshotRecordSchema, 'snapshot', r);
    return {
      id: s.id,
      takenAt: s.takenAt,
      reason: s.reason,
      battles: s.payload.battles.length,
      events: s.payload.events.length
    };
  });
}

/** Puts a snapshot's data back (the current data is snapshotted first, so this too can be undone). */
export async function restoreSnapshot(
  db: Db,
  snapshotId: string,
  options: { confirmReplace?: boolean } = {}
): Promise<string> {
  if (options.confirmReplace !== true) throw new ConfirmationRequiredError();
  return db.write(REPLACE_TABLES, async () => {
    const raw = await db.table('snapshots').get(snapshotId);
    if (raw === undefined) throw new NotFoundError('The snapshot');
    const snapshot = parseRecord(snapshotRecordSchema, 'snapshot', raw);
    return replaceInTx(db, snapshot.payload, 'Before restoring a snapshot');
  });
}
