import type { Json } from '../engine/events';
import { hasOwn, isPlainRecord } from './merge-journal';

/**
 * Whether the merged state still fits the state schema after an event from another device
 * (merge-fold.ts). Cheap: only what the event touched is checked, the whole state only when the
 * event replaced it.
 */

const SHIP_KEYS = ['id', 'side', 'player', 'sheet', 'order'];
const STATE_KEYS = new Set(['turn', 'phase', 'ships', 'system']);

function isValidShip(id: string, v: Json | undefined): boolean {
  if (!isPlainRecord(v)) return false;
  let n = 0;
  for (const k in v) {
    if (!SHIP_KEYS.includes(k)) return false;
    n++;
  }
  if (n !== SHIP_KEYS.length) return false;
  const { side, player, sheet, order } = v;
  return (
    v.id === id &&
    id.length >= 1 &&
    id.length <= 64 &&
    typeof side === 'string' &&
    side.length <= 200 &&
    typeof player === 'string' &&
    player.length <= 200 &&
    sheet !== undefined &&
    typeof order === 'number' &&
    Number.isFinite(order)
  );
}

function isValidTop(root: Json, key: string): boolean {
  if (!isPlainRecord(root)) return false;
  const v = root[key];
  switch (key) {
    case 'turn':
      return Number.isSafeInteger(v);
    case 'phase':
      return Number.isSafeInteger(v) && (v as number) >= 0;
    case 'system':
      return v !== undefined;
    case 'ships':
      if (!isPlainRecord(v)) return false;
      for (const id of Object.keys(v)) if (!isValidShip(id, v[id])) return false;
      return true;
    default:
      return !hasOwn(root, key);
  }
}

function isValidState(root: Json): boolean {
  if (!isPlainRecord(root)) return false;
  for (const k of Object.keys(root)) if (!STATE_KEYS.has(k)) return false;
  for (const k of STATE_KEYS) if (!isValidTop(root, k)) return false;
  return true;
}

export function touchedAreValid(
  root: Json,
  top: readonly string[],
  ships: readonly string[]
): boolean {
  for (const key of top) {
    if (key === '*') return isValidState(root);
    if (!isValidTop(root, key)) return false;
  }
  if (ships.length === 0) return true;
  if (!isPlainRecord(root) || !isPlainRecord(root.ships)) return false;
  const all = root.ships;
  for (const id of ships) if (hasOwn(all, id) && !isValidShip(id, all[id])) return false;
  return true;
}
