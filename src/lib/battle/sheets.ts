import type * as z from 'zod/mini';
import type { BattleShip, BattleState, Json } from './events';

/**
 * Reading and writing a battle state as one rule system's types: the one `sheetOf`, `withSheets` and
 * `systemOf` every system's moves, turn model and panels share (each passes its own schema).
 */

/** The ship's log as the system's sheet, or null when it does not parse (the roster flags it). */
export function sheetOf<S>(schema: z.ZodMiniType<S>, ship: BattleShip | undefined): S | null {
  if (!ship) return null;
  const r = schema.safeParse(ship.sheet);
  return r.success ? r.data : null;
}

/** The battle's system state; a battle set up before it had one gets `fallback()`. */
export function systemOf<T>(schema: z.ZodMiniType<T>, state: BattleState, fallback: () => T): T {
  const r = schema.safeParse(state.system);
  return r.success ? r.data : fallback();
}

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
