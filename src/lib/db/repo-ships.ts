import type { SystemId } from '../engine/system';
import type { Db } from './db';
import { NotFoundError } from './errors';
import {
  shipClassRecordSchema,
  shipRecordSchema,
  type ShipClassRecord,
  type ShipRecord
} from './records';
import { checkRecord, parseRecord } from './parse';

/** Ship sheets outside the log: the library (battleId null) and battle rosters; ship classes. */

export type NewShip = Omit<ShipRecord, 'id' | 'createdAt' | 'updatedAt'>;

export async function createShip(db: Db, input: NewShip): Promise<ShipRecord> {
  const at = db.now();
  const record = checkRecord(shipRecordSchema, {
    ...input,
    id: db.newId(),
    createdAt: at,
    updatedAt: at
  });
  await db.write(['ships'], async () => {
    await db.table('ships').add(record);
  });
  return record;
}

export async function updateShip(db: Db, id: string, patch: Partial<NewShip>): Promise<ShipRecord> {
  return db.write(['ships'], async () => {
    const raw = await db.table('ships').get(id);
    if (raw === undefined) throw new NotFoundError('The ship');
    const ship = parseRecord(shipRecordSchema, 'ship', raw);
    const next = checkRecord(shipRecordSchema, {
      ...ship,
      ...patch,
      id,
      updatedAt: Math.max(db.now(), ship.updatedAt)
    });
    await db.table('ships').put(next);
    return next;
  });
}

export async function deleteShip(db: Db, id: string): Promise<void> {
  await db.write(['ships'], () => db.table('ships').delete(id));
}

/** Library templates, optionally of one system, by name. */
export async function listLibrary(db: Db, systemId?: SystemId): Promise<ShipRecord[]> {
  const raw = await db.read(['ships'], () =>
    (systemId
      ? db.table('ships').where('systemId').equals(systemId)
      : db.table('ships').toCollection()
    )
      .filter((s) => s.battleId === null)
      .toArray()
  );
  return raw
    .map((s) => parseRecord(shipRecordSchema, 'ship', s))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Test seam (issue 35): a battle's roster as stored, for the upgrade test. */
export async function listBattleRoster(db: Db, battleId: string): Promise<ShipRecord[]> {
  const raw = await db.read(['ships'], () =>
    db.table('ships').where('battleId').equals(battleId).toArray()
  );
  return raw.map((s) => parseRecord(shipRecordSchema, 'ship', s));
}

export type NewShipClass = Omit<ShipClassRecord, 'id' | 'createdAt' | 'updatedAt'>;

export async function saveShipClass(
  db: Db,
  input: NewShipClass & { id?: string }
): Promise<ShipClassRecord> {
  return db.write(['shipClasses'], async () => {
    const at = db.now();
    const existing =
      input.id === undefined ? undefined : await db.table('shipClasses').get(input.id);
    const old =
      existing === undefined ? null : parseRecord(shipClassRecordSchema, 'ship class', existing);
    const record = checkRecord(shipClassRecordSchema, {
      id: old?.id ?? db.newId(),
      systemId: input.systemId,
      name: input.name,
      data: input.data,
      createdAt: old?.createdAt ?? at,
      updatedAt: at
    });
    await db.table('shipClasses').put(record);
    return record;
  });
}

export async function listShipClasses(db: Db, systemId: SystemId): Promise<ShipClassRecord[]> {
  const raw = await db.read(['shipClasses'], () =>
    db.table('shipClasses').where('systemId').equals(systemId).toArray()
  );
  return raw
    .map((c) => parseRecord(shipClassRecordSchema, 'ship class', c))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function deleteShipClass(db: Db, id: string): Promise<void> {
  await db.write(['shipClasses'], () => db.table('shipClasses').delete(id));
}
