import { battleEventSchema } from '../engine/events-schema';
import { stampEvent, type BattleEvent, type BattleState, type EventDraft } from '../engine/events';
import { applyEvent } from '../battle/fold';
import { ok, type Result } from '../engine/result';
import { history, redoOf, undoOf, type History } from '../battle/actions';
import type { Db } from './db';
import { NotFoundError, StaleStateError } from './errors';
import type { BattleDisplay } from '../battle/display';
import { battleRecordSchema, type BattleRecord } from './records';
import { checkRecord, parseRecord } from './parse';
import { parseEvent } from './event-parse';
import { isPlainEvent } from './event-check';
import { isPlainBattle } from './record-check';
import { saveCheckpoint, usableCheckpointInTx } from './checkpoint-store';
import { foldOpened, openStart, replay, type OpenRead } from './open-fold';

/**
 * The battle log. Appending reads the battle's lastSeq and writes seq = lastSeq + 1 inside one
 * read-write transaction over events + battles. IndexedDB serialises read-write transactions with
 * overlapping scopes, also across tabs, so sequence numbers stay unique and gap-free; the unique
 * [battleId+seq] index is the second line of defence.
 */

/** Reads a battle's events in seq order, inside the caller's transaction. */
export async function readEventsInTx(db: Db, battleId: string): Promise<BattleEvent[]> {
  const raw = await db
    .table('events')
    .where('[battleId+seq]')
    .between([battleId, 0], [battleId, Infinity], true, true)
    .toArray();
  return raw.map(parseEvent);
}

export async function readBattleInTx(db: Db, battleId: string): Promise<BattleRecord> {
  const raw = await db.table('battles').get(battleId);
  if (raw === undefined) throw new NotFoundError('The battle');
  return isPlainBattle(raw) ? raw : parseRecord(battleRecordSchema, 'battle', raw);
}

// Each tap's write checks the battle record it read, the event it builds and the record after it
// (parse-on-read, parse-on-write) through the hand-written checks first, as the log's reads do
// (event-check.ts, record-check.ts: each accepts only a subset of what its schema accepts,
// unchanged, a property test holds it); zod, the authority, checks only what they are not sure
// of, or names the problem. Zod's three parses were a few ms of each tap at 4x (issue 39).
const checkedEvent = (e: BattleEvent): BattleEvent =>
  isPlainEvent(e) ? e : checkRecord(battleEventSchema, e);
const checkedBattle = (b: BattleRecord): BattleRecord =>
  isPlainBattle(b) ? b : checkRecord(battleRecordSchema, b);

/** Appends inside the caller's rw transaction over events + battles. */
export async function appendInTx(
  db: Db,
  battle: BattleRecord,
  draft: EventDraft,
  display?: DisplayOf,
  live?: LiveStamp
): Promise<{ event: BattleEvent; battle: BattleRecord }> {
  const { event, battle: next } = nextEvent(db, battle, draft, display, live);
  await db.table('events').add(event);
  await db.table('battles').put(next);
  return { event, battle: next };
}

/**
 * The event a draft becomes as the battle's next (seq, id, time, device, clock) and the battle
 * record after it, checked, without writing either: appendInTx writes them; a caller writing a
 * battle's first events together (a campaign's battle) writes them in one bulk.
 */
export function nextEvent(
  db: Db,
  battle: BattleRecord,
  draft: EventDraft,
  display?: DisplayOf,
  live?: LiveStamp
): { event: BattleEvent; battle: BattleRecord } {
  const seq = battle.lastSeq + 1;
  const at = db.now();
  const clock = live?.clock();
  const event = checkedEvent(
    stampEvent(draft, {
      id: db.newId(),
      battleId: battle.id,
      seq,
      deviceId: db.deviceId,
      at,
      ...(clock !== undefined ? { clock } : {})
    })
  );
  const shown = display?.(event);
  const next = checkedBattle({
    ...battle,
    lastSeq: seq,
    updatedAt: Math.max(at, battle.updatedAt),
    ...(shown ? { display: shown } : {})
  });
  return { event, battle: next };
}

/**
 * A live battle's writes (issue 19): each new event is stamped with the device's clock (called inside
 * the transaction), and the state of a log that moved on is the merged fold, not the arrival order.
 */
export interface LiveStamp {
  clock: () => string;
  fold: (events: readonly BattleEvent[]) => BattleState;
}

/**
 * The battle list's summary of the battle after `event` (the screen folds it onto the state it
 * knows); written on the battle record in the event's own transaction. Null keeps the old one.
 */
export type DisplayOf = (event: BattleEvent) => BattleDisplay | null;

