import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clockSchema } from './events-schema';
import { formatClock, parseClock, receiveClock, tickClock, type Clock } from './clock';

describe('hybrid logical clock', () => {
  it('stamps sort as strings in time order, fixed width', () => {
    const a = tickClock(null, 1_767_000_000_000);
    const b = tickClock(null, 1_767_000_000_001);
    expect(a).toHaveLength(16);
    expect(a < b).toBe(true);
    expect(clockSchema.safeParse(a).success).toBe(true);
    expect(clockSchema.safeParse('0190A1B2C3D40001').success).toBe(false);
    expect(parseClock(formatClock(1234, 5))).toEqual({ ms: 1234, counter: 5 });
  });

  it('ticks strictly forward even when the wall clock stands still or goes back', () => {
    const a = tickClock(null, 5000);
    const b = tickClock(a, 5000);
    const c = tickClock(b, 10);
    expect(a < b && b < c).toBe(true);
    expect(parseClock(c)).toEqual({ ms: 5000, counter: 2 });
  });

  it('after receiving a remote stamp from a fast clock, the next local stamp sorts after it', () => {
    const remote = tickClock(null, 9_000_000);
    const local = receiveClock(tickClock(null, 1000), remote, 1000);
    expect(local > remote).toBe(true);
    expect(tickClock(local, 1001) > remote).toBe(true);
  });

  it('tick and receive are strictly increasing for any wall times and remote stamps (property)', () => {
    const step = fc.oneof(
      fc.record({ now: fc.integer({ min: -10, max: 2 ** 49 }) }),
      fc.record({
        now: fc.integer({ min: 0, max: 2 ** 49 }),
        remote: fc.tuple(
          fc.integer({ min: 0, max: 2 ** 48 - 1 }),
          fc.integer({ min: 0, max: 0xffff })
        )
      })
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        let last: Clock | null = null;
        for (const s of steps) {
          let next: Clock;
          if ('remote' in s) {
            const remote = formatClock(s.remote[0], s.remote[1]);
            next = receiveClock(last, remote, s.now);
            // The end of time is the one stamp that cannot grow.
            if (remote !== 'ffffffffffffffff') expect(next > remote).toBe(true);
          } else next = tickClock(last, s.now);
          if (last !== null && last !== 'ffffffffffffffff') expect(next > last).toBe(true);
          expect(clockSchema.safeParse(next).success).toBe(true);
          last = next;
        }
      })
    );
  });
});
