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
