import type { Dist } from '../../engine/dist';
import * as check from '../../engine/inputs';
import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import type { Sheet } from './sheet';
import {
  MORALE_MODIFIERS,
  moraleResultOf,
  OFFICER_ROLES,
  type MoraleResult,
  type MoraleTrigger,
  type OfficerRole
} from './tables';

// Privateers ratings-derived modifiers (C.2), morale triggers (C.3.16) and the check (C.4.17).

/** Line of command [DEFAULT C.5 #37]: Captain, 1st Lt., Master, Gunner; null when none is present. */
export function commanderRole(s: Sheet): OfficerRole | null {
  return OFFICER_ROLES.find((r) => s.officers[r].present) ?? null;
}

/** "Officer hits: Lose modifier" — an absent officer contributes 0. */
export function officerRating(s: Sheet, role: OfficerRole): number {
  return s.officers[role].present ? s.officers[role].rating : 0;
}

export function commanderRating(s: Sheet): number {
  const r = commanderRole(s);
  return r === null ? 0 : s.officers[r].rating;
}

/** "Initiative Modifier: Add Master and Crew ratings together." */
export const initiativeMod = (s: Sheet) => officerRating(s, 'master') + s.crewRating;
/** "Reload Modifier: Add the Gunner and Crew ratings together." */
export const reloadMod = (s: Sheet) => officerRating(s, 'gunner') + s.crewRating;
/** "Morale Modifier: Add the Captains (or whoever commands) and the Crew ratings together." */
export const moraleMod = (s: Sheet) => commanderRating(s) + s.crewRating;

/** C.3.16 triggers, evaluated in Phase 6. */
export function moraleTriggers(s: Sheet): MoraleTrigger[] {
  const t: MoraleTrigger[] = [];
  if (s.turnEvents.commanderHit) t.push('captainHit');
  if (s.onFire.burning || s.turnEvents.wasOnFire) t.push('onFire');
  if (s.hull.points > 0 && 4 * s.hull.damage >= 3 * s.hull.points) t.push('hullThreeQuarters');
  if (s.rigging.points > 0 && 4 * s.rigging.damage >= 3 * s.rigging.points)
    t.push('riggingThreeQuarters');
  if (s.turnEvents.sternRakeTaken) t.push('sternRakeTaken');
  if (2 * (s.crew.initial - s.crew.current) > s.crew.initial) t.push('crewHalf');
  if (s.turnEvents.boardingLost) t.push('boardingLost');
  return t;
}

/** Number of checks this turn (C.5 #35). */
export function moraleChecksDue(s: Sheet, options: PvOptions = DEFAULT_OPTIONS): number {
  if (s.struck || s.sunk || s.burnedUp) return 0;
  const n = moraleTriggers(s).length;
  return options.moraleChecksPerTurn === 'onePerShipIfAnyTrigger' ? Math.min(1, n) : n;
}

/** Checks still due this turn after `done` were made (C.4.17 step 1, C.5 #35): one per ship with any
 *  trigger [DEFAULT], or one per trigger under `moraleChecksPerTurn='onePerTrigger'`. A ship that
 *  struck makes no more. */
export function moraleChecksRemaining(
  s: Sheet,
  done: number,
  options: PvOptions = DEFAULT_OPTIONS
): number {
  return Math.max(0, moraleChecksDue(s, options) - done);
}

export interface MoraleInput {
  commanderRating: number;
  crewRating: number;
  disordered: boolean;
}

export function moraleInputOf(s: Sheet): MoraleInput {
  return {
    commanderRating: commanderRating(s),
    crewRating: s.crewRating,
    disordered: s.disordered
  };
}

/** The signed modifier m of C.7.4: −(commander + crew) + (disordered ? 1 : 0). */
function moraleModifierOf(m: MoraleInput): number {
  return -(m.commanderRating + m.crewRating) + (m.disordered ? MORALE_MODIFIERS.disordered : 0);
}

const RATINGS = [0, 1, 2] as const;

/**
 * What is wrong with a morale check's inputs, or null (issue 17 #9): ratings are 0, 1 or 2 (C.3.1,
 * the sheet's own schema); a NaN rating gave 100% Strike.
 */
export function moraleInputProblem(m: MoraleInput): check.Check {
  return (
    check.isRecord('The morale check', m) ??
    check.firstProblem(
      check.oneOf('The commander’s rating', m.commanderRating, RATINGS),
      check.oneOf('The crew rating', m.crewRating, RATINGS),
      check.isBool('Disordered', m.disordered)
    )
  );
}

export const moraleModifier = check.guarded(moraleInputProblem, moraleModifierOf);

/** The result of a modified morale roll: a d12 face plus a modifier of −4 to +1. */
export const moraleResultFor = check.guarded(
  (modified: number) => check.intIn('The modified morale roll', modified, -99, 99),
  moraleResultOf
);

/** The d12 distribution of the results, for odds.ts (the inputs already checked). */
export function moraleResultsOf(m: MoraleInput, d12: Dist<number>): Dist<MoraleResult> {
  const mod = moraleModifierOf(m);
  return d12.map((f) => moraleResultOf(f + mod));
}

export interface MoraleOutcome {
  roll: number;
  modifier: number;
  modified: number;
  result: MoraleResult;
}

/** C.4.17: r = d12 − commander − crew + disordered; ≤6 pass, 7 disordered, ≥8 strike. */
export function resolveMorale(m: MoraleInput, face: number): Result<MoraleOutcome> {
  const problem = moraleInputProblem(m);
  if (problem) return err(problem);
  if (!Number.isInteger(face) || face < 1 || face > 12) return err('Morale needs a d12 face 1–12.');
  const modifier = moraleModifierOf(m);
  const modified = face + modifier;
  return ok({ roll: face, modifier, modified, result: moraleResultOf(modified) });
}

export function applyMorale(
  s: Sheet,
  o: MoraleOutcome,
  options: PvOptions = DEFAULT_OPTIONS
): Sheet {
  if (o.result === 'strike') return { ...s, struck: true };
  if (o.result === 'disordered') return { ...s, disordered: true };
  return options.disorderClears === 'onPassedCheck' ? { ...s, disordered: false } : s;
}
