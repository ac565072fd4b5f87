/**
 * A hybrid logical clock (Kulkarni et al.; as in CRDT sync engines): every event of a live battle is
 * stamped with one, so the merged log has one order on every device whatever order the events
 * arrived in. A stamp is the wall time in ms and a counter, as 12 + 4 fixed-width lowercase hex
 * digits, so plain string comparison is the clock's order. A device's stamps only ever grow (a wall
 * clock set back only bumps the counter), and a device that has seen a remote stamp stamps its next
 * events after it: an undo always sorts after the action it undoes.
 */
export type Clock = string;

const MS_DIGITS = 12;
const COUNTER_DIGITS = 4;
const MAX_MS = 0xffff_ffff_ffff;
const MAX_COUNTER = 0xffff;

export const CLOCK_PATTERN = /^[0-9a-f]{16}$/;

export function isClock(v: unknown): v is Clock {
  return typeof v === 'string' && CLOCK_PATTERN.test(v);
}

export function formatClock(ms: number, counter: number): Clock {
  return (
    ms.toString(16).padStart(MS_DIGITS, '0') + counter.toString(16).padStart(COUNTER_DIGITS, '0')
  );
}

/** The stamp's wall time and counter (a malformed stamp reads as 0, 0). */
export function parseClock(clock: Clock): { ms: number; counter: number } {
  if (!isClock(clock)) return { ms: 0, counter: 0 };
  return {
    ms: parseInt(clock.slice(0, MS_DIGITS), 16),
    counter: parseInt(clock.slice(MS_DIGITS), 16)
  };
}

function wall(nowMs: number): number {
  if (!Number.isFinite(nowMs) || nowMs < 0) return 0;
  return Math.min(Math.floor(nowMs), MAX_MS);
}

/** The stamp after (ms, counter): the counter's overflow moves into the next millisecond. */
function after(ms: number, counter: number): Clock {
  if (counter < MAX_COUNTER) return formatClock(ms, counter + 1);
  if (ms < MAX_MS) return formatClock(ms + 1, 0);
  // The end of time (year 10889): stays put rather than wrapping round.
  return formatClock(MAX_MS, MAX_COUNTER);
}

/** The stamp for a new local event: strictly greater than `last` (this device's newest stamp). */
export function tickClock(last: Clock | null, nowMs: number): Clock {
  const now = wall(nowMs);
  if (last === null || !isClock(last)) return formatClock(now, 0);
  const l = parseClock(last);
  if (now > l.ms) return formatClock(now, 0);
  return after(l.ms, l.counter);
}

/**
 * The device's clock after receiving a remote stamp: greater than both `last` and `remote`, so what
 * this device stamps next sorts after everything it has seen.
 */
export function receiveClock(last: Clock | null, remote: Clock, nowMs: number): Clock {
  if (!isClock(remote)) return tickClock(last, nowMs);
  const now = wall(nowMs);
  const r = parseClock(remote);
  const l = last !== null && isClock(last) ? parseClock(last) : { ms: -1, counter: 0 };
  const ms = Math.max(now, r.ms, l.ms);
  if (ms === now && ms > r.ms && ms > l.ms) return formatClock(ms, 0);
  const counter = Math.max(ms === r.ms ? r.counter : -1, ms === l.ms ? l.counter : -1);
  return after(ms, counter);
}
