import type { DiceRoll } from './dice';
import type { Clock } from './clock';
import type { Meaning } from './meaning';

/**
 * The battle log's data types (contract: /work/helpers/battle-api.md). Everything here is plain JSON
 * so an event survives IndexedDB, a backup file and, later, the wire between two devices unchanged.
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Path = (string | number)[];

/** Limits that keep a hostile import file from exhausting the stack or memory. */
export const JSON_LIMITS = {
  maxDepth: 64,
  maxStringLength: 1_000_000
} as const;

export interface JsonProblem {
  path: Path;
  reason: string;
}

function isPlainObject(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A plain object (JSON's, or null-prototype): the hand-written checks of stored and secret
 *  documents read with it (db/event-check.ts, the M&C hands and drafts; issue 40: without zod). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && isPlainObject(v);
}

/** Only keys from `allowed`, none of them holding undefined (zod's optional reads those its own way). */
export function hasOnlyKeys(
  v: Record<string, unknown>,
  required: number,
  allowed: Set<string>
): boolean {
  let count = 0;
  for (const key in v) {
    if (!Object.prototype.hasOwnProperty.call(v, key)) return false;
    if (!allowed.has(key) || v[key] === undefined) return false;
    count++;
  }
  return count >= required;
}

/**
 * Why `value` is not a JSON value we store, or null when it is. Hand-written rather than a recursive
 * zod schema: it is the hot path of parse-on-read (10,000-event battles) and it must reject keys
 * that would rewrite a prototype (`__proto__`), non-finite numbers and absurd nesting. The path is
 * kept on one stack and copied only when there is a problem.
 */
export function findJsonProblem(value: unknown, path: Path = []): JsonProblem | null {
  const stack: Path = [...path];
  const reason = check(value, stack, 0);
  return reason === null ? null : { path: stack, reason };
}

/** Returns the reason, leaving `stack` at the offending path; null when valid. */
function check(value: unknown, stack: Path, depth: number): string | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'expected a finite number';
  if (typeof value === 'string') {
    return value.length <= JSON_LIMITS.maxStringLength
      ? null
      : `string longer than ${JSON_LIMITS.maxStringLength} characters`;
  }
  if (typeof value !== 'object') return `expected a JSON value, got ${typeof value}`;
  if (depth >= JSON_LIMITS.maxDepth) return 'nested too deeply';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      stack.push(i);
      const r = check(value[i], stack, depth + 1);
      if (r !== null) return r;
      stack.pop();
    }
    return null;
  }
  if (!isPlainObject(value)) return 'expected a plain object';
  for (const key of Object.keys(value)) {
    stack.push(key);
    if (key === '__proto__') return 'forbidden key "__proto__"';
    const r = check((value as Record<string, unknown>)[key], stack, depth + 1);
    if (r !== null) return r;
    stack.pop();
  }
  return null;
}

export function isJson(value: unknown): value is Json {
  return findJsonProblem(value) === null;
}

export type Op =
  { op: 'set'; path: Path; value: Json; prev?: Json } | { op: 'del'; path: Path; prev: Json };

export interface BattleShip {
  id: string;
  side: string;
  player: string;
  /** The system's ship log (validated by that system's `sheetSchema` where it is edited). */
  sheet: Json;
  order: number;
}

export interface BattleState {
  turn: number;
  /** Index into the system's phase list (0 if the system has none). */
  phase: number;
  ships: Record<string, BattleShip>;
  /** The rule system's global state (wind, hourglass, funds…); null until set up. */
  system: Json;
}

/** The state every battle starts from; the first events add ships and set up the system state. */
export const INITIAL_STATE: BattleState = Object.freeze({
  turn: 1,
  phase: 0,
  ships: Object.freeze({}) as Record<string, BattleShip>,
  system: null
});

/** Dice as the log stores them (every die face, who rolled). */
export type { DiceRoll };

/** A roll as the log keeps it: the procedure, what went in, the dice, the odds, what came out. */
export interface RollRecord {
  procedure: string;
  inputs: Json;
  dice: DiceRoll;
  odds?: Json;
  outcome: Json;
}

/** Kinds the battle layer itself writes; rule systems add '<system>.<procedure>'. Test seam (issue
 *  35): the release fixtures' test checks every stored kind against it. */
export const CORE_KINDS = [
  'battle.setup',
  'ship.add',
  'ship.remove',
  'sheet.edit',
  'turn.advance',
  'phase.advance',
  'roll',
  'undo',
  'redo',
  'note'
] as const;

/** What every log entry holds, a battle's or a campaign's (`LOG_ENTRY_FIELDS`). */
export interface LogEntry {
  /** 1, 2, 3… per battle (per campaign), unique and gap-free. */
  seq: number;
  deviceId: string;
  /** ms since epoch, from the injected clock. */
  at: number;
  kind: string;
  /** One readable log line. */
  summary: string;
  ops: Op[];
}

export interface BattleEvent extends LogEntry {
  /** UUIDv7, globally unique, so logs from two devices can merge later. */
  id: string;
  battleId: string;
  roll?: RollRecord;
  /** undo/redo: id of the event voided or restored. */
  target?: string;
  /**
   * Live table (#19): the hybrid logical clock stamp that orders the merged log (engine/clock.ts).
   * Absent on events written before the battle was shared live: those sort first, in seq order.
   */
  clock?: Clock;
  /**
   * The move's input as performed (dice faces included), so a move merged from another device can
   * be run again on the merged state (battle/merge-recheck.ts `recheckWith`). Absent on older
   * events and on edits that are not moves; never holds what the move keeps hidden (orders given
   * in secret).
   */
  input?: Json;
  /**
   * What the move did (issue 31, meaning.ts): its id, category, actor, target, whose dice, hits.
   * Written by every move from this release on; absent on older events and on edits that are not
   * moves, where readers say plainly what they cannot tell.
   */
  meaning?: Meaning;
}

/**
 * The latest time a record may carry: the last millisecond of the year 9999. Every time field is
 * bounded so that no stored or imported value can make a page throw "Invalid time value" (a Date
 * holds at most ±8.64e15 ms; 9e15 passed the old `gte(0)` and blanked the start page).
 */
export const MAX_TIME_MS = 253_402_300_799_999;

/** What an action produces before the log gives it an id, a sequence number and a time. */
export type EventDraft = Pick<
  BattleEvent,
  'kind' | 'summary' | 'ops' | 'roll' | 'target' | 'input' | 'meaning'
>;

/** Stamps a draft into a full event (the db layer supplies seq, id, time and device). */
export function stampEvent(
  draft: EventDraft,
  meta: {
    id: string;
    battleId: string;
    seq: number;
    deviceId: string;
    at: number;
    /** The live table's clock stamp (absent when the battle is not shared live). */
    clock?: Clock;
  }
): BattleEvent {
  const { clock, ...rest } = meta;
  const event: BattleEvent = {
    ...rest,
    kind: draft.kind,
    summary: draft.summary,
    ops: draft.ops
  };
  if (draft.roll !== undefined) event.roll = draft.roll;
  if (draft.target !== undefined) event.target = draft.target;
  if (clock !== undefined) event.clock = clock;
  if (draft.input !== undefined) event.input = draft.input;
  if (draft.meaning !== undefined) event.meaning = draft.meaning;
  return event;
}
