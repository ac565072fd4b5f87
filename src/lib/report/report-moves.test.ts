import { describe, expect, it } from 'vitest';
import { advanceMove } from '../battle/advance';
import { privateers } from '../rules/privateers';
import {
  boardingRound,
  cannonFire,
  damageToss,
  grapple,
  saveCrew
} from '../rules/privateers/moves';
import { ctxOf, d6, exampleFrigate, FRIGATE_FIRES, roll } from '../rules/privateers/moves.fixture';
import { shipFromClass } from '../rules/privateers/moves-setup';
import type { Sheet } from '../rules/privateers/sheet';
import { masterAndCommander } from '../rules/master-and-commander';
import {
  attackMove,
  boardMove,
  counterAttackMove,
  firstPlayerMove,
  homeportCounterMove,
  moveShipMove,
  raidMove,
  setupFleetsMove,
  windMove
} from '../rules/master-and-commander/moves';
import { ctxOf as mcCtxOf, typed } from '../rules/master-and-commander/moves.testkit';
import { DEFAULT_OPTIONS as MC_DEFAULTS } from '../rules/master-and-commander/options';
import type { Sheet as McSheet } from '../rules/master-and-commander/sheet';
import { luckAudit } from './luck';
import { buildReport, shipStory } from './model';
import { ScriptedLog } from './scripted.test-helpers';

import { withMoves } from '../rules/with-moves';

// With their moves: the report reads an old event by the move its kind names.
const PV = await withMoves(privateers);
const MC = await withMoves(masterAndCommander);

// The report and the luck audit read what each move says it did (issue 31): every battle here is
// played through the systems' real moves, never hand-built outcome shapes.

const FRIGATE = exampleFrigate({ crew: 20, marines: 10 });

/** Surprise (GB) and Hermione (ES) of one class, entered as the referee enters them. */
function privateersBattle(): ScriptedLog {
  const log = new ScriptedLog();
  log.setup(privateers.initialSystemState?.('standard', {}) as never);
  for (const [id, name, side] of [
    ['a', 'Surprise', 'GB'],
    ['b', 'Hermione', 'ES']
  ] as const) {
    const ship = shipFromClass(FRIGATE, { id, name, side, player: '', order: id === 'a' ? 0 : 1 });
    log.addShip(id, side, { ...(ship.sheet as Sheet), sail: 1, prevSail: 1 });
  }
  return log;
}

const ctx = ctxOf();
const pvReport = (log: ScriptedLog) => buildReport({ events: log.events, system: PV, title: 'T' });
const mcReport = (log: ScriptedLog) =>
  buildReport({ events: log.events, system: MC, title: 'T', variant: 'advanced' });
/** Each side's dice in one luck group, as [side, how many]. */
const diceBySide = (report: ReturnType<typeof buildReport>, group: string) =>
  luckAudit(report)
    .sides.filter((x) => x.group === group)
    .map((x) => [x.side, x.dice]);
const toPhase = (log: ScriptedLog, phase: number): void => {
  const next = advanceMove(privateers);
  while (log.state.phase !== phase) log.play(next, {}, ctx);
};

describe('the report from real Privateers moves', () => {
  it('a broadside with 2 hits is reported as 2 hits, not 0', () => {
    const log = privateersBattle();
    toPhase(log, 3);
    log.play(cannonFire, { setup: FRIGATE_FIRES, dice: roll([1, 2, 12]) }, ctx);
    const fired = log.events.at(-1);
    expect(fired?.summary).toContain('2 hits');
    log.play(damageToss, { dice: d6([3, 4, 5, 6]) }, ctx);
    const report = pvReport(log);
    const surprise = report.ships.find((s) => s.id === 'a');
    expect(surprise?.hitsScored).toBe(2);
    expect(surprise?.shotsWithoutHits).toBe(0);
    // The damage dice are the same shot's: one broadside, not two.
    expect(shipStory(surprise!)).toContain('opened fire once and scored 2 hits');
  });

  it('a 5 v 7 boarding gives each side its own dice, oriented for it (1s hit)', () => {
    const log = privateersBattle();
    toPhase(log, 1);
    const crewOf = (id: 'a' | 'b', grapplers: number) => {
      const s = log.state.ships[id].sheet as Sheet;
      return { ...s.assignments, grapplers, sailing: 0, gunCrews: [] };
    };
    log.play(saveCrew, { shipId: 'a', assignments: crewOf('a', 2) }, ctx);
    log.play(saveCrew, { shipId: 'b', assignments: crewOf('b', 0) }, ctx);
    toPhase(log, 4);
    log.play(grapple, { shipId: 'a', otherId: 'b', isHullToHull: true, dice: roll([9, 10]) }, ctx);
    log.play(
      boardingRound,
      {
        attackerId: 'a',
        defenderId: 'b',
        attacker: { crew: 3, officers: ['firstLt'], marines: 0 },
        defender: { crew: 2, officers: ['captain'], marines: 1 },
        isHullToHull: false,
        rolls: [d6([1, 1, 4, 5, 6, 1, 3, 4, 5, 6, 6, 6]), d6([3, 1])]
      },
      ctx
    );
    const report = pvReport(log);
    const boarding = report.turns.flatMap((t) => t.entries).find((x) => x.act === 'boarding');
    expect(boarding?.summary).toContain('5 v 7 dice');
    const audit = luckAudit(report);
    expect(audit.unattributed).toBe(0);
    // GB: 2 grapple d12s + 5 boarding d6s + 1 officer d6; ES: 7 boarding d6s + 1 officer d6.
    expect(diceBySide(report, 'boarding')).toEqual([
      ['ES', 8],
      ['GB', 8]
    ]);
    const surprise = report.ships.find((s) => s.id === 'a');
    const hermione = report.ships.find((s) => s.id === 'b');
    expect(shipStory(surprise!)).toContain('boarded once');
    expect(shipStory(hermione!)).not.toContain('boarded');
  });
});

