// Relative imports only: the paper-log browser test builds its battle files from these too.
import { advanceMove } from '../battle/advance';
import type { MoveContext } from '../battle/move';
import { privateers } from '../rules/privateers';
import {
  cannonFire,
  damageToss,
  giveOrders,
  rollRating,
  saveCrew,
  setHeading
} from '../rules/privateers/moves';
import { ctxOf, d6, exampleFrigate, mediumGuns, roll } from '../rules/privateers/moves.fixture';
import { shipFromClass } from '../rules/privateers/moves-setup';
import type { Sheet as PvSheet } from '../rules/privateers/sheet';
import { PHASES, woodenWarships } from '../rules/wooden-warships';
import { exampleChart } from '../rules/wooden-warships/example-charts';
import {
  addPlayer,
  chooseCaptain,
  fire,
  moveShip,
  purchase,
  reload,
  setCards,
  setSail
} from '../rules/wooden-warships/moves';
import { DEFAULT_OPTIONS as WW_DEFAULTS, type WwOptions } from '../rules/wooden-warships/options';
import { masterAndCommander } from '../rules/master-and-commander';
import {
  attackMove,
  counterAttackMove,
  firstPlayerMove,
  moveShipMove,
  repairMove,
  setupFleetsMove,
  windMove
} from '../rules/master-and-commander/moves';
import { ctxOf as mcCtxOf, typed } from '../rules/master-and-commander/moves.testkit';
import { DEFAULT_OPTIONS as MC_DEFAULTS } from '../rules/master-and-commander/options';
import type { Sheet as McSheet } from '../rules/master-and-commander/sheet';
import { ScriptedLog } from './scripted.test-helpers';

// One battle per system played through the systems' real moves (ScriptedLog.play), for the paper
// logs' unit test and their browser test: the figures a paper log is filled from are ones a real
// battle has. Every chart number is an EXAMPLE (user data the texts do not contain).

/** Privateers: two frigates with marines, a bow swivel and guns of two classes a side. */
const PV_CLASS = exampleFrigate({
  crew: 60,
  marines: 8,
  guns: [
    mediumGuns('starboard', 3),
    { cls: 'heavy', extraHeavyDice: 0, side: 'starboard', arcDeg: 45, count: 1 },
    mediumGuns('larboard', 3),
    { cls: 'heavy', extraHeavyDice: 0, side: 'larboard', arcDeg: 45, count: 1 },
    { cls: 'swivel', extraHeavyDice: 0, side: 'bow', arcDeg: 180, count: 1 }
  ]
});

/**
 * Privateers, turn 1: ratings rolled, both ships ordered to Fighting Sail and crewed, Surprise's
 * starboard broadside hits Hermione (hull and crew lost, those guns to reload).
 */
export function privateersPaperBattle(): ScriptedLog {
  const ctx = ctxOf();
  const log = new ScriptedLog();
  log.setup(privateers.initialSystemState?.('standard', {}) as never);
  for (const [id, name, side, player] of [
    ['a', 'Surprise', 'GB', 'Aubrey'],
    ['b', 'Hermione', 'ES', 'Alvarez']
  ] as const) {
    const ship = shipFromClass(PV_CLASS, { id, name, side, player, order: id === 'a' ? 0 : 1 });
    log.addShip(id, side, ship.sheet as PvSheet, player);
  }
  // C.3.1 by the die: Sea Dog captain, Marksman gunner, Seaman crew on Surprise.
  for (const [shipId, who, face] of [
    ['a', 'captain', 4],
    ['a', 'gunner', 6],
    ['a', 'crew', 3],
    ['b', 'captain', 1],
    ['b', 'master', 5]
  ] as const)
    log.play(rollRating, { shipId, who, dice: d6([face]) }, ctx);
  // The wind on the beam of both ships, so Fighting Sail is an order they may give.
  for (const shipId of ['a', 'b']) log.play(setHeading, { shipId, headingDeg: 90 }, ctx);
  for (const shipId of ['a', 'b'])
    log.play(giveOrders, { shipId, sail: 1, maneuver: 'straight' }, ctx);
  const next = advanceMove(privateers);
  log.play(next, {}, ctx);
  const starboard = [
    'starboard-medium-1',
    'starboard-medium-2',
    'starboard-medium-3',
    'starboard-heavy-4'
  ];
  for (const shipId of ['a', 'b']) {
    const s = log.state.ships[shipId].sheet as PvSheet;
    const guns = shipId === 'a' ? starboard : [];
    log.play(
      saveCrew,
      { shipId, assignments: { ...s.assignments, sailing: 4, gunCrews: guns, pumps: 0 } },
      ctx
    );
  }
  while (log.state.phase !== 3) log.play(next, {}, ctx);
  log.play(
    cannonFire,
    {
      setup: {
        firerId: 'a',
        targetId: 'b',
        gunIds: starboard,
        range: 10,
        aim: 'low',
        rake: 'none',
        facingSide: 'larboard',
        gunnerSightsId: null,
        isLandBased: false
      },
      dice: roll([1, 2, 12, 3])
    },
    ctx
  );
  log.play(damageToss, { dice: d6([3, 4, 5, 2, 6, 2, 3]) }, ctx);
  return log;
}

const wwCtx = (options: WwOptions): MoveContext<WwOptions> => {
  let n = 0;
  return { options, storedOptions: {}, variant: 'standard', now: 0, newId: () => `ww-${++n}` };
};

/**
 * Wooden Warships: Nelson (Bold) buys the frigate Diana, Skilled, with a loot card and two upgrade
 * cards; Villeneuve (Cautious) the brig Juno. Turn 1's maintenance sets their sail and loads
 * their guns; on turn 2 Diana fires her starboard zones' round shot into Juno's hull.
 */