/** The StaleStateError for events written after `knownSeq`, naming who wrote them. */
async function staleSince(db: Db, battleId: string, knownSeq: number): Promise<StaleStateError> {
  const since = await db
    .table('events')
    .where('[battleId+seq]')
    .between([battleId, knownSeq + 1], [battleId, Infinity], true, true)
    .toArray();
  const byOthers = since.some((e) => (e as { deviceId?: unknown }).deviceId !== db.deviceId);
  return new StaleStateError(byOthers ? 'other-device' : 'this-device');
}

export interface AppendOptions {
  /**
   * The seq of the last event the screen showed. When another tab or device appended since, the
   * draft's ops were computed from an outdated state: StaleStateError, nothing written.
   */
  expectedLastSeq?: number;
  /** The record's new display summary (checked against `expectedLastSeq`'s state by the caller). */
  display?: DisplayOf;
  /** A live battle: stamp the clock (see LiveStamp). */
  live?: LiveStamp;
}

/** One user action: one event, one transaction. */
export async function appendEvent(
  db: Db,
  battleId: string,
  draft: EventDraft,
  options: AppendOptions = {}
): Promise<BattleEvent> {
  return db.write(['events', 'battles'], async () => {
    const battle = await readBattleInTx(db, battleId);
    if (options.expectedLastSeq !== undefined && battle.lastSeq !== options.expectedLastSeq) {
      throw await staleSince(db, battleId, options.expectedLastSeq);
    }
    return (await appendInTx(db, battle, draft, options.display, options.live)).event;
  });
}

/** The state the screen showed and the seq of the last event it was folded from. */
export interface KnownState {
  state: BattleState;
  lastSeq: number;
}

/**
 * The one check-then-act's write half: `build` runs again inside the transaction on the state being
 * written — the screen's state when nothing was appended since, else the log folded afresh (another
 * tab, a double tap) — and either its draft is appended or its refusal comes back and nothing is
 * written. So an action is judged on the state it really lands on: a second tap on "Reload" is
 * refused with the rule's reason, not recorded twice and not reported as another tab's change.
 */
export async function appendBuilt(
  db: Db,
  battleId: string,
  known: KnownState,
  build: (state: BattleState) => Result<EventDraft>,
  /** The battle list's summary of the state after the event (written in the same transaction);
   *  also given the event and the state it was applied to. */
  display?: (next: BattleState, event: BattleEvent, state: BattleState) => BattleDisplay | null,
  /**
   * True for an action whose input holds values computed from the screen (a sheet edit carries
   * the whole edited sheet): it is not rebuilt on a newer state, where it would overwrite what was
   * written since; StaleStateError, nothing written, when the log moved on.
   */
  onlyOnKnownState = false,
  /** A live battle: clock stamps and the merged fold (LiveStamp). */
  live?: LiveStamp
): Promise<Result<BattleEvent>> {
  return db.write(['events', 'battles'], async () => {
    const battle = await readBattleInTx(db, battleId);
    if (onlyOnKnownState && battle.lastSeq !== known.lastSeq) {
      throw await staleSince(db, battleId, known.lastSeq);
    }
    const fresh = battle.lastSeq === known.lastSeq ? null : await readEventsInTx(db, battleId);
    const state = fresh === null ? known.state : live ? live.fold(fresh) : replay(fresh);
    const built = build(state);
    if (!built.ok) return built;
    const shown = display
      ? (event: BattleEvent) => display(applyEvent(state, event), event, state)
      : undefined;
    return ok((await appendInTx(db, battle, built.value, shown, live)).event);
  });
}

/** Undo and redo: `AppendOptions`, and the history of the log the screen shows. */
export interface LogAppendOptions extends AppendOptions {
  /**
   * The history of the whole log up to `expectedLastSeq`, as the screen keeps it: when nothing
   * was written since (checked in the transaction), the undo is decided from it instead of reading
   * and replaying the whole log again (issue 39: an Undo read 1,000 events).
   */
  known?: History<BattleEvent>;
}

async function appendFromLog(
  db: Db,
  battleId: string,
  make: (h: History<BattleEvent>) => EventDraft | null,
  options: LogAppendOptions
): Promise<BattleEvent | null> {
  return db.write(['events', 'battles'], async () => {
    const battle = await readBattleInTx(db, battleId);
    if (options.expectedLastSeq !== undefined && battle.lastSeq !== options.expectedLastSeq) {
      throw await staleSince(db, battleId, options.expectedLastSeq);
    }
    // Decided from the log as it is inside this transaction, so two tabs cannot undo the same event:
    // the screen's history is that log when it is of the log up to the battle's last event.
    const isKnown = options.known !== undefined && options.expectedLastSeq === battle.lastSeq;
    const draft = make(
      isKnown && options.known ? options.known : history(await readEventsInTx(db, battleId))
    );
    if (!draft) return null;
    return (await appendInTx(db, battle, draft, options.display, options.live)).event;
  });
}

