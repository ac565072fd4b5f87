import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'svelte/server';
import type { BattleEvent } from '$lib/engine/events';
import { leftUndoneOf, plainStatus, type TurnStatus } from '$lib/engine/turn-status';
import {
  annaFirst,
  must,
  twoPlayerGame,
  viewOf,
  windRoll
} from '$lib/rules/master-and-commander/moves.testkit';
import { formatHourglass, hourglassRemainingMs } from '$lib/rules/master-and-commander/hourglass';
import { turnStatus as mcTurnStatus } from '$lib/rules/master-and-commander/turn';
import { DEFAULT_OPTIONS } from '$lib/rules/master-and-commander/options';
import McStatus from '$lib/components/systems/master-and-commander/McStatus.svelte';
import McWindHourglass from '$lib/components/systems/master-and-commander/McWindHourglass.svelte';
import AdvanceButton from './AdvanceButton.svelte';
import StatusBar from './StatusBar.svelte';
import { clockText, isTicking, startsTurn, toActText, turnSummary } from './status';

// A stub turn model's answer, as a system's `turnStatus` gives it.
const toAct = [
  { shipId: 'a', name: 'Surprise', needs: [{ id: 'move', label: 'Move' }] },
  { shipId: 'b', name: 'Acheron', needs: [{ id: 'move', label: 'Move' }] }
];
const pending = [{ id: 'wind', label: 'Roll the wind', isBlocking: true }];
const STUB: TurnStatus = {
  ...plainStatus(3, 1, ['Wind', 'Movement', 'Combat']),
  active: { kind: 'player', id: 'p1', name: 'Jack', color: '#c0392b' },
  wind: 'Wind from NE',
  clock: { label: 'Hourglass', endsAt: 100_000 + 95_000, remainingMs: null },
  toAct,
  pending,
  leftUndone: leftUndoneOf(toAct, pending)
};

describe('status bar', () => {
  it('shows turn, step, whose turn with colour, wind, sand left and ships to act', () => {
    const { body } = render(StatusBar, { props: { status: STUB, now: 100_000 } });
    expect(body).toContain('Turn 3');
    expect(body).toContain('2/3');
    expect(body).toContain('Movement');
    expect(body).toContain('Jack');
    expect(body).toContain('--party: #c0392b');
    expect(body).toContain('Wind from NE');
    expect(body).toContain('Hourglass: 1:35 left');
    expect(body).toContain('2 ships to act');
  });

  it('words the clock and what is left', () => {
    const clock = { label: 'Hourglass', endsAt: 10_000, remainingMs: null };
    expect(clockText(clock, 9_001)).toBe('0:01 left');
    expect(clockText(clock, 10_000)).toBe('sand run out');
    expect(clockText({ ...clock, endsAt: null, remainingMs: 61_000 }, 0)).toBe('1:01 (stopped)');
    expect(isTicking(clock, 9_000)).toBe(true);
    expect(isTicking(clock, 10_000)).toBe(false);
    expect(toActText({ ...STUB, toAct: toAct.slice(0, 1) })).toBe('1 ship to act');
    expect(toActText(plainStatus(1, 0, []))).toBe('all done');
  });
});

describe('advancing with work left', () => {
  it('names what is left once asked (the list comes from the turn model)', () => {
    expect(STUB.leftUndone).toEqual(['Move: Surprise, Acheron', 'Roll the wind']);
    const { body } = render(AdvanceButton, {
      props: {
        label: 'Next phase',
        step: 'turn 3, Movement',
        leftUndone: STUB.leftUndone,
        onadvance: () => {}
      }
    });
    expect(body).toContain('>Next phase</button>');
  });
});

describe('the turn just ended', () => {
  const ev = (kind: string, summary: string, turn = false): BattleEvent => ({
    id: summary,
    battleId: 'b',
    seq: 1,
    deviceId: 'd',
    at: 0,
    kind,
    summary,
    ops: turn ? [{ op: 'set', path: ['turn'], value: 2, prev: 1 }] : []
  });

  it('lists the actions since the previous new turn, without the phase steps', () => {
    const done = [
      ev('turn.advance', 'Turn 2 begins', true),
      ev('pv.reload', 'Surprise reloads'),
      ev('phase.advance', 'Turn 2: Movement'),
      ev('pv.morale', 'Acheron passes morale'),
      ev('turn.advance', 'Turn 3 begins', true)
    ];
    expect(startsTurn(done[0])).toBe(true);
    expect(turnSummary(done)).toEqual({
      lines: ['Surprise reloads', 'Acheron passes morale'],
      more: 0
    });
  });
});

describe('issue 32 #9: one hourglass, one reading', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the status bar and the panels read the stored turn-over time alike, on a clock set back', () => {
    // Anna rolls the Wind Die at 20:10:00: the glass is turned over then (its stored time).
    const turnedAt = Date.UTC(2026, 10, 29, 20, 10, 0);
    let s = annaFirst(twoPlayerGame('basic'), [6, 1]);
    s = must(windRoll(s, viewOf(s), 4, turnedAt)).next;
    // The page reopened on a device whose clock reads 2:37 earlier than the stored turn-over.
    const now = turnedAt - 157_000;
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const status = mcTurnStatus(s, { options: {}, variant: 'basic', now });
    const view = viewOf(s);
    expect(clockText(status.clock!, now)).toBe('3:00 left');
    const bar = render(StatusBar, { props: { status, now } }).body;
    expect(bar).toContain('Hourglass: 3:00 left');
    const opts = DEFAULT_OPTIONS;
    const panel = render(McStatus, { props: { view, status } }).body;
    expect(panel).toMatch(/data-testid="mc-battle-hourglass"[^>]*>\s*3:00\s*</);
    const noop = (): void => {};
    const glass = render(McWindHourglass, {
      props: { battle: s, opts, now, onwind: noop, onglass: noop, onstorm: noop }
    }).body;
    expect(glass).toMatch(/data-testid="mc-hourglass"[^>]*>\s*3:00\s*</);
    // A minute after the turn-over, all three read 2:00.
    const later = turnedAt + 60_000;
    expect(clockText(status.clock!, later)).toBe('2:00 left');
    expect(formatHourglass(hourglassRemainingMs(view.system.hourglass, later) ?? 0)).toBe('2:00');
  });
});
