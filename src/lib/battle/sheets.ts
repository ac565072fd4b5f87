import type * as z from 'zod/mini';
import type { BattleShip, BattleState, Json } from '../engine/events';

/**
 * Reading and writing a battle state as one rule system's types: the one `sheetOf`, `withSheets` and
 * `systemOf` every system's moves, turn model and panels share (each passes its own schema).
 */

/**
 * Parses are memoised per schema on the stored value's identity (issue 18: the turn model, the moves
 * and every panel read the same sheets many times per action, and a zod parse per read was most of an
 * action's time). States are never mutated (the fold copies what it changes), so an unchanged ship
 * keeps its sheet object and its parse. What is handed out is shared, so it is frozen: code that
 * changed a parsed sheet in place would corrupt the next read, and fails loudly instead.
 */
const parses = new WeakMap<object, WeakMap<object, { ok: true; data: unknown } | { ok: false }>>();

function parsedOf<S>(
  schema: z.ZodMiniType<S>,
  value: unknown
): { ok: true; data: S } | { ok: false } {
  if (typeof value !== 'object' || value === null) {
    const r = schema.safeParse(value);
    return r.success ? { ok: true, data: r.data } : { ok: false };
  }
  let bySchema = parses.get(value);
  if (!bySchema) parses.set(value, (bySchema = new WeakMap()));
  const hit = bySchema.get(schema);
  if (hit) return hit as { ok: true; data: S } | { ok: false };
  const r = schema.safeParse(value);
  const entry = r.success
    ? { ok: true as const, data: deepFreeze(r.data) }
    : { ok: false as const };
  bySchema.set(schema, entry);
  return entry;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

/**
 * The ship's log as the system's sheet, or null when it does not parse (the roster flags it).
 * Read-only (frozen, shared between readers): write a changed copy back with `withSheets`.
 */
export function sheetOf<S>(schema: z.ZodMiniType<S>, ship: BattleShip | undefined): S | null {
  if (!ship) return null;
  const r = parsedOf(schema, ship.sheet);
  return r.ok ? r.data : null;
}

/**
 * The battle's system state; a battle set up before it had one gets `fallback()` (made once per
 * schema: it is that schema's default, whoever asks). Read-only as
 * `sheetOf`'s sheets are.
 */
export function systemOf<T>(schema: z.ZodMiniType<T>, state: BattleState, fallback: () => T): T {
  const r = parsedOf(schema, state.system);
  if (r.ok) return r.data;
  // One fallback per schema, so every read of such a battle is the same object (issue 39).
  let kept = fallbacks.get(schema) as T | undefined;
  if (kept === undefined) fallbacks.set(schema, (kept = deepFreeze(fallback())));
  return kept;
}

const fallbacks = new WeakMap<object, unknown>();

/** A new state with some sheets (and optionally the system state) replaced; unknown ids skipped. */
export function withSheets(
  state: BattleState,
  sheets: Record<string, unknown>,
  system?: unknown
): BattleState {
  const ships = { ...state.ships };
  for (const [id, sheet] of Object.entries(sheets)) {
    const ship = ships[id];
    if (ship) ships[id] = { ...ship, sheet: sheet as Json };
  }
  return system === undefined ? { ...state, ships } : { ...state, ships, system: system as Json };
}

/** A new state with the system state replaced. */
export function withSystem(state: BattleState, system: unknown): BattleState {
  return { ...state, system: system as Json };
}

/** The battle's ships in table order. */
export function shipsInOrder(state: BattleState): BattleShip[] {
  return Object.values(state.ships).sort((a, b) => a.order - b.order);
}
