import type * as z from 'zod/mini';
import type { BattleEvent } from '../engine/events';
import { fold } from '../battle/fold';
import type { Db } from './db';
import { NotFoundError } from './errors';
import {
  battleRecordSchema,
  settingRecordSchema,
  shipClassRecordSchema,
  shipRecordSchema,
  type ShipRecord
} from './records';
import { eventRecordSchema, type BackupPayload } from './records-logs';
import { readBattleInTx, readEventsInTx } from './repo-events';
import { campaignPart, readGoodCampaignsInTx } from './backup-campaigns';
import { parsedOrLeftOut, wholeLogs, type LeftOut } from './backup-salvage';
import { checkRecord, parseRecord } from './parse';
import { SCHEMA_VERSION } from './schema';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATA_TABLES,
  payloadChecksum,
  type BackupFile,
  type BackupScope
} from './backup-file';

/** Backup and sharing files out: everything, one battle, one ship, or a damaged battle as stored. */

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
  const good = <T>(schema: z.ZodMiniType<T>, what: string, raw: unknown): T | null =>
    parsedOrLeftOut(leftOut, schema, what, raw);
  const logs = wholeLogs<BackupPayload['battles'][number], BattleEvent>(
    leftOut,
    'battle',
    { keys: battleKeys, raws: battles, schema: battleRecordSchema },
    { raws: events, schema: eventRecordSchema, ownerKey: 'battleId' }
  );
  const okShips: ShipRecord[] = [];
  for (const raw of ships) {
    const battleId = (raw as { battleId?: unknown }).battleId;
    if (typeof battleId === 'string' && logs.bad.has(battleId)) continue;
    const s = good(shipRecordSchema, 'a ship', raw);
    if (s) okShips.push(s);
  }
  const okClasses = shipClasses.flatMap(
    (raw) => good(shipClassRecordSchema, 'a ship class', raw) ?? []
  );
  const okSettings = settings.flatMap((raw) => good(settingRecordSchema, 'a setting', raw) ?? []);
  const campaigns = await readGoodCampaignsInTx(db, leftOut);
  return {
    payload: {
      battles: logs.owners,
      ships: okShips,
      events: logs.entries,
      shipClasses: okClasses,
      settings: okSettings,
      ...campaignPart(campaigns)
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
    // Shared on its own, a campaign's battle is a battle of its own: its campaign stays here.
    const { campaignId: _campaign, ...battle } = await readBattleInTx(db, battleId);
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
