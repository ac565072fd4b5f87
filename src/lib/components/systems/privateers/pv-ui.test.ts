import { describe, expect, it } from 'vitest';
import type { BattleShip, Json } from '$lib/engine/events';
import { NO_DICE } from '$lib/rules/privateers/resolve-gunnery';
import { defaultSheet } from '$lib/rules/privateers/sheet';
import { chartOf, chartPatch, gunSideOptions, ratingOptions, shipOptions } from './pv-ui';
import { describeCounts, totalDice } from '$lib/rules/privateers/moves-gunnery';

describe('Privateers calculator helpers', () => {
  it('counts and names the dice of a toss by column', () => {
    const counts = { ...NO_DICE, swivelGrape: 1, ballLow: 2 };
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
