// The battle a Wooden Warships calculator answers on (issue 31: the calculators' odds come through
// the move): two players join and each buys a ship by the game's own set-up moves, then each ship's
// log is changed by the battle's sheet edit to the chart and figures the calculator's form asks
// about, as a referee would, and the guns are loaded by the reload move. The calculator then reads
// the move's own `preview` (the attack, the boarding, the round, the move, running aground) and
// plays the roll it answers for on it, so its figures are exactly the battle's.
import type { BattleState } from '../../engine/events';
import { playScratch, scratchContext, setUpLater } from '../../battle/scratch';
import { ok, type Result } from '../../engine/result';
import type { BoardingSetup } from './moves-boarding';
import { reload, type FireSetup } from './moves-gunnery';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import { blankChart, sheetFromChart, type Sheet, type ShipChart } from './sheet';
import { shipAndSheet } from './ships';
import type {
  Ammo,
  Battery,
  CrewSkill,
  FireMode,
  SailSetting,
  ShipType,
  TargetArea
} from './tables';

/** A calculator's battle: the state, and its two ships. */
export interface CalculatorBattle {
  state: BattleState;
  /** The first player's ship (the firer, the boarder, the ship moving). */
  ours: string;
  /** The second player's ship (the target, the ship boarded). */
  theirs: string;
}

/** Set up and edited with what loads apart (calculator-setup.ts; issue 40: not in the page's
 *  first render). */
const later = setUpLater(
  () => import('./calculator-setup'),
  (kit) => kit.setUp()
);

/** Loads what the battle is set up and edited with: a calculator asks while the page is idle. */
export const prepareCalculatorBattle = later.prepare;

/**
 * Two players, each buying one ship of a blank chart (calculator-setup.ts); each question writes
 * its chart into the log by the sheet edit. Built once, after `prepareCalculatorBattle`.
 */
export const calculatorBattle: () => Result<CalculatorBattle> = later.battle;

/** A change to one ship's log, the sheet edit's: the sheet as it stands in, the new one out. */
export type SheetChange = (sheet: Sheet) => Sheet;

/** The battle with these ships' logs changed as a referee changes them (`battle.edit-sheet`). */
export function withSheetEdits(
  battle: BattleState,
  changes: Readonly<Record<string, SheetChange>>
): Result<BattleState> {
  return later.editSheets(battle, changes, (state, id) => {
    const now = shipAndSheet(state, id);
    return now.ok ? ok(now.value.sheet) : now;
  });
}

/** A log of this chart as bought (B.4.1 step 5), named for the calculator. */
const fresh =
  (name: string, chart: ShipChart, crewSkill: CrewSkill = 'Novice'): SheetChange =>
  () =>
    sheetFromChart({ name, chart, crewSkill });

/** Points on one track, never above what the log says she started with unless asked for more. */
const points = (original: number, now: number) => ({
  original: Math.max(original, now),
  current: Math.max(0, now)
});

/** An attack asked about (B.4.5, B.4.6): the firer's chart and guns, the target and the aim. */
export interface FireQuestion {
  firerChart: ShipChart;
  targetType: ShipType;
  mode: FireMode;
  batteries: readonly Battery[];
  /** The shot loaded in each battery, in the same order. */
  ammo: readonly Ammo[];
  distanceInches: number;
  area: TargetArea;
  /** Other percentage modifiers, as the log's list holds them (B.4.5 step 6). */
  otherModifier: number;
  /** The target is boarding, and is fired on from her exposed side (B.4.7 step 8). */
  isExposedSide: boolean;
}

/** The ships of an attack asked: the firer's chart, the target's type and whether she is boarding. */
export type FireShips = Pick<FireQuestion, 'firerChart' | 'targetType' | 'isExposedSide'>;

/**
 * The battle with the firer of the chart asked, and a target of the type asked (only her type is
 * read to hit, B.4.5 step 4), boarding the firer when she is fired on from her exposed side: the
 * part of an attack's battle that changes least, set up apart (issue 40) so a change of the aim,
 * the shot or the modifiers writes no fresh log of either ship again (`fireAimOn` builds on it).
 */
