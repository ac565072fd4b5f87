// The battle a Privateers calculator answers on (issue 31: the calculators' odds come through the
// move): two ships added by the game's own set-up move, then each ship's log changed by the
// battle's sheet edit to the figures the calculator's form asks about, as a referee would. The
// calculator then reads the move's own `preview` (cannon fire, boarding round, morale, reload), so
// its figures are exactly the battle's.
import type { BattleState, EventDraft } from '../../engine/events';
import {
  playScratch,
  playScratchDraft,
  scratchAtPhase,
  scratchContext,
  setUpLater
} from '../../battle/scratch';
import { err, ok, type Result } from '../../engine/result';
import { shipSheet, type PvMove } from './moves-common';
import { moraleCheck } from './moves-tasks';
import type { ReloadOutcome } from './resolve-tasks';
import type { DiceRoll } from '../../engine/dice';
import { setHeading, setWind } from './moves-orders';
import type { PvOptions } from './options';
import type { BoardingAim } from './boarding-preview';
import { boardingRound } from './moves-boarding';
import type { BoardingRoundOutcome } from './resolve-boarding';
import type { FireSetup } from './fire-plan';
import { cannonFire, damageExtra, damageToss, reload } from './moves-gunnery';
import type { ColumnCounts, TossOutcome } from './resolve-gunnery';
import type { Gun, Sheet } from './sheet';
import {
  OFFICER_ROLES,
  TURN_PHASES,
  type Aim,
  type MoraleResult,
  type GunClass,
  type GunLoad,
  type SailLevel
} from './tables';
import { GUN_CLASS_LABELS } from './tables-play';

