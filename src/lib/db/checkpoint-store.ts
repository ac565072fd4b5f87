import * as z from 'zod/mini';
import type { BattleState } from '../engine/events';
import { battleStateSchema } from '../engine/state-schema';
import {
  KEEP_CHECKPOINTS,
  prefixHash,
  stateHash,
  usableCheckpoint,
  type CheckpointRecord,
  type Usable
} from './checkpoints';
import type { Db } from './db';
import { nextTask } from './next-task';

// Checkpoints through Dexie (checkpoints.ts says what they are): their schema, the full read's
// check and the write. Apart from checkpoints.ts, which the quick open reads with its hand-written
// check (record-check.ts), so the first screen of a battle carries no zod (issue 40).

export const checkpointRecordSchema = z.strictObject({
  battleId: z.string().check(z.minLength(1), z.maxLength(64)),
  seq: z.int().check(z.gte(1)),
  /** prefixHash of events 1…seq. */
  hash: z.string().check(z.minLength(1), z.maxLength(64)),
  state: battleStateSchema,
  /** stateHash of `state`: a damaged state is caught even when it still fits the schema. */
  stateHash: z.string().check(z.minLength(1), z.maxLength(64)),
  at: z.number().check(z.gte(0))
});

// Pins the schema to the record's interface (a field typed apart fails the type check).
const _pin: (value: z.infer<typeof checkpointRecordSchema>) => CheckpointRecord = (value) => value;
void _pin;

/** The battle's checkpoints, newest first, as stored (not yet checked). */
async function readCheckpointsInTx(db: Db, battleId: string): Promise<unknown[]> {
  const rows: unknown[] = await db
    .table('checkpoints')
    .where('[battleId+seq]')
    .between([battleId, 0], [battleId, Infinity], true, true)
    .toArray();
  return rows.reverse();
}

/**
 * The newest stored checkpoint that holds against the log whose event ids (seq order, gap-free) are
 * `ids`, inside the caller's transaction over 'checkpoints'.
 */
export async function usableCheckpointInTx(
  db: Db,
  battleId: string,
  ids: readonly string[]
): Promise<Usable> {
  return usableCheckpoint(await readCheckpointsInTx(db, battleId), ids, (raw) => {
    const parsed = checkpointRecordSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  });
}

/**
 * Writes the checkpoint "the first `seq` events fold to `state`" and deletes `invalid` ones and all
 * but the newest KEEP_CHECKPOINTS. Its own transaction; never throws (a read-only database, a full disk: the
 * next open folds from the log, as without checkpoints).
 */
export async function saveCheckpoint(
  db: Db,
  battleId: string,
  ids: readonly string[],
  seq: number,
  state: BattleState | null,
  invalid: readonly [string, number][]
): Promise<void> {
  if (db.readOnlyReason) return;
  try {
    const record = state === null || seq < 1 ? null : await recordOf(battleId, ids, seq, state, db);
    await db.write(['checkpoints'], async () => {
      const table = db.table('checkpoints');
      if (invalid.length > 0) await table.bulkDelete([...invalid]);
      if (record === null) return;
      await table.put(record);
      const keys = await table
        .where('[battleId+seq]')
        .between([battleId, 0], [battleId, Infinity], true, true)
        .primaryKeys();
      if (keys.length > KEEP_CHECKPOINTS)
        await table.bulkDelete(keys.slice(0, keys.length - KEEP_CHECKPOINTS));
    });
  } catch {
    // A checkpoint is only a shortcut: losing one loses nothing.
  }
}

/**
 * The record, worked out before its transaction (which would commit at a yield) in a task per part:
 * the log's hash, the state's and the schema's check were one long task after a deep link's first
 * paint (issue 40). The ids and the state are the open's, never changed after it, and a write made
 * meanwhile only adds events after `seq`: the record holds whenever it is written.
 */
async function recordOf(
  battleId: string,
  ids: readonly string[],
  seq: number,
  state: BattleState,
  db: Db
): Promise<CheckpointRecord> {
  const hash = prefixHash(ids, seq);
  await nextTask();
  const hashOfState = stateHash(state);
  await nextTask();
  const record = checkpointRecordSchema.parse({
    battleId,
    seq,
    hash,
    state,
    stateHash: hashOfState,
    at: db.now()
  });
  await nextTask();
  return record;
}
