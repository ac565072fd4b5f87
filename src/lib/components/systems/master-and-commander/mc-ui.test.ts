import { describe, expect, it } from 'vitest';
import { EMPTY_WIND_PANEL, parseWindPanel, splitFaces, strengthLabel } from './mc-ui';

describe('Master and Commander UI helpers', () => {
  it('labels strength with the dice it rolls', () => {
    expect(strengthLabel(2)).toBe('2 disks (3 dice)');
    expect(strengthLabel(0)).toBe('0 disks (1 die)');
    expect(strengthLabel(2, true)).toBe('2 disks (1 die)');
    expect(strengthLabel(-1)).toBe('sunk');
  });

  it('splits a roll into attacker and defender faces', () => {
    const roll = {
      source: 'entered' as const,
      dice: [6, 5, 2, 6, 4].map((face) => ({ sides: 6, face }))
    };
    expect(splitFaces(roll, 3)).toEqual([
      [6, 5, 2],
      [6, 4]
    ]);
  });

  it('restores the stored wind and hourglass start; bad or missing storage starts afresh', () => {
    const saved = {
      ...EMPTY_WIND_PANEL,
      wind: { from: 'S' },
      lastWindFace: 'S',
      hourglass: { seconds: 180, startedAt: 1000 }
    };
    expect(parseWindPanel(JSON.stringify(saved))).toEqual(saved);
    expect(parseWindPanel(null)).toEqual(EMPTY_WIND_PANEL);
    expect(parseWindPanel('{not json')).toEqual(EMPTY_WIND_PANEL);
    expect(parseWindPanel(JSON.stringify({ ...saved, extra: 1 }))).toEqual(EMPTY_WIND_PANEL);
  });
});