/** A calculator's battle: the state, and its two ships. */
export interface CalculatorBattle {
  state: BattleState;
  /** The first ship (the firer, the boarder, the ship checking). */
  ours: string;
  /** The second ship (the target, the defender). */
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

/** Two ships of two sides, added as a new battle adds them (set-up reads no reading a calculator
 *  changes). Built once, after `prepareCalculatorBattle`. */
export const calculatorBattle: () => Result<CalculatorBattle> = later.battle;

/** The battle passed on to a move's phase, as the battle's Next does within a turn (a move of any
 *  phase is played where the battle stands). */
export function inPhase(state: BattleState, move: Pick<PvMove<never>, 'phase'>): BattleState {
  if (move.phase === null) return state;
  const at = TURN_PHASES.findIndex((p) => p.id === move.phase);
  return scratchAtPhase(
    state,
    at,
    TURN_PHASES.map((p) => p.name)
  );
}

/**
 * A roll a calculator was given, played by its move in the move's phase on the calculator's battle,
 * nothing written: the battle it leaves and the move's draft (its log line and its roll record),
 * so what the calculator shows is what the move did.
 */
export function playInPhase<I>(
  move: PvMove<I>,
  state: BattleState,
  input: I,
  options: PvOptions
): Result<{ next: BattleState; draft: EventDraft }> {
  return playScratchDraft(move, inPhase(state, move), input, scratchContext(options, ''));
}

/** A move played, with what it recorded as its outcome: its roll record's, in the shape the move
 *  writes it (each play below names the move's own outcome type). */
function outcomeOf<T>(
  r: Result<{ next: BattleState; draft: EventDraft }>
): Result<{ next: BattleState; outcome: T }> {
  if (!r.ok) return r;
  const { next, draft } = r.value;
  if (!draft.roll) return err(`${draft.summary}: no roll.`);
  return ok({ next, outcome: draft.roll.outcome as unknown as T });
}

/** The morale check (C.4.17) played with this d12: its result and log line. */
export function moraleRolled(
  state: BattleState,
  shipId: string,
  dice: DiceRoll,
  options: PvOptions
): Result<{ result: MoraleResult; summary: string }> {
  const r = outcomeOf<{ result: MoraleResult; summary: string }>(
    playInPhase(moraleCheck, state, { shipId, dice }, options)
  );
  return r.ok ? ok(r.value.outcome) : r;
}

/** What the reload move did: the guns loaded (double-shotted or not) and not, and its log line. */
export type ReloadRolled = ReloadOutcome & { summary: string };

/** The reload (C.4.5) played with this d12 on the ship's unloaded guns: what it loaded. */
export function reloadRolled(
  state: BattleState,
  shipId: string,
  dice: DiceRoll,
  options: PvOptions
): Result<ReloadRolled> {
  const r = outcomeOf<ReloadRolled>(playInPhase(reload, state, { shipId, dice }, options));
  return r.ok ? ok(r.value.outcome) : r;
}

/** What a boarding round did (C.4.15): the winner, each side's hits and losses, and its log line. */
export type BoardingRolled = Omit<BoardingRoundOutcome, 'attackerDice' | 'defenderDice'> & {
  summary: string;
};

/** The boarding round played with these rolls (both sides' d6s, then the officers' if asked). */
export function boardingRolled(
  state: BattleState,
  aim: BoardingAim,
  rolls: readonly DiceRoll[],
  options: PvOptions
): Result<BoardingRolled> {
  const { attackerId, defenderId, attacker, defender, isHullToHull } = aim;
  const r = outcomeOf<BoardingRolled>(
    playInPhase(
      boardingRound,
      state,
      { attackerId, defenderId, attacker, defender, isHullToHull, rolls },
      options
    )
  );
  return r.ok ? ok(r.value.outcome) : r;
}

/** What the guns' hit d12s did (C.4.7 steps 8–9): each gun's hit, the damage dice set aside, the
 *  log line, and the battle with the fire under way (its damage still to roll). */
export interface FireRolled {
  next: BattleState;
  hits: boolean[];
  counts: ColumnCounts;
  summary: string;
}

/** The cannon fire played with these hit d12s (one per gun, in the set-up's order). */
export function fireRolled(
  state: BattleState,
  setup: FireSetup,
  dice: DiceRoll,
  options: PvOptions
): Result<FireRolled> {
  const r = outcomeOf<Omit<FireRolled, 'next'>>(
    playInPhase(cannonFire, state, { setup, dice }, options)
  );
  return r.ok ? ok({ ...r.value.outcome, next: r.value.next }) : r;
}

/** What one toss of damage dice did (C.4.8): the points, crew, guns, critical and officers. */
export interface TossRolled {
  outcome: TossOutcome;
  summary: string;
}

/** The fire under way finished by its moves: the damage d6s, then (on double ones or Officer*
 *  results) the critical d12 and the officer d6s in one roll. */
export function tossRolled(
  state: BattleState,
  rolls: readonly DiceRoll[],
  options: PvOptions
): Result<TossRolled> {
  const [damage, extra] = rolls;
  const tossed = playInPhase(damageToss, state, { dice: damage }, options);
  if (!tossed.ok) return tossed;
  const last = extra
    ? playInPhase(damageExtra, tossed.value.next, { dice: extra }, options)
    : tossed;
  const r = outcomeOf<{ toss?: TossOutcome; summary: string }>(last);
  if (!r.ok) return r;
  const { toss, summary } = r.value.outcome;
  return toss ? ok({ outcome: toss, summary }) : err('Roll the critical and officer dice.');
}

/** A change to one ship's log, the sheet edit's: the sheet as it stands in, the new one out. */
export type SheetChange = (sheet: Sheet) => Sheet;

/** The battle with these ships' logs changed as a referee changes them (`battle.edit-sheet`). */
export function withSheets(
  battle: BattleState,
  changes: Readonly<Record<string, SheetChange>>
): Result<BattleState> {
  return later.editSheets(battle, changes, shipSheet);
}

/** The calculators' ratings (C.3.1: 0, 1 or 2). */
type Rating = Sheet['crewRating'];

/**
 * A ship checking morale (C.4.17): her Captain, who commands, and her crew so rated, with a check
 * owed this turn (her stern raked: every trigger of C.3.16 is checked by the same roll), so the
 * morale move plays the roll typed in.
 */
export const moraleFigures =
  (q: { commander: Rating; crew: Rating; disordered: boolean }): SheetChange =>
  (s) => ({
    ...s,
    name: 'The ship',
    crewRating: q.crew,
    disordered: q.disordered,
    officers: { ...s.officers, captain: { rating: q.commander, present: true } },
    turnEvents: { ...s.turnEvents, sternRakeTaken: true }
  });

/**
 * A ship reloading (C.4.5): her Gunner and crew so rated, `guns` medium guns unloaded, the last
 * `doubleShot` of them designated for double shot, and the Gunner sighting the first one or none.
 */
export const reloadFigures =
  (q: {
    gunner: Rating;
    crew: Rating;
    guns: number;
    doubleShot: number;
    isGunnerSighting: boolean;
  }): SheetChange =>
  (s) => {
    const guns = Array.from({ length: q.guns }, (_, i) => ({
      id: `gun ${i + 1}`,
      cls: 'medium' as const,
      extraHeavyDice: 0,
      side: 'starboard' as const,
      arcDeg: 45 as const,
      load: 'ball' as const,
      loaded: false,
      doubleShot: false,
      doubleShotOrdered: i >= q.guns - q.doubleShot,
      destroyed: false
    }));
    return {
      ...s,
      name: 'The ship',
      crewRating: q.crew,
      officers: { ...s.officers, gunner: { rating: q.gunner, present: true } },
      guns,
      assignments: {
        ...s.assignments,
        gunnerSights: q.isGunnerSighting && guns.length > 0 ? guns[0].id : null
      }
    };
  };

/** A cannon fire asked about (C.4.7–C.4.9, C.4.13): the guns firing together, in groups. */
export interface FireQuestion {
  groups: readonly {
    cls: GunClass;
    count: number;
    load: GunLoad;
    /** how many of the group are double-shotted (its first) */
    doubleShotted: number;
    extraHeavyDice: number;
  }[];
  /** the group whose first gun the Gunner sights, or -1 */
  gunnerGroup: number;
  range: number;
  aim: Aim;
  firerSail: SailLevel;
  rake: FireSetup['rake'];
  isLandBased: boolean;
  /** fired by a fortification (land ranges, no sail modifiers) */
  isFortification: boolean;
  /** the target is on land ("all land targets" are fired low): a fortification */
  isLandTarget: boolean;
  /** the target already took this phase's critical (Errata 8, 'perTargetPerPhase') */
  isCriticalSpent: boolean;
}

/** The battle with the target so placed: on land or afloat, this phase's critical taken or not. A
 *  part of a fire's battle that changes less often than the guns, set up apart (issue 40) so a
 *  change of the guns or the range writes the target's log no more (`fireFromOn` builds on it). */
export function fireTargetOn(
  battle: CalculatorBattle,
  q: Pick<FireQuestion, 'isLandTarget' | 'isCriticalSpent'>
): Result<CalculatorBattle> {
  const state = withSheets(battle.state, {
    [battle.theirs]: (s) => ({
      ...s,
      name: 'Target',
      isFortification: q.isLandTarget,
      tossCriticalTurn: q.isCriticalSpent ? battle.state.turn : null
    })
  });
  return state.ok ? ok({ ...battle, state: state.value }) : state;
}

/** On the battle `fireTargetOn` placed the target in: the firer's guns loaded as asked, the fire's
 *  set-up as the battle's fire form makes it, and each gun's name in the calculator ("Medium 2"). */
export function fireFromOn(
  battle: CalculatorBattle,
  q: FireQuestion
): Result<{ state: BattleState; setup: FireSetup; labels: Readonly<Record<string, string>> }> {
  const guns: Gun[] = [];
  const labels: Record<string, string> = {};
  let gunnerSightsId: string | null = null;
  q.groups.forEach((g, gi) => {
    for (let i = 0; i < g.count; i++) {
      const id = `g${gi + 1}-${i + 1}`;
      const isGunner = q.gunnerGroup === gi && i === 0;
      if (isGunner) gunnerSightsId = id;
      labels[id] = `${GUN_CLASS_LABELS[g.cls]} ${i + 1}${isGunner ? ' (Gunner)' : ''}`;
      guns.push({
        id,
        cls: g.cls,
        extraHeavyDice: g.extraHeavyDice,
        side: 'starboard',
        arcDeg: 45,
        load: g.load,
        loaded: true,
        doubleShot: i < g.doubleShotted,
        doubleShotOrdered: false,
        destroyed: false
      });
    }
  });
  const state = withSheets(battle.state, {
    [battle.ours]: (s) => ({
      ...s,
      name: 'Firing ship',
      isFortification: q.isFortification,
      sail: q.firerSail,
      prevSail: q.firerSail,
      guns,
      officers: { ...s.officers, gunner: { ...s.officers.gunner, present: true } }
    })
  });
  if (!state.ok) return state;
  const setup: FireSetup = {
    firerId: battle.ours,
    targetId: battle.theirs,
    gunIds: guns.map((g) => g.id),
    range: q.range,
    aim: q.aim,
    rake: q.rake,
    facingSide: 'starboard',
    gunnerSightsId,
    isLandBased: q.isLandBased
  };
  return ok({ state: state.value, setup, labels });
}

/** The fire asked about on the calculator's battle: `fireTargetOn`, then `fireFromOn` on it. */
export function fireOn(
  battle: CalculatorBattle,
  q: FireQuestion
): Result<{ state: BattleState; setup: FireSetup; labels: Readonly<Record<string, string>> }> {
  const placed = fireTargetOn(battle, q);
  return placed.ok ? fireFromOn(placed.value, q) : placed;
}

/** A boarding asked about (C.4.15): each side's party, and the defender's morale. */
export interface BoardingQuestion {
  attacker: { crew: number; officers: number; marines: number };
  defender: { crew: number; officers: number; marines: number };
  /** the defender's commander + crew rating (0–4), for the capture chance (C.7.6) */
  defenderRating: number;
  defenderDisordered: boolean;
}

/** The battle with the boarders grappled to the defender, each ship's crew, marines and officers
 *  the party asked about, and the aim the battle's boarding form makes (its first officers). */
export function boardingOn(
  battle: CalculatorBattle,
  q: BoardingQuestion
): Result<{ state: BattleState; aim: BoardingAim }> {
  const men = (s: Sheet, p: BoardingQuestion['attacker']): Sheet => ({
    ...s,
    crew: { initial: p.crew, current: p.crew },
    marines: { initial: p.marines, current: p.marines }
  });
  // The commander is the Captain (every officer aboard); his rating first, then the crew's.
  const captain = Math.min(2, Math.max(0, q.defenderRating)) as Rating;
  const state = withSheets(battle.state, {
    [battle.ours]: (s) => ({
      ...men(s, q.attacker),
      name: 'Boarders',
      entangledWith: [battle.theirs]
    }),
    [battle.theirs]: (s) => ({
      ...men(s, q.defender),
      name: 'Defenders',
      crewRating: (q.defenderRating - captain) as Rating,
      disordered: q.defenderDisordered,
      officers: { ...s.officers, captain: { rating: captain, present: true } }
    })
  });
  if (!state.ok) return state;
  const party = (p: BoardingQuestion['attacker']) => ({
    crew: p.crew,
    marines: p.marines,
    officers: OFFICER_ROLES.slice(0, p.officers)
  });
  return ok({
    state: state.value,
    aim: {
      attackerId: battle.ours,
      defenderId: battle.theirs,
      attacker: party(q.attacker),
      defender: party(q.defender),
      isHullToHull: true
    }
  });
}

/** A ship's movement asked about (C.3.2, C.4.2, C.4.10): the wind, her heading, last turn's sail,
 *  her masts and damage, and her sailing rates (the same on every point of sail). */
export interface MovementQuestion {
  windFromDeg: number;
  headingDeg: number;
  prevSail: SailLevel;
  masts: number;
  mastsLost: number;
  mastsJuryRigged: number;
  rigging: { points: number; damage: number };
  hull: { points: number; damage: number };
  rates: [number, number, number];
}

/** The battle with the wind and the ship's heading set by the referee's moves (pv.wind,
 *  pv.heading), and her log at last turn's sail with the masts, damage and rates asked about. */
export function movementOn(
  battle: CalculatorBattle,
  q: MovementQuestion,
  options: PvOptions
): Result<BattleState> {
  const ctx = scratchContext(options, 'standard');
  const wind = playScratch(setWind, battle.state, { windFromDeg: q.windFromDeg }, ctx);
  if (!wind.ok) return wind;
  const heading = playScratch(
    setHeading,
    wind.value,
    { shipId: battle.ours, headingDeg: q.headingDeg },
    ctx
  );
  if (!heading.ok) return heading;
  const mastsLost = Math.min(q.mastsLost, q.masts);
  return withSheets(heading.value, {
    [battle.ours]: (s) => ({
      ...s,
      name: 'The ship',
      masts: q.masts,
      mastsLost,
      mastsJuryRigged: Math.min(q.mastsJuryRigged, mastsLost),
      rigging: q.rigging,
      hull: q.hull,
      sail: q.prevSail,
      prevSail: q.prevSail,
      sailingRates: { beating: q.rates, broadReaching: q.rates, running: q.rates }
    })
  });
}
