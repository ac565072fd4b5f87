import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_WIND_PANEL,
  parseWindPanel,
  sandRunOutAlarm,
  settle,
  splitFaces,
  strengthLabel
} from './mc-ui';

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

  it('settles a step: a refusal is shown, nothing recorded; success clears it and records', () => {
    const shown: string[] = [];
    const recorded: number[] = [];
    const show = (m: string): void => {
      shown.push(m);
    };
    const record = (v: number): void => {
      recorded.push(v);
    };
    settle({ ok: false, error: 'Not your turn.' }, show, record);
    expect(shown).toEqual(['Not your turn.']);
    expect(recorded).toEqual([]);
    settle({ ok: true, value: 4 }, show, record);
    expect(shown).toEqual(['Not your turn.', '']);
    expect(recorded).toEqual([4]);
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
