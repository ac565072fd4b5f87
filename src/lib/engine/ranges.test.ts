import { describe, expect, it } from 'vitest';
import { isAscending, lookupRange, type RangeBand } from './ranges';
import { err, ok } from './result';

/** EXAMPLE ONLY bands (not from any rule text): short up to 6, medium up to 18, long up to 30. */
const EXAMPLE_BANDS: readonly RangeBand<'short' | 'medium' | 'long'>[] = [
  { upTo: 6, value: 'short' },
  { upTo: 18, value: 'medium' },
  { upTo: 30, value: 'long' }
];

describe('lookupRange', () => {
  it('uses inclusive upper bounds', () => {
    expect(lookupRange(EXAMPLE_BANDS, 0)).toBe('short');
    expect(lookupRange(EXAMPLE_BANDS, 6)).toBe('short');
    expect(lookupRange(EXAMPLE_BANDS, 6.5)).toBe('medium');
    expect(lookupRange(EXAMPLE_BANDS, 18)).toBe('medium');
    expect(lookupRange(EXAMPLE_BANDS, 30)).toBe('long');
  });

  it('is undefined beyond the last band, for NaN and for an empty table', () => {
    expect(lookupRange(EXAMPLE_BANDS, 30.01)).toBeUndefined();
    expect(lookupRange(EXAMPLE_BANDS, Number.NaN)).toBeUndefined();
    expect(lookupRange([], 1)).toBeUndefined();
  });

  it('checks a table is ascending', () => {
    expect(isAscending(EXAMPLE_BANDS)).toBe(true);
    expect(isAscending([EXAMPLE_BANDS[1], EXAMPLE_BANDS[0]])).toBe(false);
    expect(isAscending([EXAMPLE_BANDS[0], EXAMPLE_BANDS[0]])).toBe(false);
  });
});

describe('Result', () => {
  it('carries a value or an error', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(err('bad face')).toEqual({ ok: false, error: 'bad face' });
  });
});
