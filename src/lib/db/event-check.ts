import {
  MAX_TIME_MS,
  findJsonProblem,
  hasOnlyKeys,
  isRecord,
  type BattleEvent
} from '../engine/events';
import { MAX_SIDES } from '../engine/dice';
import { isClock } from '../engine/clock';
import { CATEGORIES } from '../engine/meaning';

/**
 * Parse-on-read of a battle log without zod's cost per event (issue 18: zod was most of the time a
 * 10,000-event battle took to open). `isPlainEvent` is a hand-written check of the same strict
 * shape as battleEventSchema, written to accept only a subset of what the schema accepts: anything
 * unusual (an unknown key, an optional key present as undefined, an unsafe integer…) is refused here
 * and handed to zod, which stays the authority — it accepts it or names the problem. A property test
 * (event-check.test.ts) holds the subset promise: whatever passes here passes the schema and parses
 * to an equal value. A new field in the schema only makes this path fall back to zod, never wrong.
 */

const EVENT_KEYS = new Set(['id', 'battleId', 'seq', 'deviceId', 'at', 'kind', 'summary', 'ops']);
const KIND = /^[a-z][a-z0-9-]*(\.[a-z][a-zA-Z0-9-]*)*$/;
const SOURCES = new Set(['app', 'entered', 'scripted']);

export const isId = (v: unknown): boolean =>
  typeof v === 'string' && v.length >= 1 && v.length <= 64;
export const isJson = (v: unknown): boolean => v !== undefined && findJsonProblem(v) === null;

function isPath(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (const k of v) {
    if (typeof k === 'string') continue;
    if (!Number.isSafeInteger(k) || (k as number) < 0) return false;
  }
  return true;
}

const SET_KEYS = new Set(['op', 'path', 'value', 'prev']);
const DEL_KEYS = new Set(['op', 'path', 'prev']);

function isOp(v: unknown): boolean {
  if (!isRecord(v) || !isPath(v.path)) return false;
  if (v.op === 'set') {
    return (
      hasOnlyKeys(v, 3, SET_KEYS) &&
      'value' in v &&
      isJson(v.value) &&
      (!('prev' in v) || isJson(v.prev))
    );
  }
  if (v.op === 'del') return hasOnlyKeys(v, 3, DEL_KEYS) && 'prev' in v && isJson(v.prev);
  return false;
}

const DIE_KEYS = new Set(['sides', 'face', 'label', 'source']);
function isDie(v: unknown): boolean {
  if (!isRecord(v) || !hasOnlyKeys(v, 2, DIE_KEYS)) return false;
  const { sides, face, label, source } = v;
  if (!Number.isSafeInteger(sides) || (sides as number) < 1 || (sides as number) > MAX_SIDES)
    return false;
  if (!Number.isSafeInteger(face) || (face as number) < 1 || (face as number) > (sides as number))
    return false;
  if ('label' in v && (typeof label !== 'string' || label.length > 200)) return false;
  if ('source' in v && !SOURCES.has(source as string)) return false;
  return 'sides' in v && 'face' in v;
}

const DICE_KEYS = new Set(['source', 'dice']);
const ROLL_KEYS = new Set(['procedure', 'inputs', 'dice', 'odds', 'outcome']);
function isRoll(v: unknown): boolean {
  if (!isRecord(v) || !hasOnlyKeys(v, 4, ROLL_KEYS)) return false;
  const { procedure, dice } = v;
  if (typeof procedure !== 'string' || procedure.length < 1 || procedure.length > 200) return false;
  if (!('inputs' in v) || !isJson(v.inputs) || !('outcome' in v) || !isJson(v.outcome))
    return false;
  if ('odds' in v && !isJson(v.odds)) return false;
  if (!isRecord(dice) || !hasOnlyKeys(dice, 2, DICE_KEYS)) return false;
  if (!SOURCES.has(dice.source as string) || !Array.isArray(dice.dice)) return false;
  for (const d of dice.dice) if (!isDie(d)) return false;
  return true;
}

