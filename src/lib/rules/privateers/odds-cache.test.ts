import { describe, expect, it } from 'vitest';
import { unchecked } from '../../engine/brute.test-helpers';
import * as checkedOdds from './odds';
import * as tasks from './odds-tasks';
import { DEFAULT_OPTIONS } from './options';
import { FRESH_TOSS, type FiringGun } from './resolve-gunnery';

const broadsideOdds = unchecked(checkedOdds.broadsideOdds);
const collisionOdds = unchecked(tasks.collisionOdds);

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

// collisionOdds keeps its answers by the rammer's sail and the dice reading (issue 39): the
// collision panel's charts are drawn again only when these change.
describe('collisionOdds cache', () => {
  it('answers the same sail and reading with the same odds, another with its own', () => {
    const a = collisionOdds(2, DEFAULT_OPTIONS);
    expect(collisionOdds(2, { ...DEFAULT_OPTIONS })).toBe(a);
    const faster = collisionOdds(3, DEFAULT_OPTIONS);
    expect(faster).not.toBe(a);
    expect(faster.rammed.values()).not.toEqual(a.rammed.values());
    const ballLow = collisionOdds(2, { ...DEFAULT_OPTIONS, collisionDiceAsFaceSum: false });
    expect(ballLow).not.toBe(a);
    expect(a.rammer.values()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ballLow.rammer.values()).not.toEqual(a.rammer.values());
  });
});
