// Privateers Phase 6 crew tasks (C.4.16) before their roll (issue 31 item 2: `fightFire.preview`,
// `pumping.preview`, `damageControl.preview`, `juryRig.preview`): whether the task is due for the
// ship this turn (the moves check the same here, so a panel shows a task exactly when its move
// would take it), the crew on it as assigned in Phase 2, the modified roll it needs and its exact
// chance, and the dice: the ship's own d12, high good (d12 + crew against the task's number), or
// none for a task without dice (the fire's ignition turn, the pumps).
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import type { Rational } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import { afloatSheet, timesDone, type TaskId } from './moves-common';
import { checkOdds, fireAttemptOdds } from './odds-tasks';
import type { PvOptions } from './options';
import { crewBonus, fireTarget, firePhaseStep, pumpingDamage, pumpsNeeded } from './resolve-tasks';
import type { Sheet } from './sheet';
import { TASK_CHECKS } from './tables-play';

/** The ship, afloat, that has not yet done this task this turn ("once a turn"). */
function onceAfloat(state: BattleState, shipId: string, task: TaskId, what: string): Result<Sheet> {
  const s = afloatSheet(state, shipId);
  if (!s.ok) return s;
  if (timesDone(state, shipId, task) > 0)
    return err(`${s.value.name}: ${what} is done once a turn (undo it to roll again).`);
  return s;
}

/** The crew on a task: as assigned in Phase 2, at most the crew aboard. */
const onTask = (s: Sheet, assigned: number): number => Math.min(assigned, s.crew.current);

/** The ship's own d12 for a task, high good. */
const ownD12 = (shipId: string, s: Sheet, what: string): DiceNeed[] => [
  {
    count: 1,
    sides: 12,
    label: `${s.name}, ${what}`,
    group: s.name,
    ship: shipId,
    isHighGood: true
  }
];

// ---- Fire (step 1) ---------------------------------------------------------------------------

export interface FireDue {
  sheet: Sheet;
  /** The attempt to put it out (1–3), or null on the ignition turn (5 points, no dice). */
  attempt: 1 | 2 | 3 | null;
  /** The crew fighting it (each adds 1 to the d12). */
  crew: number;
}

/** The fire's step this turn, or why there is none (the move's words). */
export function fireDue(state: BattleState, shipId: string, options: PvOptions): Result<FireDue> {
  const s = onceAfloat(state, shipId, 'fire', 'the fire');
  if (!s.ok) return s;
  const step = firePhaseStep(s.value, state.turn, options);
  if (!step) return err(`${s.value.name} has no fire to fight this turn.`);
  return ok({
    sheet: s.value,
    attempt: step.kind === 'attempt' ? step.attempt : null,
    crew: onTask(s.value, s.value.assignments.fireFighters)
  });
}

export interface FireOutlook {
  attempt: 1 | 2 | 3 | null;
  crew: number;
  /** The modified roll that puts it out ("8 … 10 … 12"); null on the ignition turn. */
  target: number | null;
  /** The chance it is put out; null on the ignition turn. */
  out: Rational | null;
}

export const firePreview: MovePreview<{ shipId: string }, FireOutlook, PvOptions> = {
  odds: (state, { shipId }, options) => {
    const f = fireDue(state, shipId, options);
    if (!f.ok) return f;
    const { attempt, crew } = f.value;
    if (attempt === null) return ok({ attempt, crew, target: null, out: null });
    const out = fireAttemptOdds(attempt, crewBonus(crew, 'fire', options));
    return out.ok ? ok({ attempt, crew, target: fireTarget(attempt), out: out.value }) : out;
  },
  dice: (state, { shipId }, options) => {
    const f = fireDue(state, shipId, options);
    if (!f.ok) return f;
    return ok(f.value.attempt === null ? [] : ownD12(shipId, f.value.sheet, 'fire fighting'));
  }
};

// ---- Pumping (step 2) ------------------------------------------------------------------------

export interface PumpsDue {
  sheet: Sheet;
  crew: number;
}

/** The pumping due this turn, or why there is none (the move's words). */
export function pumpsDue(state: BattleState, shipId: string): Result<PumpsDue> {
  const s = onceAfloat(state, shipId, 'pumping', 'pumping');
  if (!s.ok) return s;
  if (s.value.sinking) return err(`${s.value.name} is sinking: no pumping saves her.`);
  if (!pumpsNeeded(s.value)) return err(`${s.value.name} does not need pumping.`);
  return ok({ sheet: s.value, crew: onTask(s.value, s.value.assignments.pumps) });
}

