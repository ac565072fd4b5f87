import { describe, expect, it } from 'vitest';
import { describeSheetChange } from './sheet-change';

describe('describeSheetChange', () => {
  it('names the field and both values', () => {
    expect(describeSheetChange('Surprise', { hull: { damage: 3 } }, { hull: { damage: 5 } })).toBe(
      'Surprise: hull damage 3 → 5'
    );
  });

  it('splits camelCase and counts changes past two', () => {
    const line = describeSheetChange(
      'Acasta',
      { crewRating: 0, sail: 1, masts: 3, marines: 4 },
      { crewRating: 1, sail: 2, masts: 2, marines: 4 }
    );
    expect(line).toBe('Acasta: crew rating 0 → 1, sail 1 → 2 and 1 more');
  });

  it('says when nothing changed', () => {
    expect(describeSheetChange('X', { a: 1 }, { a: 1 })).toBe('X: no change');
  });
});

describe('describeSheetChange in the system words (#14 item 11)', () => {
  it("names a Privateers officer's rating by his title", async () => {
    const { privateers } = await import('$lib/rules/privateers');
    const before = { officers: { firstLt: { rating: 0, present: true } } };
    const after = { officers: { firstLt: { rating: 1, present: true } } };
    expect(describeSheetChange('Surprise', before, after, privateers.describeField)).toBe(
      "Surprise: First Lieutenant's rating 0 → 1"
    );
  });

  it('falls back to the field path where the system names nothing', () => {
    const line = describeSheetChange('X', { a: { bC: 1 } }, { a: { bC: 2 } }, () => null);
    expect(line).toBe('X: a b c 1 → 2');
  });
});
