import type { BattleShip, BattleState, Json } from '../engine/events';

/**
 * Reading and writing a battle state as one rule system's types: the one `sheetOf`, `withSheets` and
 * `systemOf` every system's moves, turn model and panels share.
 */

/**
 * Sheets and system states are read as stored, without a parse (issue 40: zod and every system's
 * schemas stay off a deep-linked battle's first screen). They are checked where they enter the log
 * instead: the sheet moves (battle/ship-moves.ts, add-ship.ts), an import (every state of the
 * imported log, db/backup-validate.ts), a merged live log (merge-recheck.ts) and the upgrade pass
 * of stored battles. So what the fold holds is a valid sheet, and a read only types it. What is handed
 * out is the state's own object, shared by every reader: never change it in place (write a changed
 * copy back with `withSheets`). It is not frozen: a calculator builds its scratch battle from its
 * inputs' reactive state, and freezing a Svelte $state proxy throws (state_descriptors_fixed), which
 * left the WW and M&C calculators without an answer (08a2ae1).
 */
function readAs<S>(value: unknown): S | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return value as S;
}

/**
 * The ship's log as the system's sheet, or null when the ship is missing or holds no log.
 * Read-only (shared between readers): write a changed copy back with `withSheets`.
 */
export function sheetOf<S>(ship: BattleShip | undefined): S | null {
  return ship ? readAs<S>(ship.sheet) : null;
}

/**
 * The battle's system state; a battle set up before it had one gets `fallback()` (made once per
 * `fallback`, which the system makes once: it is that system's default, whoever asks). Read-only
 * as `sheetOf`'s sheets are.
 */
export function systemOf<T>(state: BattleState, fallback: () => T): T {
  const read = readAs<T>(state.system);
  if (read !== null) return read;
  // One fallback per system, so every read of such a battle is the same object (issue 39).
  let kept = fallbacks.get(fallback) as T | undefined;
  if (kept === undefined) fallbacks.set(fallback, (kept = fallback()));
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
