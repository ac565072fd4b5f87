import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from './options';
import { formatHourglass, hourglassEndsAt, hourglassRemainingMs, isSandRunOut } from './hourglass';
import {
  applyAllowance,
  applyFirstPlayer,
  applyStormRoll,
  applyWind,
  beginShipTurn,
  isWindRollDue,
  moveStep,
  movementAllowance,
  nextPlayerId,
  passTurn,
  pointOfSail,
  resolveFirstPlayer,
  resolveWind,
  windFaceFromPip
} from './resolve-wind';
import { defaultSheet, defaultSystemState, type Sheet } from './sheet';
import { systemStateSchema } from './sheet-schema';

const T0 = 1_790_000_000_000; // a fixed clock for the tests (ms epoch)

function basicState() {
  return defaultSystemState({
    variant: 'basic',
    players: [
      { id: 'p1', homeport: 'N' },
      { id: 'p2', homeport: 'E' },
      { id: 'p3', homeport: 'S' }
    ]
  });
}

describe('wind die (SPEC A.4.3)', () => {
  it('N/S/E/W set the wind from that side; Storm starts a storm', () => {
    expect(resolveWind(null, 'N', DEFAULT_OPTIONS)).toMatchObject({
      kind: 'set',
      wind: { from: 'N' }
    });
    expect(resolveWind({ from: 'N' }, 'STORM', DEFAULT_OPTIONS)).toMatchObject({
      kind: 'set',
      wind: { storm: true },
      isChange: true
    });
  });

  it('Steady keeps the wind; with no wind yet it is rolled again; in a storm the storm continues', () => {
    expect(resolveWind({ from: 'W' }, 'STEADY', DEFAULT_OPTIONS)).toMatchObject({
      kind: 'set',
      wind: { from: 'W' },
      isChange: false
    });
    expect(resolveWind(null, 'STEADY', DEFAULT_OPTIONS).kind).toBe('reroll');
    expect(resolveWind({ storm: true }, 'STEADY', DEFAULT_OPTIONS)).toMatchObject({
      kind: 'set',
      wind: { storm: true }
    });
    expect(resolveWind({ storm: true }, 'STEADY', { steadyAfterStorm: 'reroll' }).kind).toBe(
      'reroll'
    );
  });

  it('a d6 in place of the Wind Die maps through the table; 7 is refused', () => {
    expect(windFaceFromPip(5)).toEqual({ ok: true, value: 'STORM' });
    expect(windFaceFromPip(7).ok).toBe(false);
  });
});

