import type { BattleEvent } from '$lib/battle/events';
import {
  clockRemainingMs,
  formatClockMs,
  type TurnClock,
  type TurnStatus
} from '$lib/rules/turn-status';

/** "2:05" for a running or stopped glass, "Sand run out" once it is empty. The sand left is the
 *  turn model's one reading of the stored turn-over time, as the system's own glass shows it. */
export function clockText(clock: TurnClock, now: number): string {
  const ms = clockRemainingMs(clock, now);
  if (ms === null) return 'not turned';
  if (ms <= 0) return 'sand run out';
  const text = formatClockMs(ms);
  return clock.endsAt === null ? `${text} (stopped)` : `${text} left`;
}

/** Whether the clock needs a tick every second (a glass running with sand left). */
export function isTicking(clock: TurnClock | null, now: number): boolean {
  return clock !== null && clock.endsAt !== null && clock.endsAt > now;
}

/** "3 ships to act", "1 ship to act", "" when none. */
export function toActText(status: TurnStatus): string {
  const n = status.toAct.length;
  if (n === 0) return status.pending.length > 0 ? `${status.pending.length} pending` : 'all done';
  return `${n} ship${n === 1 ? '' : 's'} to act`;
}

/** "Phase 2 of 6" style position, or '' when the system has a single step. */
export function stepPosition(status: TurnStatus): string {
  return status.step.count > 1 ? `${status.step.index + 1}/${status.step.count}` : '';
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

/** Side colours for the fleet list, picked by the side's name so a side keeps its colour. */
const SIDE_COLOURS = ['#d9534f', '#4a90d9', '#e8b04a', '#5cb85c', '#9b6bd6', '#3fb7b0', '#e07b39'];

export function sideColour(side: string): string {
  if (!side) return 'var(--border)';
  let h = 0;
  for (let i = 0; i < side.length; i++) h = (h * 31 + side.charCodeAt(i)) >>> 0;
  return SIDE_COLOURS[h % SIDE_COLOURS.length];
}
