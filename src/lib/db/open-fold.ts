import { INITIAL_STATE, type BattleEvent, type BattleState } from '../engine/events';
import { applyEvent, fold } from '../battle/fold';
import { boundaryOf, type Usable } from './checkpoints';
import { CorruptRecordError } from './db-error';
import type { BattleRecord } from './records';

// The open of a battle once its records are read, apart from how they were read: Dexie
// (repo-events.ts openBattle) or plain IndexedDB before Dexie is loaded (quick-open.ts). No Dexie
// here, so a deep link folds its battle without loading it (issue 40).

/** What an open reads in one transaction: the battle, the log's ids, its tail and the checkpoint. */
export interface OpenRead {
  battle: BattleRecord;
  /** Events start + 1 … n, parsed, seq order. */
  events: BattleEvent[];
  /** Every event id of the log, seq order (from the index alone). */
  ids: string[];
  start: number;
  /** The newest checkpoint that holds against `ids` (null: the database has no checkpoints). */
  usable: Usable | null;
}

/** The checkpoint an open leaves behind (saveCheckpoint's arguments), or the bad ones to drop. */
export interface PendingCheckpoint {
  ids: readonly string[];
  seq: number;
  state: BattleState | null;
  invalid: readonly [string, number][];
}

/** Where the events an open reads start: after the checkpoint, but at least the last `tail`. */
export function openStart(length: number, usable: Usable, tail: number): number {
  const fromSeq = usable.checkpoint?.seq ?? 0;
  return fromSeq === 0 ? 0 : Math.max(0, Math.min(fromSeq, length - tail));
}

/**
 * The state folded from the checkpoint (or the start) over the events read, and the checkpoint
 * this open leaves behind when it folded past a boundary.
 */
export function foldOpened(
  read: OpenRead,
  checkpointEvery?: number
): {
  battle: BattleRecord;
  events: BattleEvent[];
  state: BattleState;
  before: number;
  pending: PendingCheckpoint | null;
} {
  const { battle, events, ids, start, usable } = read;
  // Events are gap-free 1…n, so events[i] has seq start + i + 1.
  const from = usable?.checkpoint ?? null;
  const fromSeq = from?.seq ?? 0;
  const boundary = boundaryOf(ids.length, checkpointEvery);
  let state = from?.state ?? INITIAL_STATE;
  let boundaryState: BattleState | null = null;
  if (boundary > fromSeq) {
    state = replay(events, state, fromSeq - start, boundary - start);
    boundaryState = state;
    state = replay(events, state, boundary - start, events.length);
  } else state = replay(events, state, fromSeq - start, events.length);
  const invalid = usable?.invalid ?? [];
  const pending =
    usable && (boundaryState !== null || invalid.length > 0)
      ? { ids, seq: boundary, state: boundaryState, invalid }
      : null;
  return { battle, events, state, before: start, pending };
}

/**
 * fold() of events[start, end) onto `initial`, naming the event whose ops do not apply (a damaged
 * log) instead of a bare OpError.
 */
export function replay(
  events: readonly BattleEvent[],
  initial: BattleState = INITIAL_STATE,
  start = 0,
  end = events.length
): BattleState {
  const part = start === 0 && end === events.length ? events : events.slice(start, end);
  try {
    return fold(part, initial);
  } catch (e) {
    let state = initial;
    for (const event of part) {
      try {
        state = applyEvent(state, event);
      } catch (inner) {
        const reason = inner instanceof Error ? inner.message : String(inner);
        throw new CorruptRecordError('event', { path: `seq ${event.seq}`, reason });
      }
    }
    throw e;
  }
}
