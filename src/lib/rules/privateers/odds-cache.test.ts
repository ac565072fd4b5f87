import { describe, expect, it } from 'vitest';
import { unchecked } from '../../engine/brute.test-helpers';
import * as checkedOdds from './odds';
import { DEFAULT_OPTIONS } from './options';
import { FRESH_TOSS, type FiringGun } from './resolve-gunnery';

const broadsideOdds = unchecked(checkedOdds.broadsideOdds);

// broadsideOdds keeps the last answers by their inputs (issue 18): the same inputs give the same
// answer, any changed input a fresh one.

const guns = (n: number, threshold = 7): FiringGun[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `g${i}`,
    dice: 1,
    column: 'ballLow',
    doubleShot: false,
    threshold
  }));

describe('broadsideOdds cache', () => {
  it('answers equal inputs with the same odds, and changed inputs with their own', () => {
    const rakes = { stern: false, bow: false };
    const a = broadsideOdds(guns(2), 'low', rakes, DEFAULT_OPTIONS, FRESH_TOSS);
    const again = broadsideOdds(guns(2), 'low', rakes, { ...DEFAULT_OPTIONS }, { ...FRESH_TOSS });
    expect(again).toBe(a);
    const other = broadsideOdds(guns(2, 9), 'low', rakes, DEFAULT_OPTIONS, FRESH_TOSS);
    expect(other).not.toBe(a);
    expect(other.perGun[0].p).not.toEqual(a.perGun[0].p);
    const spent = broadsideOdds(guns(2), 'low', rakes, DEFAULT_OPTIONS, { isCriticalSpent: true });
    expect(spent.pCritical).not.toEqual(a.pCritical);
  });
});