export function fireShipsOn(battle: CalculatorBattle, q: FireShips): Result<CalculatorBattle> {
  const { ours, theirs } = battle;
  const edited = withSheetEdits(battle.state, {
    [ours]: fresh('Firing ship', q.firerChart),
    [theirs]: (s) => ({
      ...fresh('Target', blankChart(q.targetType))(s),
      boarding: q.isExposedSide
        ? { targetShipId: ours, party: 0, exposedSide: null, roundsFought: 0 }
        : null
    })
  });
  return edited.ok ? ok({ ...battle, state: edited.value }) : edited;
}

/**
 * The attack asked on the ships `fireShipsOn` set up: the firer's other modifiers in her log (a
 * fresh log has none), her batteries loaded by the reload move (B.4.9), and the attack's set-up as
 * the battle's attack form makes it.
 */
export function fireAimOn(
  ships: CalculatorBattle,
  q: FireQuestion,
  options: WwOptions = DEFAULT_OPTIONS
): Result<{ state: BattleState; aim: FireSetup }> {
  const { ours, theirs } = ships;
  const edited = q.otherModifier
    ? withSheetEdits(ships.state, {
        [ours]: (s) => ({
          ...s,
          percentModifiers: [{ source: 'Other modifiers', value: q.otherModifier }]
        })
      })
    : ok(ships.state);
  if (!edited.ok) return edited;
  const loads: Partial<Record<Battery, Ammo>> = {};
  q.batteries.forEach((b, i) => (loads[b] = q.ammo[i] ?? 'round'));
  const loaded = playScratch(
    reload,
    edited.value,
    { shipId: ours, loads },
    scratchContext(options, 'standard')
  );
  if (!loaded.ok) return loaded;
  return ok({
    state: loaded.value,
    aim: {
      firerId: ours,
      targetId: theirs,
      mode: q.mode,
      batteries: [...q.batteries],
      distanceInches: q.distanceInches,
      area: q.area,
      isExposedSide: q.isExposedSide,
      hasLineOfSight: true
    }
  });
}

/** The battle of an attack asked and its set-up: `fireShipsOn`, then `fireAimOn` on it. */
export function fireOn(
  battle: CalculatorBattle,
  q: FireQuestion,
  options: WwOptions = DEFAULT_OPTIONS
): Result<{ state: BattleState; aim: FireSetup }> {
  const ships = fireShipsOn(battle, q);
  return ships.ok ? fireAimOn(ships.value, q, options) : ships;
}

/** The fire's battle with the target's area at the points asked (the attack's damage lands there). */
export function withTargetAt(
  state: BattleState,
  targetId: string,
  area: TargetArea,
  now: number
): Result<BattleState> {
  return withSheetEdits(state, {
    [targetId]: (s) => ({ ...s, [area]: points(s[area].original, now) })
  });
}

/** Whether one ship may board another (B.3.9, B.4.7 step 1), as asked. */
export interface BoardingCheckQuestion {
  boarderChart: ShipChart;
  boarderCrew: number;
  targetChart: ShipChart;
  targetHull: number;
  targetRigging: number;
  targetCrew: number;
  distanceInches: number;
  isSideBySide: boolean;
  /** The boarding ship attacked this turn ("You aren't able to attack and board in the same turn"). */
  hasAttacked: boolean;
  /** The boarding ship has a battery loaded (Errata 13: unloaded guns skip to Step 5). */
  hasLoadedGuns: boolean;
}

/** A track at the points asked, never above the chart's (the old calculator's clamp). */
const capped = (original: number, now: number) => ({
  original,
  current: Math.max(0, Math.min(original, now))
});

/**
 * The battle with the two ships of the charts asked, the boarder's crew and the target's hull,
 * rigging and crew as asked, the boarder having attacked or not, her Zone 1 loaded by the reload
 * move when she has loaded guns; and the boarding's set-up as the battle's form makes it.
 */