export interface PumpsOutlook {
  crew: number;
  /** The hull points lost with the crew on the pumps, and with none. */
  damage: number;
  unpumped: number;
  /** The need arose this turn: no damage until next turn [DEFAULT]. */
  isNewNeed: boolean;
}

/** "Two crew members must be assigned every turn or the ship suffers an additional 5 points": no
 *  dice, the damage known. */
export const pumpsPreview: MovePreview<{ shipId: string }, PumpsOutlook, PvOptions> = {
  odds: (state, { shipId }) => {
    const p = pumpsDue(state, shipId);
    if (!p.ok) return p;
    const { sheet, crew } = p.value;
    return ok({
      crew,
      damage: pumpingDamage(sheet, crew),
      unpumped: pumpingDamage(sheet, 0),
      isNewNeed: sheet.pumpsNeededSince === null
    });
  },
  dice: (state, { shipId }) => {
    const p = pumpsDue(state, shipId);
    return p.ok ? ok([]) : p;
  }
};

// ---- Damage control and jury rigging (steps 3–4) -----------------------------------------------

/** The two crew checks: d12 (+ crew [DEFAULT]) against the task's number. */
export const REPAIR_TASKS = {
  damageControl: {
    what: 'damage control',
    title: 'Damage control',
    target: TASK_CHECKS.damageControl,
    /** Why it is not needed, or null. */
    notNeeded: (s: Sheet) => (s.wreckage === 0 ? `${s.name} has no wreckage to clear.` : null),
    crewOf: (s: Sheet) => s.assignments.damageControl
  },
  juryRig: {
    what: 'jury rigging',
    title: 'Jury rigging',
    target: TASK_CHECKS.juryRig,
    notNeeded: (s: Sheet) =>
      s.mastsLost <= s.mastsJuryRigged ? `${s.name} has no lost mast to jury rig.` : null,
    crewOf: (s: Sheet) => s.assignments.juryRig
  }
} as const;

export type RepairTask = keyof typeof REPAIR_TASKS;

export interface RepairDue {
  sheet: Sheet;
  crew: number;
}

/** The check due this turn, or why there is none (the move's words); with no crew on it, it is
 *  due but not tried (`repairCrewProblem`). */
export function repairDue(state: BattleState, shipId: string, task: RepairTask): Result<RepairDue> {
  const t = REPAIR_TASKS[task];
  const s = onceAfloat(state, shipId, task, t.what);
  if (!s.ok) return s;
  const notNeeded = t.notNeeded(s.value);
  if (notNeeded !== null) return err(notNeeded);
  return ok({ sheet: s.value, crew: onTask(s.value, t.crewOf(s.value)) });
}

/** "Damage control needs crew assigned to it in Phase 2", or null. */
export function repairCrewProblem(task: RepairTask, crew: number): string | null {
  return crew < 1
    ? `${REPAIR_TASKS[task].title} needs crew assigned to it in Phase 2 (Crew).`
    : null;
}

/** The odds of a crew check (damage control 10, jury rig 12) with the crew assigned. */
export function repairOdds(crew: number, target: number, options: PvOptions): Result<Rational> {
  return checkOdds(crewBonus(crew, 'other', options), target);
}

export interface RepairOutlook {
  crew: number;
  /** Added to the d12: the crew, or nothing (C.5 #5 crewModifiedChecks). */
  bonus: number;
  target: number;
  success: Rational;
}

/** A crew check's preview: its chance with the crew assigned, and the ship's own d12 (refused,
 *  as the move refuses, when no crew is on it). */
export function repairPreview(
  task: RepairTask
): MovePreview<{ shipId: string }, RepairOutlook, PvOptions> {
  const { target, what } = REPAIR_TASKS[task];
  return {
    odds: (state, { shipId }, options) => {
      const r = repairDue(state, shipId, task);
      if (!r.ok) return r;
      const { crew } = r.value;
      const success = repairOdds(crew, target, options);
      if (!success.ok) return success;
      return ok({ crew, bonus: crewBonus(crew, 'other', options), target, success: success.value });
    },
    dice: (state, { shipId }) => {
      const r = repairDue(state, shipId, task);
      if (!r.ok) return r;
      const noCrew = repairCrewProblem(task, r.value.crew);
      return noCrew === null ? ok(ownD12(shipId, r.value.sheet, what)) : err(noCrew);
    }
  };
}