export function woodenWarshipsPaperBattle(): ScriptedLog {
  const ctx = wwCtx({ ...WW_DEFAULTS, turnStructure: 'simultaneousSteps' });
  const log = new ScriptedLog();
  log.setup(woodenWarships.initialSystemState?.('standard', {}) as never);
  log.play(addPlayer, { name: 'Nelson' }, ctx);
  log.play(addPlayer, { name: 'Villeneuve' }, ctx);
  log.play(
    setCards,
    {
      captainCards: [
        {
          id: 'bold',
          name: 'Bold',
          text: 'Closes the range: +10% to hit, no withdrawing from a boarding',
          modifiers: [{ source: 'Bold', value: 10 }]
        },
        { id: 'cautious', name: 'Cautious', text: 'Keeps her distance', modifiers: [] }
      ],
      lootCards: [
        { id: 'silver', name: 'Spanish silver', amount: 500 },
        { id: 'rum', name: 'Casks of rum', amount: 200 }
      ],
      upgradeCards: [
        {
          id: 'topsails',
          name: 'New topsails',
          cost: 400,
          text: 'Speed +1 at full sail',
          effect: {
            hull: 0,
            rigging: 0,
            crew: 0,
            speedFull: 1,
            speedBattle: 0,
            speedTrim: 0,
            percent: 0
          }
        },
        {
          id: 'carronades',
          name: 'Carronades',
          cost: 600,
          text: '+5% to hit',
          effect: {
            hull: 0,
            rigging: 0,
            crew: 0,
            speedFull: 0,
            speedBattle: 0,
            speedTrim: 0,
            percent: 5
          }
        }
      ]
    },
    ctx
  );
  log.play(chooseCaptain, { player: 'Nelson', cardId: 'bold' }, ctx);
  log.play(chooseCaptain, { player: 'Villeneuve', cardId: 'cautious' }, ctx);
  log.play(
    purchase,
    {
      id: 'diana',
      player: 'Nelson',
      name: 'Diana',
      chart: exampleChart('Frigate'),
      crewSkill: 'Skilled',
      lootCardId: 'silver',
      upgradeCardIds: ['topsails', 'carronades']
    },
    ctx
  );
  log.play(
    purchase,
    {
      id: 'juno',
      player: 'Villeneuve',
      name: 'Juno',
      chart: exampleChart('Brig'),
      crewSkill: 'Novice',
      lootCardId: 'rum',
      upgradeCardIds: []
    },
    ctx
  );
  // Turn 1 runs only the maintenance steps: set the sail, then load the guns (B.4.2).
  const next = advanceMove(woodenWarships);
  const toStep = (turn: number, step: string) => {
    while (log.state.turn < turn || PHASES[log.state.phase] !== step) {
      if (log.state.turn > turn) throw new Error(`passed ${step} of turn ${turn}`);
      log.play(next, {}, ctx);
    }
  };
  // Turn 1 opens on its first maintenance step.
  log.play(setSail, { shipId: 'diana', setting: 'battle' }, ctx);
  log.play(setSail, { shipId: 'juno', setting: 'trim' }, ctx);
  toStep(1, 'Step 5: Maintenance Part 2');
  log.play(
    reload,
    { shipId: 'diana', loads: { zone1: 'round', zone2: 'round', foreChase: 'chain' } },
    ctx
  );
  log.play(reload, { shipId: 'juno', loads: { zone3: 'grape', zone4: 'grape' } }, ctx);
  toStep(2, 'Step 1: Movement');
  for (const shipId of ['diana', 'juno']) log.play(moveShip, { shipId, wind: 'free' }, ctx);
  toStep(2, 'Step 3: Attack!!!');
  log.play(
    fire,
    {
      firerId: 'diana',
      targetId: 'juno',
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      distanceInches: 6,
      area: 'hull',
      isExposedSide: false,
      hasLineOfSight: true,
      hitRoll: typedD(100, [10, 20, 90, 5]),
      damageRoll: typedD(6, [4, 5, 2, 6, 1, 3, 3, 2, 5])
    },
    ctx
  );
  return log;
}

const typedD = (sides: number, faces: readonly number[]) => ({
  source: 'entered' as const,
  dice: faces.map((face) => ({ sides, face }))
});

/**
 * Master and Commander, Basic game: Anna (North Homeport) and Ben (South). Anna's Sophie attacks
 * Ben's first ship broadside to broadside and hits; Ben's counter-attack hits Sophie; Anna repairs
 * Sophie at her Homeport with one Repair Card.
 */
export function masterAndCommanderPaperBattle(): ScriptedLog {
  const log = new ScriptedLog();
  let n = 0;
  const ctx = mcCtxOf(MC_DEFAULTS, 0, () => `ship-${++n}`);
  log.setup(masterAndCommander.initialSystemState?.('basic', {}) as never);
  log.play(
    setupFleetsMove,
    {
      players: [
        { id: 'p-anna', name: 'Anna', colour: 'black', homeport: 'N' },
        { id: 'p-ben', name: 'Ben', colour: 'gold', homeport: 'S' }
      ],
      modules: {}
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
  log.play(
    attackMove,
    {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isMutualBroadside: true,
      attack: typed([6, 5, 2]),
      defence: typed([5, 4, 1])
    },
    ctx
  );
  log.play(counterAttackMove, { attack: typed([6, 3]), defence: typed([5, 4, 1]) }, ctx);
  log.play(repairMove, { shipId: 'ship-1' }, ctx);
  return log;
}
