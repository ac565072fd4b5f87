import { describe, expect, it } from 'vitest';
import { advanceMove } from '$lib/battle/advance';
import { history } from '$lib/battle/actions';
import { privateers } from '$lib/rules/privateers';
import { cannonFire, damageToss, giveOrders } from '$lib/rules/privateers/moves';
import {
  ctxOf,
  d6,
  exampleFrigate,
  FRIGATE_FIRES,
  roll
} from '$lib/rules/privateers/moves.fixture';
import { shipFromClass } from '$lib/rules/privateers/moves-setup';
import type { Sheet } from '$lib/rules/privateers/sheet';
import { masterAndCommander } from '$lib/rules/master-and-commander';
import {
  attackMove,
  boardMove,
  firstPlayerMove,
  moveShipMove,
  setupFleetsMove,
  windMove
} from '$lib/rules/master-and-commander/moves';
import { ctxOf as mcCtxOf, typed } from '$lib/rules/master-and-commander/moves.testkit';
import { DEFAULT_OPTIONS as MC_DEFAULTS } from '$lib/rules/master-and-commander/options';
import type { Sheet as McSheet } from '$lib/rules/master-and-commander/sheet';
import { ScriptedLog } from '$lib/report/scripted.test-helpers';
import { displayShips, lastRoll, mustAct, sideColours } from './table-display';
import { chanceOf, oddsLinesOf } from './roll-odds';

// The table display (issue 37) reads battles played through the systems' real moves.

const FRIGATE = exampleFrigate({ crew: 20, marines: 10 });
const ctx = ctxOf();

function privateersBattle(options: Parameters<typeof ctxOf>[0] = {}): ScriptedLog {
  const log = new ScriptedLog();
  log.setup(privateers.initialSystemState?.('standard', options) as never);
  for (const [id, name, side] of [
    ['a', 'Surprise', 'GB'],
    ['b', 'Hermione', 'ES']
  ] as const) {
    const ship = shipFromClass(FRIGATE, { id, name, side, player: '', order: id === 'a' ? 0 : 1 });
    log.addShip(id, side, { ...(ship.sheet as Sheet), sail: 1, prevSail: 1 });
  }
  return log;
}

const toPhase = (log: ScriptedLog, phase: number, c = ctx): void => {
  const next = advanceMove(privateers);
  while (log.state.phase !== phase) log.play(next, {}, c);
};

const rollOf = (log: ScriptedLog) => lastRoll(log.events, history(log.events).voided);

/** Anna (ships 1, 2) and Ben (ships 3, 4), set up and moved: Anna's Engagements. */
function mcBattle(variant: string, modules: Record<string, boolean>) {
  const log = new ScriptedLog();
  let n = 0;
  const mc = mcCtxOf(MC_DEFAULTS, 0, () => `ship-${++n}`);
  log.setup(masterAndCommander.initialSystemState?.(variant, {}) as never);
  log.play(
    setupFleetsMove,
    {
      players: [
        { id: 'p-anna', name: 'Anna', colour: 'black', homeport: 'N' },
        { id: 'p-ben', name: 'Ben', colour: 'gold', homeport: 'S' }
      ],
      modules
    },
    mc
  );
  log.play(firstPlayerMove, { playerIds: ['p-anna', 'p-ben'], roll: typed([6, 1]) }, mc);
  log.play(windMove, { roll: typed([4]) }, mc);
  for (const id of ['ship-1', 'ship-2']) {
    const sheet = log.state.ships[id].sheet as McSheet;
    const stay = { forward: 0, turns: 0, heading: sheet.heading, location: sheet.location };
    log.play(moveShipMove, { shipId: id, ...stay, isObstructed: false }, mc);
  }
  return { log, mc };
}

