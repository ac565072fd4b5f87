import { MAX_TIME_MS, hasOnlyKeys, isRecord, type BattleState } from '../engine/events';
import { SYSTEM_IDS } from '../engine/catalog';
import type { CheckpointRecord } from './checkpoints';
import { META_KEY } from './identity';
import { isId, isJson } from './event-check';
import type { BattleRecord, MetaRecord, SettingRecord, ShipRecord } from './records';

/**
 * The quick reads' checks of the records a deep-linked battle opens with (issue 40: the first
 * screen of a battle carries no zod), in event-check.ts's way: each accepts only a subset of what
 * its zod schema (records.ts, checkpoints' schema) accepts, and anything unusual is refused here, so
 * the quick read answers null and the full read (Dexie and zod) accepts the record or names its
 * problem. A property test (record-check.test.ts) holds the subset promise.
 */

const isText = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'string' && v.length >= min && v.length <= max;
const isInt = (v: unknown, min: number): boolean => Number.isSafeInteger(v) && (v as number) >= min;
const isTime = (v: unknown): boolean =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_TIME_MS;
const SYSTEMS: ReadonlySet<unknown> = new Set(SYSTEM_IDS);

/** Every key of `allowed` present (and no other), then `fields` hold. */
function isStrict(v: unknown, allowed: Set<string>, optional = 0): v is Record<string, unknown> {
  return isRecord(v) && hasOnlyKeys(v, allowed.size - optional, allowed);
}

const GAME_KEYS = [
  'id',
  'name',
  'systemId',
  'variant',
  'options',
  'createdAt',
  'updatedAt',
  'lastSeq',
  'notes'
];
const BATTLE_KEYS = new Set([...GAME_KEYS, 'isArchived', 'display', 'campaignId']);
const DISPLAY_KEYS = new Set(['turn', 'step', 'active', 'activeColor', 'ending']);

function isOptions(v: unknown): boolean {
  if (!isRecord(v)) return false;
  for (const key in v) {
    const x = v[key];
    if (typeof x === 'number' ? !Number.isFinite(x) : !['string', 'boolean'].includes(typeof x))
      return false;
  }
  return true;
}

function isDisplay(v: unknown): boolean {
  if (!isStrict(v, DISPLAY_KEYS, 3) || !isInt(v.turn, Number.MIN_SAFE_INTEGER)) return false;
  if (!isText(v.step, 0, 200)) return false;
  if ('active' in v && !isText(v.active, 0, 200)) return false;
  if ('activeColor' in v && !isText(v.activeColor, 0, 50)) return false;
  return !('ending' in v) || isText(v.ending, 0, 300);
}

/** True only when `v` is certainly a valid battle record; false means "ask zod". */
export function isPlainBattle(v: unknown): v is BattleRecord {
  if (!isStrict(v, BATTLE_KEYS, 2)) return false;
  for (const key of GAME_KEYS) if (!(key in v)) return false;
  if (!('isArchived' in v) || typeof v.isArchived !== 'boolean') return false;
  return (
    isId(v.id) &&
    isText(v.name, 1, 200) &&
    SYSTEMS.has(v.systemId) &&
    isText(v.variant, 0, 100) &&
    isOptions(v.options) &&
    isTime(v.createdAt) &&
    isTime(v.updatedAt) &&
    isInt(v.lastSeq, 0) &&
    isText(v.notes, 0, 10_000) &&
    (!('display' in v) || isDisplay(v.display)) &&
    (!('campaignId' in v) || isId(v.campaignId))
  );
}

const META_KEYS = new Set(['key', 'schemaVersion', 'appVersion', 'deviceId', 'createdAt']);

/** True only when `v` is certainly a valid meta record; false means "ask zod". */
export function isPlainMeta(v: unknown): v is MetaRecord {
  return (
    isStrict(v, META_KEYS) &&
    v.key === META_KEY &&
    isInt(v.schemaVersion, 1) &&
    isText(v.appVersion, 0, 50) &&
    isId(v.deviceId) &&
    isTime(v.createdAt)
  );
}

const SETTING_KEYS = new Set(['key', 'value']);

/** True only when `v` is certainly a valid setting record; false means "ask zod". */
export function isPlainSetting(v: unknown): v is SettingRecord {
  return isStrict(v, SETTING_KEYS) && isText(v.key, 1, 100) && isJson(v.value);
}

const SHIP_KEYS = new Set([
  'id',
  'battleId',
  'systemId',
  'name',
  'side',
  'player',
  'sheet',
  'createdAt',
  'updatedAt'
]);

/** True only when `v` is certainly a valid ship record (the library's); false means "ask zod". */
export function isPlainShip(v: unknown): v is ShipRecord {
  return (
    isStrict(v, SHIP_KEYS) &&
    isId(v.id) &&
    (v.battleId === null || isId(v.battleId)) &&
    SYSTEMS.has(v.systemId) &&
    isText(v.name, 1, 200) &&
    isText(v.side, 0, 200) &&
    isText(v.player, 0, 200) &&
    isJson(v.sheet) &&
    isTime(v.createdAt) &&
    isTime(v.updatedAt)
  );
}

const STATE_KEYS = new Set(['turn', 'phase', 'ships', 'system']);
const BATTLE_SHIP_KEYS = new Set(['id', 'side', 'player', 'sheet', 'order']);

/** True only when `v` is certainly a valid battle state (state-schema.ts battleStateSchema). */
export function isPlainState(v: unknown): v is BattleState {
  if (!isStrict(v, STATE_KEYS) || !isInt(v.turn, Number.MIN_SAFE_INTEGER) || !isInt(v.phase, 0))
    return false;
  if (!isRecord(v.ships) || !isJson(v.system)) return false;
  for (const key in v.ships) {
    const s = v.ships[key];
    if (!isStrict(s, BATTLE_SHIP_KEYS) || !isId(s.id)) return false;
    if (!isText(s.side, 0, 200) || !isText(s.player, 0, 200) || !isJson(s.sheet)) return false;
    if (typeof s.order !== 'number' || !Number.isFinite(s.order)) return false;
  }
  return true;
}

const CHECKPOINT_KEYS = new Set(['battleId', 'seq', 'hash', 'state', 'stateHash', 'at']);

/** True only when `v` is certainly a valid checkpoint record; false means "ask zod". */
export function isPlainCheckpoint(v: unknown): v is CheckpointRecord {
  return (
    isStrict(v, CHECKPOINT_KEYS) &&
    isId(v.battleId) &&
    isInt(v.seq, 1) &&
    isId(v.hash) &&
    isId(v.stateHash) &&
    typeof v.at === 'number' &&
    Number.isFinite(v.at) &&
    v.at >= 0 &&
    isPlainState(v.state)
  );
}
