import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './dates';

describe('date formatting', () => {
  const at = Date.UTC(2026, 10, 30, 13, 5);

  it('formats a date and time the way the locale does', () => {
    const expected = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short'
    }).format(new Date(at));
    expect(formatDateTime(at)).toBe(expected);
    expect(formatDateTime(at + 60_000)).not.toBe(expected);
  });

  it("writes a log time on the 24-hour clock in the device's local time", () => {
    expect(formatTime(new Date(2026, 10, 30, 13, 5).getTime())).toBe('13:05');
    expect(formatTime(new Date(2026, 10, 30, 9, 7).getTime())).toBe('09:07');
    expect(formatTime(new Date(2026, 10, 30, 0, 0).getTime())).toBe('00:00');
    expect(formatTime(new Date(2026, 10, 30, 23, 59, 59).getTime())).toBe('23:59');
  });

  it('says the time is unknown rather than throw on a time no Date holds', () => {
    expect(formatTime(8.64e15 + 1)).toBe('unknown time');
    expect(formatTime(Number.NaN)).toBe('unknown time');
  });
});