describe('the hourglass keeps time across a reload (only the start time is stored)', () => {
  it('counts down three minutes from the wind roll and runs out', () => {
    const state = applyWind(basicState(), resolveWind(null, 'S', DEFAULT_OPTIONS), T0);
    expect(state.hourglass.startedAt).toBe(T0);
    expect(hourglassRemainingMs(state.hourglass, T0)).toBe(180_000);
    expect(hourglassRemainingMs(state.hourglass, T0 + 61_500)).toBe(118_500);
    expect(formatHourglass(118_500)).toBe('1:59');
    expect(isSandRunOut(state.hourglass, T0 + 179_999)).toBe(false);
    expect(isSandRunOut(state.hourglass, T0 + 180_000)).toBe(true);
    expect(formatHourglass(0)).toBe('0:00');
    expect(hourglassEndsAt(state.hourglass)).toBe(T0 + 180_000);
  });

  it('a reload (state serialised, parsed back, new clock reading) shows the same remaining time', () => {
    const state = applyWind(basicState(), resolveWind(null, 'E', DEFAULT_OPTIONS), T0);
    const reloaded = systemStateSchema.parse(JSON.parse(JSON.stringify(state)));
    const now = T0 + 100_000; // the page comes back 100 s later
    expect(hourglassRemainingMs(reloaded.hourglass, now)).toBe(80_000);
    expect(isWindRollDue(reloaded, now)).toBe(false);
    expect(isWindRollDue(reloaded, T0 + 200_000)).toBe(true);
  });

  it('not turned yet: no time; a clock set back never shows more than a full glass', () => {
    expect(hourglassRemainingMs({ seconds: 180, startedAt: null }, T0)).toBeNull();
    expect(hourglassRemainingMs({ seconds: 180, startedAt: T0 }, T0 - 5000)).toBe(180_000);
  });

  it('sand running out mid-turn leaves the wind; the next player must roll before their turn', () => {
    let state = applyWind(basicState(), resolveWind(null, 'N', DEFAULT_OPTIONS), T0);
    state = applyFirstPlayer(state, 'p1');
    // The glass empties during p1's turn: the wind stays N for p1.
    expect(state.wind).toEqual({ from: 'N' });
    state = passTurn(state, T0 + 190_000);
    expect(state.activePlayerId).toBe('p2');
    expect(state.windRollPending).toBe(true);
    state = applyWind(state, resolveWind(state.wind, 'STEADY', DEFAULT_OPTIONS), T0 + 195_000);
    expect(state.windRollPending).toBe(false);
    expect(state.wind).toEqual({ from: 'N' });
    expect(state.hourglass.startedAt).toBe(T0 + 195_000);
    // The next pass within three minutes needs no roll.
    state = passTurn(state, T0 + 250_000);
    expect(state.windRollPending).toBe(false);
    expect(state.turn).toBe(3);
  });

  it('the first wind roll is due before the first turn; never in the Beginner game', () => {
    expect(isWindRollDue(basicState(), T0)).toBe(true);
    expect(isWindRollDue(defaultSystemState({ variant: 'beginner' }), T0)).toBe(false);
  });
});

describe('first player and turn order (SPEC A.4.2)', () => {
  it('the highest roll goes first; tied highest rollers roll again', () => {
    expect(
      resolveFirstPlayer([
        { playerId: 'a', face: 3 },
        { playerId: 'b', face: 6 },
        { playerId: 'c', face: 5 }
      ])
    ).toEqual({ ok: true, value: { kind: 'first', playerId: 'b', high: 6 } });
    expect(
      resolveFirstPlayer([
        { playerId: 'a', face: 6 },
        { playerId: 'b', face: 2 },
        { playerId: 'c', face: 6 }
      ])
    ).toEqual({ ok: true, value: { kind: 'reroll', playerIds: ['a', 'c'], high: 6 } });
    expect(resolveFirstPlayer([{ playerId: 'a', face: 0 }]).ok).toBe(false);
  });

  it('turn passes to the left, skipping eliminated players', () => {
    const state = basicState();
    expect(nextPlayerId(state, 'p1')).toBe('p2');
    expect(nextPlayerId(state, 'p3')).toBe('p1');
    const out = {
      ...state,
      players: state.players.map((p) => (p.id === 'p2' ? { ...p, isEliminated: true } : p))
    };
    expect(nextPlayerId(out, 'p1')).toBe('p3');
  });

  it('a storm roll is one d6 for the player’s whole turn, cleared when the turn passes', () => {
    let state = applyWind(basicState(), resolveWind(null, 'STORM', DEFAULT_OPTIONS), T0);
    const rolled = applyStormRoll(state, 4);
    expect(rolled.ok && rolled.value.stormRoll).toBe(4);
    if (rolled.ok) state = rolled.value;
    expect(passTurn(state, T0 + 1000).stormRoll).toBeNull();
    expect(applyStormRoll(basicState(), 4).ok).toBe(false);
  });
});