export function boardingCheckOn(
  battle: CalculatorBattle,
  q: BoardingCheckQuestion,
  options: WwOptions = DEFAULT_OPTIONS
): Result<{ state: BattleState; setup: BoardingSetup }> {
  const { ours, theirs } = battle;
  const edited = withSheetEdits(battle.state, {
    [ours]: (s) => {
      const b = fresh('Boarding ship', q.boarderChart)(s);
      return {
        ...b,
        crew: points(b.crew.original, q.boarderCrew),
        hasAttackedThisTurn: q.hasAttacked
      };
    },
    [theirs]: (s) => {
      const t = fresh('Target', q.targetChart)(s);
      return {
        ...t,
        hull: capped(t.hull.original, q.targetHull),
        rigging: capped(t.rigging.original, q.targetRigging),
        crew: capped(t.crew.original, q.targetCrew)
      };
    }
  });
  if (!edited.ok) return edited;
  let state = edited.value;
  if (q.hasLoadedGuns) {
    const loaded = playScratch(
      reload,
      state,
      { shipId: ours, loads: { zone1: 'round' } },
      scratchContext(options, 'standard')
    );
    if (!loaded.ok) return loaded;
    state = loaded.value;
  }
  return ok({
    state,
    setup: {
      attackerId: ours,
      targetId: theirs,
      distanceInches: q.distanceInches,
      isSideBySide: q.isSideBySide,
      party: 1
    }
  });
}

/** A boarding fight asked about (B.4.7 step 4): each side's crew skill and men. */
export interface BoardingFightQuestion {
  boarderChart: ShipChart;
  targetChart: ShipChart;
  attackerSkill: CrewSkill;
  defenderSkill: CrewSkill;
  attackers: number;
  defenders: number;
}

/**
 * The battle with the boarders across (the boarding as the board move leaves it: her party on the
 * target's deck, counted in her crew) and the defenders the target's crew, each side's crew skill
 * as asked; the round's move reads the boarder's id.
 */
export function boardingFightOn(
  battle: CalculatorBattle,
  q: BoardingFightQuestion
): Result<{ state: BattleState; attackerId: string }> {
  const { ours, theirs } = battle;
  const state = withSheetEdits(battle.state, {
    [ours]: (s) => {
      const b = fresh('Boarding ship', q.boarderChart, q.attackerSkill)(s);
      return {
        ...b,
        crew: points(b.crew.original, q.attackers),
        boarding: {
          targetShipId: theirs,
          party: q.attackers,
          exposedSide: null,
          roundsFought: 0,
          roundsThisTurn: 0
        }
      };
    },
    [theirs]: (s) => {
      const t = fresh('Target', q.targetChart, q.defenderSkill)(s);
      return { ...t, crew: points(t.crew.original, q.defenders) };
    }
  });
  return state.ok ? ok({ state: state.value, attackerId: ours }) : state;
}

/** A ship's Step 1 asked about (B.4.3): her chart, the sail set last turn and her red arrows. */
export interface MovementQuestion {
  chart: ShipChart;
  setting: SailSetting;
  turnsBeyondRedArrows: number;
  /** Set sail from anchor last turn: "it will take you a turn … to raise that anchor". */
  isRaisingAnchor: boolean;
  /** Her hull now, for running aground (B.4.3 step 5). */
  hull: number;
}

/** The battle with the ship of the chart asked, her sail and hull as asked; she moves next. */
export function movementOn(
  battle: CalculatorBattle,
  q: MovementQuestion
): Result<{ state: BattleState; shipId: string }> {
  const { ours } = battle;
  const state = withSheetEdits(battle.state, {
    [ours]: (s) => {
      const b = fresh('Ship', q.chart)(s);
      return {
        ...b,
        hull: points(b.hull.original, q.hull),
        speedSetting: q.isRaisingAnchor ? 'anchor' : q.setting,
        pendingSpeed: q.isRaisingAnchor ? q.setting : null,
        isRaisingAnchor: q.isRaisingAnchor,
        turnsBeyondRedArrows: q.turnsBeyondRedArrows
      };
    }
  });
  return state.ok ? ok({ state: state.value, shipId: ours }) : state;
}

/** What a boarding round's move records of it (its roll's outcome), for the calculator's cards. */
export type { BoardingRoundOutcome } from './resolve-boarding';
