import type { BattleEvent, Json } from '../engine/events';
import type { Db } from './db';
import {
  ConfirmationRequiredError,
  DbError,
  IMPORT_NOTHING_CHANGED,
  NotFoundError,
  QuotaFullError,
  StorageClosedError,
  mapStorageError
} from './errors';
import {
  backupPayloadSchema,
  snapshotRecordSchema,
  type BackupPayload,
  type SnapshotRecord
} from './records-logs';
import { parseRecord } from './parse';
import type { TableName } from './schema';
import { DATA_TABLES, type BackupFile, type BackupScope } from './backup-file';
import { invalid, parseBackup } from './backup-validate';
import { withNewCampaignIds } from './backup-campaigns';

/**
 * Backup files in: add (new ids) or "Replace all data", and the local snapshots that make a
 * replace (or a restore) undoable. Nothing is written before the file passed `parseBackup`.
 */

/** Local snapshots kept before "Replace all data" (oldest dropped). */
export const MAX_SNAPSHOTS = 3;

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
  campaigns: number;
  /** Ids of the added battles (add mode), so the UI can open one. */
  battleIds: string[];
  /** The snapshot taken before replacing (replace mode). */
  snapshotId: string | null;
}

/**
 * A ship class's data with its own id replaced. The class editors key their lists by the id inside
 * the class (`ShipClass.id`, `ShipChart.id`) and save each class onto the record found by it, so a
 * copy that kept it would share it with the class it came from (the same device) or with one the
 * same editor named alike (class-1, example-frigate on another device): a duplicate key on screen
 * and an edit written onto the other class's record. Nothing else refers to a class by that id (a
 * battle keeps its own copy of the chart a ship was made from), so no reference has to follow.
 */
function withClassId(data: Json, id: string): Json {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return typeof data.id === 'string' ? { ...data, id } : data;
}

/**
 * Gives every battle, event, ship and class a new id, and every id a record carries for itself
 * inside its data (a class's own id), so an import never overwrites or aliases anything. Ids
 * inside a battle's log (its ships, cards, guns) are the battle's own names for its parts: the
 * copy is another battle, so they stay, and the copy folds to the very state of its original.
 */
function withNewIds(db: Db, p: BackupPayload): BackupPayload {
  const battleIds = new Map(p.battles.map((b) => [b.id, db.newId()]));
  const eventIds = new Map(p.events.map((e) => [e.id, db.newId()]));
  const mapped = (m: Map<string, string>, id: string): string => m.get(id) ?? id;
  const { campaignIds, ...campaigns } = withNewCampaignIds(db, p, battleIds);
  return {
    ...campaigns,
    battles: p.battles.map((b) => {
      const { campaignId, ...rest } = b;
      const copy = { ...rest, id: mapped(battleIds, b.id) };
      // The link follows its campaign; a campaign not in the file stays where it was.
      const linked = campaignId === undefined ? undefined : campaignIds.get(campaignId);
      return linked === undefined ? copy : { ...copy, campaignId: linked };
    }),
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
    shipClasses: p.shipClasses.map((c) => {
      // One new id for the record and the class it holds: per record, so two classes that
      // already shared an id in the file (an earlier import's) come in apart.
      const id = db.newId();
      return { ...c, id, data: withClassId(c.data, id) };
    }),
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
  await db.table('campaigns').bulkAdd(p.campaigns ?? []);
  await db.table('campaignEvents').bulkAdd(p.campaignEvents ?? []);
}

const REPLACE_TABLES = [...DATA_TABLES, 'snapshots'] as const satisfies readonly TableName[];

/** Reads every data table (not meta, not snapshots) inside the caller's transaction. */
async function readAllInTx(db: Db): Promise<BackupPayload> {
  const [battles, ships, events, shipClasses, settings, campaigns, campaignEvents] =
    await Promise.all([
      db.table('battles').toArray(),
      db.table('ships').toArray(),
      db.table('events').orderBy('[battleId+seq]').toArray(),
      db.table('shipClasses').toArray(),
      db.table('settings').toArray(),
      db.table('campaigns').toArray(),
      db.table('campaignEvents').orderBy('[campaignId+seq]').toArray()
    ]);
  // Parse-on-read: a damaged record stops the snapshot with a clear error instead of being copied.
  return parseRecord(backupPayloadSchema, 'database', {
    battles,
    ships,
    events,
    shipClasses,
    settings,
    ...(campaigns.length > 0 ? { campaigns, campaignEvents } : {})
  });
}

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
 * QuotaFullError / StorageClosedError (the device is full: never blamed on the file),
 * ConfirmationRequiredError, NewerSchemaError / VersionChangedError.
 */
export async function importBackup(
  db: Db,
  input: string | Blob,
  options: ImportOptions = {}
): Promise<ImportSummary> {
  const mode = options.mode ?? 'add';
  if (mode === 'replace' && options.confirmReplace !== true) throw new ConfirmationRequiredError();
  let file: BackupFile;
  let checked: BackupPayload;
  try {
    file = await parseBackup(input, options.maxBytes);
    const payload = mode === 'add' ? withNewIds(db, file.payload) : file.payload;
    checked = parseRecord(backupPayloadSchema, 'import', payload);
  } catch (e) {
    if (e instanceof DbError) throw e;
    // Whatever else went wrong reading the file, the caller gets a message, never a stack trace.
    throw invalid('', `could not be imported (${e instanceof Error ? e.message : String(e)})`);
  }
  // The file passed every check: a failure from here on is the storage's, never the file's
  // (issue 41: a full disk was reported as "could not be imported (events.bulkAdd(): …)").
  let snapshotId: string | null = null;
  try {
    if (mode === 'add') {
      await db.write(DATA_TABLES, () => writePayloadInTx(db, checked));
    } else {
      snapshotId = await db.write(REPLACE_TABLES, () =>
        replaceInTx(db, checked, 'Before replacing all data')
      );
    }
  } catch (e) {
    throw importWriteError(e);
  }
  return {
    mode,
    scope: file.scope,
    battles: checked.battles.length,
    ships: checked.ships.length,
    events: checked.events.length,
    shipClasses: checked.shipClasses.length,
    settings: checked.settings.length,
    campaigns: checked.campaigns?.length ?? 0,
    battleIds: checked.battles.map((b) => b.id),
    snapshotId
  };
}

/** An import's failed write, said as the import's outcome: nothing changed, and why. */
function importWriteError(e: unknown): unknown {
  const mapped = mapStorageError(e);
  if (mapped instanceof QuotaFullError) {
    return new QuotaFullError({ cause: e, outcome: IMPORT_NOTHING_CHANGED });
  }
  if (mapped instanceof StorageClosedError) {
    return new StorageClosedError({ cause: e, outcome: IMPORT_NOTHING_CHANGED });
  }
  if (mapped instanceof DbError) return mapped;
  const detail = e instanceof Error ? e.message : String(e);
  return new Error(`${IMPORT_NOTHING_CHANGED} Saving it failed (${detail}).`, { cause: e });
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
