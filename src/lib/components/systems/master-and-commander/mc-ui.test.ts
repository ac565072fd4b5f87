import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_WIND_PANEL, parseWindPanel, sandRunOutAlarm, strengthLabel } from './mc-ui';
import { splitRoll } from '$lib/rules/master-and-commander/moves';

describe('Master and Commander UI helpers', () => {
  it('labels strength with the dice it rolls', () => {
    expect(strengthLabel(2)).toBe('2 disks (3 dice)');
    expect(strengthLabel(0)).toBe('0 disks (1 die)');
    expect(strengthLabel(2, true)).toBe('2 disks (1 die)');
    expect(strengthLabel(-1)).toBe('sunk');
  });

  it('splits a roll into attacker and defender dice, each die keeping who rolled it', () => {
    const roll = {
      source: 'entered' as const,
      dice: [6, 5, 2, 6, 4].map((face, i) => ({
        sides: 6,
        face,
        source: i < 3 ? ('app' as const) : ('entered' as const)
      }))
    };
    const [a, d] = splitRoll(roll, [3, 2]);
    expect(a.dice.map((x) => [x.face, x.source])).toEqual([
      [6, 'app'],
      [5, 'app'],
      [2, 'app']
    ]);
    expect(d.dice.map((x) => [x.face, x.source])).toEqual([
      [6, 'entered'],
      [4, 'entered']
    ]);
  });

  describe('the sand-run-out alarm', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('vibrates, and beeps three times when a tap has made the audio context', () => {
      const vibrate = vi.fn();
      vi.stubGlobal('navigator', { vibrate });
      const starts: number[] = [];
      const osc = {
        frequency: { value: 0 },
        connect: () => ({ connect: () => undefined }),
        start: (t: number) => starts.push(t),
        stop: () => undefined
      };
      const gain = {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }
      };
      const audio = {
        currentTime: 10,
        destination: {},
        createOscillator: () => osc,
        createGain: () => gain
      };
      sandRunOutAlarm(audio as unknown as AudioContext);
      expect(vibrate).toHaveBeenCalledWith([300, 150, 300]);
      expect(starts).toEqual([10, 10.4, 10.8]);
      expect(osc.frequency.value).toBe(880);

      vibrate.mockClear();
      sandRunOutAlarm(null);
      expect(vibrate).toHaveBeenCalledTimes(1);
    });
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