describe('the last roll', () => {
  it('a broadside: every die with its face and the side that rolled it, the result, the chance of a hit', () => {
    const log = privateersBattle();
    toPhase(log, 3);
    log.play(cannonFire, { setup: FRIGATE_FIRES, dice: roll([1, 2, 12]) }, ctx);
    const shot = rollOf(log);
    expect(shot?.result).toContain('2 hits');
    expect(shot?.dice.map((d) => [d.face, d.sides, d.side])).toEqual([
      [1, 12, 'GB'],
      [2, 12, 'GB'],
      [12, 12, 'GB']
    ]);
    const anyHit = shot?.odds.find((o) => o.label === 'any hit');
    expect(anyHit?.percent).toMatch(/^\d+(\.\d)?%$/);
    // A phase passed after it rolls nothing: the shot stays the last roll.
    log.play(damageToss, { dice: d6([3, 4, 5, 6]) }, ctx);
    const toss = rollOf(log);
    expect(toss?.dice.map((d) => d.sides)).toEqual([6, 6, 6, 6]);
    expect(toss?.odds.map((o) => o.label)).toContain('a critical hit');
    // Undone, the toss is no longer in effect: the broadside is the last roll again.
    log.undo();
    expect(rollOf(log)?.id).toBe(shot?.id);
    // Refused by the live table's merge: not shown either.
    expect(lastRoll(log.events, history(log.events).voided, new Set([shot!.id]))).toBeNull();
  });

  it('a Master and Commander attack: the attack dice the attacker’s, the defence dice the defender’s, its odds as listed', () => {
    const { log, mc } = mcBattle('basic', {});
    // The last roll so far is the Wind Die's (the moves roll nothing): its chances by wind.
    const wind = rollOf(log);
    expect(wind?.odds.length).toBeGreaterThan(0);
    expect(wind?.odds.every((o) => /^(From the [NESW]+|Storm)$/.test(o.label))).toBe(true);
    log.play(
      attackMove,
      {
        attackerId: 'ship-1',
        targetId: 'ship-3',
        side: null,
        isMutualBroadside: false,
        attack: typed([6, 5, 2]),
        defence: typed([6, 4, 1])
      },
      mc
    );
    const attack = rollOf(log);
    expect(attack?.dice.map((d) => [d.face, d.side])).toEqual([
      [6, 'Anna'],
      [5, 'Anna'],
      [2, 'Anna'],
      [6, 'Ben'],
      [4, 'Ben'],
      [1, 'Ben']
    ]);
    expect(attack?.odds.length).toBeGreaterThan(0);
    // The hit shows on the target's bar: one prize disk of two left.
    const ships = displayShips(masterAndCommander, log.state, null);
    const ben1 = ships.find((s) => s.id === 'ship-3');
    expect(ben1?.tracks).toEqual([
      expect.objectContaining({ id: 'prize-disks', value: 1, max: 2 })
    ]);
    // Each captain's dice wear the colour of the captain's ships (the seat colour), not a guess.
    const colours = sideColours(ships);
    const dice = lastRoll(log.events, history(log.events).voided, new Set(), colours)?.dice;
    const anna = ships.find((s) => s.side === 'Anna')?.colour;
    expect(anna).toBeDefined();
    expect(dice?.[0].colour).toBe(anna);
    expect(dice?.[3].colour).toBe(ben1?.colour);
  });
});

describe('the ships', () => {
  it('bars from the system’s tracks, the fate marked apart from the other status words', () => {
    const log = privateersBattle();
    const ships = displayShips(
      privateers,
      log.state,
      privateers.turnStatus(log.state, { options: {}, variant: 'standard', now: 0 })
    );
    expect(ships.map((s) => s.name)).toEqual(['Surprise', 'Hermione']);
    expect(ships[0].tracks.map((t) => t.id)).toEqual([
      'hull',
      'rigging',
      'crew',
      'marines',
      'guns'
    ]);
    expect(ships[0].fate).toEqual([]);
  });

  it('a ship taken in a boarding is marked captured, apart from its other status words', () => {
    const { log, mc } = mcBattle('advanced', { boarding: true });
    const engagement = { targetId: 'ship-3', side: null, isMutualBroadside: false };
    log.play(
      attackMove,
      { ...engagement, attackerId: 'ship-2', attack: typed([6, 5, 2]), defence: typed([6, 4, 1]) },
      mc
    );
    expect(displayShips(masterAndCommander, log.state, null)[2].fate).toEqual([]);
    log.play(
      boardMove,
      {
        ...engagement,
        attackerId: 'ship-1',
        isBoardingPosition: true,
        attack: typed([6, 5, 4]),
        defence: typed([3, 1])
      },
      mc
    );
    const ben1 = displayShips(masterAndCommander, log.state, null).find((s) => s.id === 'ship-3');
    expect(ben1?.fate).toEqual(['captured']);
    expect(ben1?.status).not.toContain('captured');
  });

  it('hidden orders given on the referee’s device are nowhere on the display before the reveal', () => {
    const hidden = ctxOf({ ordersHidden: true });
    const log = privateersBattle({ ordersHidden: true });
    toPhase(log, 0, hidden);
    log.play(giveOrders, { shipId: 'a', sail: 2, maneuver: 'larboard' }, hidden);
    const status = privateers.turnStatus(log.state, {
      options: { ordersHidden: true },
      variant: 'standard',
      now: 0
    });
    const shown = JSON.stringify({
      ships: displayShips(privateers, log.state, status),
      roll: rollOf(log),
      act: mustAct(status),
      lines: log.events.map((e) => e.summary)
    });
    expect(shown).toContain('orders given (hidden until revealed)');
    expect(shown.toLowerCase()).not.toContain('larboard');
  });
});

describe('the odds records', () => {
  it('reads chances only: a fraction within 0..1, never an expected count', () => {
    expect(chanceOf('7/12')).toEqual({ n: 7n, d: 12n });
    expect(chanceOf('1')).toEqual({ n: 1n, d: 1n });
    expect(chanceOf('13/12')).toBeNull();
    expect(chanceOf(0.5)).toBeNull();
    expect(oddsLinesOf({ pAnyHit: '1/2', expectedCrew: '3/2', meanDamage: '7/2' })).toEqual([
      { label: 'any hit', p: { n: 1n, d: 2n } }
    ]);
    // A list with one malformed entry is not half read.
    expect(oddsLinesOf([{ label: 'hit', p: '1/2' }, { label: 'miss' }])).toEqual([]);
    expect(oddsLinesOf(null)).toEqual([]);
  });
});