const GROUP_KEYS = new Set(['count', 'sides', 'ship', 'side', 'isHighGood', 'zeroFace']);
function isDiceGroup(v: unknown): boolean {
  if (!isRecord(v) || !hasOnlyKeys(v, 5, GROUP_KEYS)) return false;
  const { count, sides, ship, side, isHighGood, zeroFace } = v;
  if (
    'zeroFace' in v &&
    (!Number.isSafeInteger(zeroFace) || (zeroFace as number) < 1 || (zeroFace as number) > 1000)
  )
    return false;
  if (!Number.isSafeInteger(count) || (count as number) < 0 || (count as number) > 10_000)
    return false;
  if (!Number.isSafeInteger(sides) || (sides as number) < 1 || (sides as number) > 1000)
    return false;
  if (ship !== null && !isId(ship)) return false;
  return typeof side === 'string' && side.length <= 200 && typeof isHighGood === 'boolean';
}

const MEANING_KEYS = new Set(['move', 'category', 'actor', 'target', 'dice', 'hits']);
const CATEGORY_SET: ReadonlySet<unknown> = new Set(CATEGORIES);
function isMeaning(v: unknown): boolean {
  if (!isRecord(v) || !hasOnlyKeys(v, 5, MEANING_KEYS)) return false;
  const { move, category, actor, target, dice, hits } = v;
  if (typeof move !== 'string' || move.length < 1 || move.length > 100) return false;
  if (!CATEGORY_SET.has(category)) return false;
  if ((actor !== null && !isId(actor)) || (target !== null && !isId(target))) return false;
  if (!Array.isArray(dice) || dice.length > 1000) return false;
  for (const g of dice) if (!isDiceGroup(g)) return false;
  if (
    'hits' in v &&
    (!Number.isSafeInteger(hits) || (hits as number) < 0 || (hits as number) > 10_000)
  )
    return false;
  return 'actor' in v && 'target' in v;
}

const ALL_EVENT_KEYS = new Set([...EVENT_KEYS, 'roll', 'target', 'clock', 'input', 'meaning']);

/** True only when `v` is certainly a valid stored event (see above); false means "ask zod". */
export function isPlainEvent(v: unknown): v is BattleEvent {
  if (!isRecord(v) || !hasOnlyKeys(v, EVENT_KEYS.size, ALL_EVENT_KEYS)) return false;
  for (const key of EVENT_KEYS) if (!(key in v)) return false;
  const { id, battleId, seq, deviceId, at, kind, summary, ops } = v;
  if (!isId(id) || !isId(battleId) || !isId(deviceId)) return false;
  if (!Number.isSafeInteger(seq) || (seq as number) < 1) return false;
  if (typeof at !== 'number' || !Number.isFinite(at) || at < 0 || at > MAX_TIME_MS) return false;
  if (typeof kind !== 'string' || kind.length > 100 || !KIND.test(kind)) return false;
  if (typeof summary !== 'string' || summary.length > 2000) return false;
  if (!Array.isArray(ops)) return false;
  for (const op of ops) if (!isOp(op)) return false;
  if ('roll' in v && !isRoll(v.roll)) return false;
  if ('target' in v && !isId(v.target)) return false;
  if ('clock' in v && !isClock(v.clock)) return false;
  if ('input' in v && !isJson(v.input)) return false;
  if ('meaning' in v && !isMeaning(v.meaning)) return false;
  return true;
}

/**
 * The quick reads' check (quick-open.ts, quick-watch.ts, issue 40): a plain event as it is, else a
 * throw, and the quick read answers null so that the full read (event-parse.ts parseEvent, zod)
 * accepts the event or names its problem. The first screen so carries no event schema.
 */
export function plainEvent(raw: unknown): BattleEvent {
  if (isPlainEvent(raw)) return raw;
  throw new Error('not a plain event: the full read parses it');
}
