import type { Dist } from '../../engine/dist';
import * as check from '../../engine/inputs';
import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import type { Sheet } from './sheet';
import { commanderRating } from './morale-reads';
import type { MoraleResult } from './tables';
import { MORALE_MODIFIERS, moraleResultOf } from './tables-play';

// Privateers' morale check (C.4.17); the modifiers it reads and the triggers are morale-reads.ts.

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