/** Undoes the latest action still in effect; null when there is nothing to undo. */
export function undoLast(
  db: Db,
  battleId: string,
  options: LogAppendOptions = {}
): Promise<BattleEvent | null> {
  return appendFromLog(db, battleId, undoOf, options);
}

/** Redoes the latest undone action; null when there is nothing to redo. */
export function redoLast(
  db: Db,
  battleId: string,
  options: LogAppendOptions = {}
): Promise<BattleEvent | null> {
  return appendFromLog(db, battleId, redoOf, options);
}

export async function loadEvents(db: Db, battleId: string): Promise<BattleEvent[]> {
  return db.read(['events'], () => readEventsInTx(db, battleId));
}

export interface LoadedBattle {
  battle: BattleRecord;
  events: BattleEvent[];
  state: BattleState;
  /** Settles when the checkpoint this open leaves behind is written (or was not needed). */
  checkpointed: Promise<void>;
}

export interface LoadOptions {
  /** Checkpoint spacing (tests use small ones); CHECKPOINT_EVERY by default. */
  checkpointEvery?: number;
}

/**
 * The battle record, its whole log and the state folded from it, read consistently. The fold starts
 * from the newest checkpoint that holds against this log (checkpoints.ts), else from the start; an
 * open that folds past a checkpoint boundary leaves one behind for the next, and drops bad ones.
 */
export async function loadBattle(
  db: Db,
  battleId: string,
  options: LoadOptions = {}
): Promise<LoadedBattle> {
  const { before, ...rest } = await openLog(db, battleId, Infinity, options);
  if (before !== 0) throw new Error('loadBattle: the whole log was not read');
  return rest;
}

export interface OpenedBattle extends LoadedBattle {
  /**
   * Events 1…before are not in `events` (0: the whole log is): `events` are the newest, seq order,
   * at least the last `tail` of them and everything after the checkpoint the state was folded from.
   * loadEventRange(db, battleId, 1, before) reads the rest.
   */
  before: number;
}

/**
 * Opening a battle for the screen without reading its whole log (issue 18): the battle record, the
 * state, and only the newest events. The checkpoint is checked against the log's event ids, read
 * from the index alone (no event is read for that); the events after it are read and folded onto
 * it. With no usable checkpoint the whole log is read and folded, as loadBattle does.
 */
export async function openBattle(
  db: Db,
  battleId: string,
  options: LoadOptions & { tail?: number } = {}
): Promise<OpenedBattle> {
  return openLog(db, battleId, options.tail ?? 100, options);
}

/** Events from seq `from` to `to` (both included) of a battle, parsed, seq order. */
export async function loadEventRange(
  db: Db,
  battleId: string,
  from: number,
  to: number
): Promise<BattleEvent[]> {
  return db.read(['events'], async () => {
    const raw = await db
      .table('events')
      .where('[battleId+seq]')
      .between([battleId, from], [battleId, to], true, true)
      .toArray();
    return raw.map(parseEvent);
  });
}

async function openLog(
  db: Db,
  battleId: string,
  tail: number,
  options: LoadOptions
): Promise<OpenedBattle> {
  // A database from a newer Quarterdeck opened read-only may still have its own tables; checkpoints
  // are used only when the table is there.
  const hasCheckpoints = db.dexie.tables.some((t) => t.name === 'checkpoints');
  const read = await db.read(
    hasCheckpoints ? ['events', 'battles', 'checkpoints'] : ['events', 'battles'],
    async (): Promise<OpenRead> => {
      const battle = await readBattleInTx(db, battleId);
      const range = db
        .table('events')
        .where('[battleId+seq]')
        .between([battleId, 0], [battleId, Infinity], true, true);
      if (!hasCheckpoints) {
        const events = (await range.toArray()).map(parseEvent);
        return { battle, events, ids: events.map((e) => e.id), start: 0, usable: null };
      }
      // The ids alone (the index's primary keys: no event is deserialised) check a checkpoint.
      const ids = await range.primaryKeys();
      const usable = await usableCheckpointInTx(db, battleId, ids);
      const start = openStart(ids.length, usable, tail);
      const raw =
        start === 0
          ? await range.toArray()
          : await db
              .table('events')
              .where('[battleId+seq]')
              .between([battleId, start + 1], [battleId, Infinity], true, true)
              .toArray();
      return { battle, events: raw.map(parseEvent), ids, start, usable };
    }
  );
  const { pending, ...opened } = foldOpened(read, options.checkpointEvery);
  const checkpointed = pending
    ? saveCheckpoint(db, battleId, pending.ids, pending.seq, pending.state, pending.invalid)
    : Promise.resolve();
  return { ...opened, checkpointed };
}
