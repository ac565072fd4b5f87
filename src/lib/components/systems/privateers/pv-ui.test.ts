import { describe, expect, it } from 'vitest';
import type { BattleShip, Json } from '$lib/engine/events';
import { DEFAULT_OPTIONS } from '$lib/rules/privateers/options';
import { NO_DICE } from '$lib/rules/privateers/resolve-gunnery';
import { defaultSheet } from '$lib/rules/privateers/sheet';
import {
  chartOf,
  chartPatch,
  describeCounts,
  gunSideOptions,
  planFire,
  ratingOptions,
  shipOptions,
  tossDiceSpecs,
  tossFromFaces,
  totalDice
} from './pv-ui';

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
  it('names the roster ships in a select by their log, or by id where the log is unreadable', () => {
    const ship = (id: string, sheet: Json): BattleShip => ({
      id,
      side: 'GB',
      player: '',
      order: 0,
      sheet
    });
    const log = defaultSheet({ name: 'Surprise' });
    expect(shipOptions([ship('a', log), ship('b', { not: 'a log' })])).toEqual([
      { value: 'a', label: 'Surprise' },
      { value: 'b', label: 'b' }
    ]);
  });
  it('titles ratings 0–2 from the Rating chart for each officer and the crew', () => {
    expect(ratingOptions('captain')).toEqual([
      { value: 0, label: 'Landlubber (0)' },
      { value: 1, label: 'Sea Dog (1)' },
      { value: 2, label: 'Old Salt (2)' }
    ]);
    expect(ratingOptions('crew').map((o) => o.label)).toEqual([
      'Swabs (0)',
      'Seaman (1)',
      'Tars (2)'
    ]);
  });
  it('offers a fortification only land guns and a ship its sides, bow and stern', () => {
    expect(gunSideOptions(true).map((o) => o.value)).toEqual(['land']);
    expect(gunSideOptions(false).map((o) => o.value)).toEqual([
      'starboard',
      'larboard',
      'bow',
      'stern'
    ]);
  });
  it('a chart change keeps the ship log consistent with its new totals', () => {
    // EXAMPLE log: 3 masts (1 lost), 40 crew (30 left), 2 boats (2 lowered), 50 hull (12 damage).
    const base = defaultSheet({ name: 'Surprise' });
    const s = {
      ...base,
      masts: 3,
      mastsLost: 1,
      crew: { initial: 40, current: 30 },
      marines: { initial: 0, current: 0 },
      boats: { total: 2, lowered: 2 },
      hull: { points: 50, damage: 12 }
    };
    expect(chartOf(s)).toMatchObject({ masts: 3, crew: 40, boats: 2, hullPoints: 50 });
    expect(chartPatch(s, { masts: 0 })).toEqual({ masts: 0, mastsLost: 0 });
    expect(chartPatch(s, { crew: 20 })).toEqual({ crew: { initial: 20, current: 20 } });
    expect(chartPatch(s, { crew: 60 })).toEqual({ crew: { initial: 60, current: 30 } });
    // A log with no marines yet starts them full.
    expect(chartPatch(s, { marines: 8 })).toEqual({ marines: { initial: 8, current: 8 } });
    expect(chartPatch(s, { boats: 1 })).toEqual({ boats: { total: 1, lowered: 1 } });
    expect(chartPatch(s, { hullPoints: 60 })).toEqual({ hull: { points: 60, damage: 12 } });
    expect(chartPatch(s, { rig: 'foreAndAft', bowsprit: true })).toEqual({
      rig: 'foreAndAft',
      bowsprit: true
    });
  });
});
