import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftKey, isEngagementDraft, isMoveDrafts, sandRunOutAlarm, strengthLabel } from './mc-ui';
import { EMPTY_WIND_PANEL, parseWindPanel } from './mc-standalone';
import { loadDraft, saveDraft } from '$lib/state/drafts';
import { splitRoll, type McView } from '$lib/rules/master-and-commander/moves';

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

describe('move inputs kept over a reload (issue 16 #12)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeStorage(): Storage {
    const m = new Map<string, string>();
    return {
      get length() {
        return m.size;
      },
      clear: () => m.clear(),
      getItem: (k: string) => m.get(k) ?? null,
      key: (i: number) => [...m.keys()][i] ?? null,
      removeItem: (k: string) => void m.delete(k),
      setItem: (k: string, v: string) => void m.set(k, v)
    };
  }

  it('a draft is kept per battle, turn, player and phase; unreadable or absent ones start afresh', () => {
    vi.stubGlobal('sessionStorage', fakeStorage());
    const view = {
      system: { turn: 3, activePlayerId: 'Anna' },
      ships: [],
      invalidShipIds: []
    } as unknown as McView;
    const key = draftKey('b1', view, 1, 'moves');
    expect(key).toBe('quarterdeck:mc:draft:b1:3:Anna:1:moves');
    const draft = {
      s1: {
        forward: 2,
        turns: 0,
        heading: 'E' as const,
        location: 'sea' as const,
        isObstructed: false
      }
    };
    saveDraft(key, draft);
    expect(loadDraft(key, isMoveDrafts, {})).toEqual(draft);
    // Another step of the turn does not see it; a forgotten or damaged one gives the fallback.
    expect(loadDraft(draftKey('b1', view, 2, 'moves'), isMoveDrafts, {})).toEqual({});
    sessionStorage.setItem(key, '{"s1":{"forward":99}}');
    expect(loadDraft(key, isMoveDrafts, {})).toEqual({});
    sessionStorage.setItem(key, 'not json');
    expect(loadDraft(key, isMoveDrafts, {})).toEqual({});
    saveDraft(key, null);
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('an engagement draft reads back only in its own shape', () => {
    const draft = {
      mode: 'board',
      attacker: 's1',
      target: 's2',
      isMutualBroadside: true,
      isBoardingPosition: false,
      side: 'port'
    };
    expect(isEngagementDraft(draft)).toBe(true);
    expect(isEngagementDraft({ ...draft, mode: 'ram' })).toBe(false);
    expect(isEngagementDraft({ ...draft, side: undefined })).toBe(false);
    expect(isEngagementDraft({ ...draft, extra: 1 })).toBe(false);
    expect(isEngagementDraft({ ...draft, target: 'x'.repeat(201) })).toBe(false);
    expect(
      isMoveDrafts({
        s1: { forward: 7, turns: 0, heading: null, location: null, isObstructed: false }
      })
    ).toBe(false);
    expect(
      isMoveDrafts({
        s1: { forward: 6, turns: 0, heading: 'N', location: 'mist', isObstructed: false }
      })
    ).toBe(true);
  });

  it('without sessionStorage (or with a throwing one) nothing breaks', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => saveDraft('k', { a: 1 })).not.toThrow();
    expect(loadDraft('k', isMoveDrafts, {})).toEqual({});
  });
});