describe('movement allowance (SPEC A.3.2, A.4.4)', () => {
  it('upwind 1, downwind 3, reach 5; the text’s own examples', () => {
    expect(pointOfSail('N', 'N')).toBe('upwind');
    // "if the wind is blowing westerly and the front of the ship is pointing east … downwind"
    expect(pointOfSail('E', 'W')).toBe('downwind');
    // "If the wind is coming from the south and the ship is pointing either to the east or the west"
    expect(pointOfSail('E', 'S')).toBe('reach');
    expect(pointOfSail('W', 'S')).toBe('reach');
    const a = (heading: 'N' | 'E' | 'S' | 'W', from: 'N' | 'E' | 'S' | 'W') => {
      const r = movementAllowance({ variant: 'basic', heading, wind: { from } }, DEFAULT_OPTIONS);
      return r.ok ? r.value.squares : -1;
    };
    expect([a('N', 'N'), a('S', 'N'), a('E', 'N')]).toEqual([1, 3, 5]);
  });

  it('storm: the player’s roll; beginner: the ship’s roll, exactly by default (errata 15)', () => {
    const storm = movementAllowance(
      { variant: 'advanced', heading: 'N', wind: { storm: true }, stormRoll: 6 },
      DEFAULT_OPTIONS
    );
    expect(storm).toMatchObject({ ok: true, value: { squares: 6, basis: 'storm' } });
    expect(
      movementAllowance({ variant: 'basic', heading: 'N', wind: { storm: true } }, DEFAULT_OPTIONS)
        .ok
    ).toBe(false);
    const beg = movementAllowance(
      { variant: 'beginner', heading: 'N', wind: null, beginnerRoll: 2 },
      DEFAULT_OPTIONS
    );
    expect(beg).toMatchObject({ ok: true, value: { squares: 2, isExact: true } });
    expect(
      movementAllowance({ variant: 'basic', heading: 'N', wind: null }, DEFAULT_OPTIONS).ok
    ).toBe(false);
  });
});

describe('movement steps and the turning restriction (SPEC A.4.4 step 3, errata 4 and 11)', () => {
  const ship = (): Sheet => applyAllowance(defaultSheet({ name: 'Surprise', heading: 'N' }), 5);
  const step = (
    s: Sheet,
    k: 'forward' | 'left' | 'right',
    isAheadBlocked = false,
    variant: 'basic' | 'beginner' = 'basic'
  ) => moveStep(s, k, { variant, isAheadBlocked }, DEFAULT_OPTIONS);

  it('a turn costs one square and changes heading; forward follows the bow', () => {
    const r = step(ship(), 'right');
    expect(r.ok && r.value).toMatchObject({ heading: 'E', movement: { spent: 1, turnsInRow: 1 } });
  });

  it('after a turn the ship must move forward before turning again, unless the way ahead is blocked', () => {
    const once = step(ship(), 'left');
    if (!once.ok) throw new Error(once.error);
    expect(step(once.value, 'left').ok).toBe(false);
    const twice = step(once.value, 'left', true);
    expect(twice.ok && twice.value.heading).toBe('S');
    if (!twice.ok) throw new Error(twice.error);
    expect(step(twice.value, 'left', true).ok).toBe(false);
    const fwd = step(twice.value, 'forward');
    expect(fwd.ok && fwd.value.movement).toEqual({ allowance: 5, spent: 3, turnsInRow: 0 });
  });

  it('the Beginner game has no such restriction by default', () => {
    const once = step(ship(), 'left', false, 'beginner');
    if (!once.ok) throw new Error(once.error);
    expect(step(once.value, 'left', false, 'beginner').ok).toBe(true);
    expect(
      moveStep(
        once.value,
        'left',
        { variant: 'beginner', isAheadBlocked: false },
        { beginnerTurnRestriction: true }
      ).ok
    ).toBe(false);
  });

  it('cannot exceed the allowance, move into a blocked square, or move while sunk', () => {
    let s = applyAllowance(defaultSheet({ name: 'X' }), 1);
    const r = step(s, 'forward');
    if (!r.ok) throw new Error(r.error);
    expect(step(r.value, 'forward').ok).toBe(false);
    s = applyAllowance(defaultSheet({ name: 'X' }), 3);
    expect(step(s, 'forward', true).ok).toBe(false);
    expect(step({ ...s, isSunk: true }, 'forward').ok).toBe(false);
    expect(step(beginShipTurn(s), 'forward').ok).toBe(false);
  });
});
