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

  it('formats a time of day the way the locale does', () => {
    const expected = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(
      new Date(at)
    );
    expect(formatTime(at)).toBe(expected);
  });
});
