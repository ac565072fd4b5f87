// The hourglass (SPEC A.4.3 steps 3–5), the wind move's clock: only the turn-over time is stored,
// so a reload keeps the right time. The wind move, its preview (wind-preview.ts), the turn model
// and the battle's status bar all read the sand through these, so they never disagree.
import { clockRemainingMs, formatClockMs, type TurnClock } from '../../engine/turn-status';

export interface Hourglass {
  seconds: number;
  startedAt: number | null;
}

/** The glass as a turn clock: its stored turn-over time and the sand it holds. */
export function hourglassClock(h: Hourglass): TurnClock {
  return {
    label: 'Hourglass',
    endsAt: hourglassEndsAt(h),
    remainingMs: null,
    durationMs: h.seconds * 1000
  };
}

/**
 * Milliseconds of sand left at `now`; null when the hourglass has not been turned. The battle's
 * status bar reads the same clock (`clockRemainingMs`), so the two never disagree (issue 32 #9); a
 * turn-over time ahead of `now` (a clock set back) reads as a freshly turned glass, never more.
 */
export function hourglassRemainingMs(h: Hourglass, now: number): number | null {
  return clockRemainingMs(hourglassClock(h), now);
}

/** True once all the sand has run through. */
export function isSandRunOut(h: Hourglass, now: number): boolean {
  const left = hourglassRemainingMs(h, now);
  return left !== null && left === 0;
}

/** "2:59", rounding up so the glass reads 0:00 only when it is empty. */
export const formatHourglass = formatClockMs;

/** The instant the sand runs out, for scheduling the alert; null when not turned. */
export function hourglassEndsAt(h: Hourglass): number | null {
  return h.startedAt === null ? null : h.startedAt + h.seconds * 1000;
}

/** Turns the hourglass over at `now` (by hand, or after a wind roll). */
export function turnHourglass(h: Hourglass, now: number): Hourglass {
  return { ...h, startedAt: now };
}