/** Anna (ships 1, 2; N Homeport) and Ben (ships 3, 4; S Homeport), advanced game, as set up. */
function mcBattle(modules: Record<string, boolean>): {
  log: ScriptedLog;
  ctx: ReturnType<typeof mcCtxOf>;
} {
  const log = new ScriptedLog();
  let n = 0;
  const ctx = mcCtxOf(MC_DEFAULTS, 0, () => `ship-${++n}`);
  log.setup(masterAndCommander.initialSystemState?.('advanced', {}) as never);
  log.play(
    setupFleetsMove,
    {
      players: [
        { id: 'p-anna', name: 'Anna', colour: 'black', homeport: 'N' },
        { id: 'p-ben', name: 'Ben', colour: 'gold', homeport: 'S' }
      ],
      modules
    },
    ctx
  );
  log.play(firstPlayerMove, { playerIds: ['p-anna', 'p-ben'], roll: typed([6, 1]) }, ctx);
  log.play(windMove, { roll: typed([4]) }, ctx);
  for (const id of ['ship-1', 'ship-2']) {
    const sheet = log.state.ships[id].sheet as McSheet;
    const stay = { forward: 0, turns: 0, heading: sheet.heading, location: sheet.location };
    log.play(moveShipMove, { shipId: id, ...stay, isObstructed: false }, ctx);
  }
  return { log, ctx };
}

const engagement = {
  attackerId: 'ship-1',
  targetId: 'ship-3',
  side: null,
  isMutualBroadside: false
};

describe('the luck audit from real Master and Commander moves', () => {
  it('an attack and its counter-attack: each captain gets the dice they rolled, none unowned', () => {
    const { log, ctx } = mcBattle({});
    log.play(
      attackMove,
      {
        ...engagement,
        isMutualBroadside: true,
        attack: typed([6, 5, 2]),
        defence: typed([6, 4, 1])
      },
      ctx
    );
    log.play(counterAttackMove, { attack: typed([6, 6]), defence: typed([5, 4, 1]) }, ctx);
    const report = mcReport(log);
    const audit = luckAudit(report);
    expect(audit.unattributed).toBe(0);
    // Anna: 3 attack dice + 3 defence dice against the counter; Ben: 3 defence + 2 counter dice.
    expect(diceBySide(report, 'gunnery')).toEqual([
      ['Anna', 6],
      ['Ben', 5]
    ]);
    const ben1 = report.ships.find((x) => x.id === 'ship-3');
    expect(shipStory(ben1!)).toContain('opened fire once and scored 1 hit');
  });

  it('a boarding: the boarders’ dice to the boarders, the defender’s to the defender as it was', () => {
    const { log, ctx } = mcBattle({ boarding: true, raids: true });
    // Anna 2 hits Ben 1 first: a full-strength ship cannot be boarded.
    log.play(
      attackMove,
      { ...engagement, attackerId: 'ship-2', attack: typed([6, 5, 2]), defence: typed([6, 4, 1]) },
      ctx
    );
    log.play(
      boardMove,
      { ...engagement, isBoardingPosition: true, attack: typed([6, 5, 4]), defence: typed([3, 1]) },
      ctx
    );
    const afterBoarding = mcReport(log);
    expect(diceBySide(afterBoarding, 'boarding')).toEqual([
      ['Anna', 3],
      ['Ben', 2]
    ]);
    // Ben 1 was taken, but never boarded anyone.
    const ben1 = afterBoarding.ships.find((x) => x.id === 'ship-3');
    expect(shipStory(ben1!)).not.toContain('boarded');
    expect(shipStory(afterBoarding.ships.find((x) => x.id === 'ship-1')!)).toContain(
      'boarded once'
    );
  });

  it('a raid and the Homeport’s reply: the Homeport’s dice are its captain’s', () => {
    const { log, ctx } = mcBattle({ raids: true });
    log.play(
      raidMove,
      {
        shipId: 'ship-2',
        target: 'S',
        side: null,
        isBroadside: true,
        distance: 2,
        attack: typed([6, 5, 2]),
        defence: typed([5, 4, 1])
      },
      ctx
    );
    log.play(homeportCounterMove, { attack: typed([6, 5, 3]), defence: typed([6, 4, 1]) }, ctx);
    const report = mcReport(log);
    const audit = luckAudit(report);
    expect(audit.unattributed).toBe(0);
    // Raids count with boarding: Anna 3 + 3, Ben 3 (the Homeport's) + 3 (its reply).
    expect(diceBySide(report, 'boarding')).toEqual([
      ['Anna', 6],
      ['Ben', 6]
    ]);
    // Raiding a Homeport is not boarding a ship.
    expect(shipStory(report.ships.find((x) => x.id === 'ship-2')!)).not.toContain('boarded');
  });
});
