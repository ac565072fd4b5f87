import type { Json } from '../engine/events';
import { setupBattle } from '../battle/actions';
import { INITIAL_STATE } from '../engine/events';
import type { SystemId, BattleOptions } from '../engine/system';
import type { Db } from './db';
import { appendInTx, readBattleInTx, readEventsInTx } from './repo-events';
import { battleRecordSchema, newGameFields, shipRecordSchema, type BattleRecord } from './records';
import { checkRecord, parseRecord, zodIssues } from './parse';
import { NotFoundError, formatIssue } from './errors';

export interface NewBattle {
  name: string;
  systemId: SystemId;
  variant: string;
  options: BattleOptions;
  notes?: string;
  /** The rule system's starting global state; written as the first event ('battle.setup'). */
  systemState?: Json;
}

export async function createBattle(db: Db, input: NewBattle): Promise<BattleRecord> {
  const record = newBattleRecord(db, input);
  return db.write(['battles', 'events'], async () => {
    await db.table('battles').add(record);
    if (input.systemState === undefined) return record;
    return (await appendInTx(db, record, setupBattle(INITIAL_STATE, input.systemState))).battle;
  });
}

/** A new battle's record, checked, not written (its id given, or a new one). */
export function newBattleRecord(
  db: Db,
  input: NewBattle & { id?: string; campaignId?: string }
): BattleRecord {
  const at = db.now();
  return checkRecord(battleRecordSchema, {
    ...newGameFields(input, input.id ?? db.newId(), at),
    isArchived: false,
    ...(input.campaignId !== undefined ? { campaignId: input.campaignId } : {})
  });
}

/** Test seam (issue 35): every battle as stored, for the database tests; the app's list is
 *  quick-list.ts. */
export async function listBattles(
  db: Db,
  options: { includeArchived?: boolean } = {}
): Promise<BattleRecord[]> {
  // Not orderBy('updatedAt'): an index skips records lacking the key, and a damaged record must
  // be reported, not hidden.
  const raw = await db.read(['battles'], () => db.table('battles').toArray());
  return raw
    .map((b) => parseRecord(battleRecordSchema, 'battle', b))
    .filter((b) => options.includeArchived === true || !b.isArchived)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** A stored battle record that fails its schema: listed as damaged, never hidden. */
export interface DamagedBattle {
  /** Its primary key (always readable, whatever else is wrong). */
  id: string;
  /** Its name when that much is readable, else null. */
  name: string | null;
  /** What is wrong, e.g. `name: expected at least 1 character`. */
  problem: string;
}

export interface BattleEntries {
  battles: BattleRecord[];
  damaged: DamagedBattle[];
}

/**
 * The start page's list: the battles that parse, newest first, and the damaged ones apart, so one
 * damaged record never hides the others (it is shown with "export as it is" and "delete").
 */
export async function listBattleEntries(db: Db): Promise<BattleEntries> {
  const { keys, raw } = await db.read(['battles'], async () => ({
    keys: await db.table('battles').toCollection().primaryKeys(),
    raw: await db.table('battles').toArray()
  }));
  const battles: BattleRecord[] = [];
  const damaged: DamagedBattle[] = [];
  raw.forEach((record, i) => {
    const parsed = battleRecordSchema.safeParse(record);
    if (parsed.success) {
      battles.push(parsed.data);
      return;
    }
    const issue = zodIssues(parsed.error)[0];
    const name = (record as { name?: unknown }).name;
    damaged.push({
      id: String(keys[i]),
      name: typeof name === 'string' && name.trim() !== '' ? name.slice(0, 200) : null,
      problem: issue ? formatIssue(issue) : 'invalid'
    });
  });
  battles.sort((a, b) => b.updatedAt - a.updatedAt);
  return { battles, damaged };
}

export async function getBattle(db: Db, id: string): Promise<BattleRecord> {
  return db.read(['battles'], () => readBattleInTx(db, id));
}

export type BattlePatch = Partial<Pick<BattleRecord, 'name' | 'notes' | 'options' | 'isArchived'>>;

/** Renames, archives, edits notes or options (not logged: these are not battle events). */
export async function updateBattle(db: Db, id: string, patch: BattlePatch): Promise<BattleRecord> {
  return db.write(['battles'], async () => {
    const battle = await readBattleInTx(db, id);
    const next = checkRecord(battleRecordSchema, {
      ...battle,
      ...patch,
      updatedAt: Math.max(db.now(), battle.updatedAt)
    });
    await db.table('battles').put(next);
    return next;
  });
}

export function archiveBattle(db: Db, id: string, isArchived = true): Promise<BattleRecord> {
  return updateBattle(db, id, { isArchived });
}

/**
 * Deletes a battle with its whole log and roster, in one transaction. A damaged record can be
 * deleted too: only its existence is checked, not its content.
 */
export async function deleteBattle(db: Db, id: string): Promise<void> {
  await db.write(['battles', 'events', 'ships'], async () => {
    if ((await db.table('battles').get(id)) === undefined) throw new NotFoundError('The battle');
    await db
      .table('events')
      .where('[battleId+seq]')
      .between([id, 0], [id, Infinity], true, true)
      .delete();
    await db.table('ships').where('battleId').equals(id).delete();
    await db.table('battles').delete(id);
  });
}

/** A copy with its own ids and the full log (undo history included), e.g. to replay a scenario. */
export async function duplicateBattle(db: Db, id: string, name?: string): Promise<BattleRecord> {
  return db.write(['battles', 'events', 'ships'], async () => {
    const battle = await readBattleInTx(db, id);
    const events = await readEventsInTx(db, id);
    const ships = (await db.table('ships').where('battleId').equals(id).toArray()).map((s) =>
      parseRecord(shipRecordSchema, 'ship', s)
    );
    const at = db.now();
    const copy = checkRecord(battleRecordSchema, {
      ...battle,
      id: db.newId(),
      name: (name ?? `${battle.name} (copy)`).slice(0, 200),
      createdAt: at,
      updatedAt: at,
      isArchived: false
    });
    const eventIds = new Map(events.map((e) => [e.id, db.newId()]));
    await db.table('battles').add(copy);
    await db.table('events').bulkAdd(
      events.map((e) => {
        const next = { ...e, id: eventIds.get(e.id) ?? db.newId(), battleId: copy.id };
        if (e.target !== undefined) next.target = eventIds.get(e.target) ?? e.target;
        return next;
      })
    );
    await db.table('ships').bulkAdd(
      ships.map((s) => ({
        ...s,
        id: db.newId(),
        battleId: copy.id,
        createdAt: at,
        updatedAt: at
      }))
    );
    return copy;
  });
}
