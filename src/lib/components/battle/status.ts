import type { BattleEvent } from '$lib/engine/events';
import type { TurnStatus } from '$lib/engine/turn-status';

// The clock's and the step's wording and a side's colour live with the turn model (one module the
// battle page and the table display both load), and are read from here as before.
export { clockText, isTicking, sideColour, stepPosition } from '$lib/engine/turn-status';

/** "3 ships to act", "1 ship to act", "" when none. */
export function toActText(status: TurnStatus): string {
  const n = status.toAct.length;
  if (n === 0) return status.pending.length > 0 ? `${status.pending.length} pending` : 'all done';
  return `${n} ship${n === 1 ? '' : 's'} to act`;
}

/** Whether an event moved the battle to a new turn (the ops set `turn`). */
export function startsTurn(event: Pick<BattleEvent, 'ops'>): boolean {
  return event.ops.some((op) => op.op === 'set' && op.path.length === 1 && op.path[0] === 'turn');
}

/**
 * The turn just ended, from the log: the actions in effect since the previous new turn, without
 * the phase steps, newest last. `done` is `history.done` (undone actions left out); the last entry
 * is the one that began the new turn.
 */
export function turnSummary(
  done: readonly BattleEvent[],
  limit = 8
): {
  lines: string[];
  more: number;
} {
  const end = done.length - 1;
  let start = end - 1;
  while (start >= 0 && !startsTurn(done[start])) start--;
  const lines = done
    .slice(start + 1, end)
    .filter((e) => e.kind !== 'phase.advance' && !e.kind.endsWith('.next-step'))
    .map((e) => e.summary);
  return { lines: lines.slice(-limit), more: Math.max(0, lines.length - limit) };
}
