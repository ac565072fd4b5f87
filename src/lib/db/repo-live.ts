import type { BattleEvent } from '../engine/events';
import { battleEventSchema } from '../engine/events-schema';
import { mergeOrder } from '../live/merge-api';
import type { Db } from './db';
import { battleRecordSchema, type BattleRecord } from './records';
import { checkRecord } from './parse';
import { readBattleInTx } from './repo-events';

/**
 * The live table's writes into the local index (issue 19). How merged events are indexed: the local
 * `seq` stays THIS device's arrival order (gap-free, unique, what every reader, checkpoint and the
 * log watch already rely on), and the screens fold `mergeOrder(events)` of a live battle. Rewriting
 * the index in merged order on every late arrival would renumber stored events (the checkpoints and
 * the watch would have to follow) and a battle that was never shared would not change at all either
 * way; so arrival order it is, and a battle without clocked events replays exactly as before.
 */

/** The events of a batch not yet stored, in the order they get their local seq. */
function arrivalOrder(events: readonly BattleEvent[]): BattleEvent[] {
  // mergeOrder puts the pre-live log first (by its seq, the same on every device), then the clocked
  // events in clock order, which keeps each device's own events in the order it wrote them.
  return mergeOrder(events);
}

/** Stores events that arrived from other devices, in one transaction; returns the ones added. */
export async function storeRemoteEvents(
  db: Db,
  battleId: string,
  incoming: readonly BattleEvent[]
): Promise<BattleEvent[]> {
  if (incoming.length === 0) return [];
  return db.write(['events', 'battles'], async () => {
    const battle = await readBattleInTx(db, battleId);
    return storeInTx(db, battle, incoming);
  });
}

async function storeInTx(
  db: Db,
  battle: BattleRecord,
  incoming: readonly BattleEvent[]
): Promise<BattleEvent[]> {
  const known = new Set(
    await db
      .table('events')
      .where('[battleId+seq]')
      .between([battle.id, 0], [battle.id, Infinity], true, true)
      .primaryKeys()
  );
  const fresh = arrivalOrder(incoming.filter((e) => e.battleId === battle.id && !known.has(e.id)));
  if (fresh.length === 0) return [];
  let seq = battle.lastSeq;
  let updatedAt = battle.updatedAt;
  const stored = fresh.map((e) => {
    seq += 1;
    updatedAt = Math.max(updatedAt, e.at);
    return checkRecord(battleEventSchema, { ...e, seq });
  });
  await db.table('events').bulkAdd(stored);
  await db
    .table('battles')
    .put(checkRecord(battleRecordSchema, { ...battle, lastSeq: seq, updatedAt }));
  return stored;
}

export interface ReplicaBattle {
  id: string;
  name: string;
  systemId: BattleRecord['systemId'];
  variant: string;
  options: BattleRecord['options'];
  createdAt: number;
}

/**
 * A phone joining a shared battle: the battle record (created if this device does not have it) and
 * the events it has not stored yet, in one transaction.
 */
export async function storeReplica(
  db: Db,
  shared: ReplicaBattle,
  events: readonly BattleEvent[]
): Promise<BattleRecord> {
  return db.write(['events', 'battles'], async () => {
    const existing: unknown = await db.table('battles').get(shared.id);
    let battle: BattleRecord;
    if (existing === undefined) {
      const at = db.now();
      battle = checkRecord(battleRecordSchema, {
        ...shared,
        createdAt: Math.min(shared.createdAt, at),
        updatedAt: at,
        isArchived: false,
        lastSeq: 0,
        notes: ''
      });
      await db.table('battles').add(battle);
    } else battle = await readBattleInTx(db, shared.id);
    await storeInTx(db, battle, events);
    return readBattleInTx(db, shared.id);
  });
}
