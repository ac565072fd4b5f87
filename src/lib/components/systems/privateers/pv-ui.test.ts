import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '$lib/rules/privateers/options';
import { NO_DICE } from '$lib/rules/privateers/resolve-gunnery';
import { describeCounts, planFire, tossDiceSpecs, tossFromFaces, totalDice } from './pv-ui';

describe('Privateers calculator helpers', () => {
  it('plans a fire group: one gun per hit roll, the Gunner on the first gun of his group', () => {
    const r = planFire(
      {
        groups: [
          { cls: 'medium', count: 2, load: 'ball', doubleShotted: 1, extraHeavyDice: 0 },
          { cls: 'swivel', count: 1, load: 'ball', doubleShotted: 0, extraHeavyDice: 0 }
        ],
        gunnerGroup: 0,
        range: 18,
        aim: 'low',
        firerSail: 1,
        isLandBased: false,
        isFortification: false
      },
      DEFAULT_OPTIONS
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value.band).toBe('medium');
    expect(r.value.guns.map((g) => [g.label, g.threshold, g.dice, g.column, g.doubleShot])).toEqual(
      [
        ['Medium 1 (Gunner)', 8, 2, 'ballLow', true],
        ['Medium 2', 6, 2, 'ballLow', false],
        ['Swivel 1', 6, 1, 'swivelGrape', false]
      ]
    );
  });
  it('refuses impossible fire (Full Sail, high at long range, out of range, no guns)', () => {
    const base = {
      groups: [
        {
          cls: 'light' as const,
          count: 1,
          load: 'ball' as const,
          doubleShotted: 0,
          extraHeavyDice: 0
        }
      ],
      gunnerGroup: -1,
      range: 10,
      aim: 'low' as const,
      firerSail: 1 as const,
      isLandBased: false,
      isFortification: false
    };
    expect(planFire({ ...base, firerSail: 3 }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(planFire({ ...base, range: 30, aim: 'high' }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(planFire({ ...base, range: 40 }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(
      planFire({ ...base, groups: [{ ...base.groups[0], count: 0 }] }, DEFAULT_OPTIONS).ok
    ).toBe(false);
  });
  it('maps toss dice to pad specs and back by column', () => {
    const counts = { ...NO_DICE, swivelGrape: 1, ballLow: 2 };
    expect(tossDiceSpecs(counts)).toEqual([
      { count: 1, sides: 6, label: 'Swivel/Grape' },
      { count: 2, sides: 6, label: 'Ball Low' }
    ]);
    expect(tossFromFaces(counts, [6, 1, 2])).toEqual([
      { column: 'swivelGrape', face: 6 },
      { column: 'ballLow', face: 1 },
      { column: 'ballLow', face: 2 }
    ]);
    expect(totalDice(counts)).toBe(3);
    expect(describeCounts(counts)).toBe('1 Swivel/Grape + 2 Ball Low');
  });
});
