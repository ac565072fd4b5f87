import { DEFAULT_OPTIONS, type PvOptions } from './options';
import type { Sheet } from './sheet';
import { OFFICER_ROLES, type MoraleTrigger, type OfficerRole } from './tables';

// Privateers ratings-derived modifiers (C.2) and morale triggers (C.3.16): what the battle's first
// screen reads (the step's procedures, the initiative). The morale check itself (C.4.17) is in
// resolve-morale.ts, loaded with Phase 6's panel and the calculators, not with every deep link
// (issue 40).

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
