import { DEFAULT_OPTIONS, type PvOptions } from './options';
import type { Sheet } from './sheet';

// What the turn model reads of a ship's tasks (the guns to reload, the fire's attempt due, the
// pumps), apart from the tasks' resolvers: the battle's first screen reads these and loads neither
// the resolvers nor the gunnery they apply (issue 40). resolve-tasks re-exports them.

export interface ReloadGun {
  id: string;
  gunnerSighted: boolean;
  doubleShotOrdered: boolean;
}

export function reloadGunsOf(s: Sheet): ReloadGun[] {
  const gunnerOn = s.officers.gunner.present ? s.assignments.gunnerSights : null;
  return s.guns
    .filter((g) => !g.loaded && !g.destroyed)
    .map((g) => ({
      id: g.id,
      gunnerSighted: g.id === gunnerOn,
      doubleShotOrdered: g.doubleShotOrdered
    }));
}

/** The attempt due this turn for a burning ship, or null on the ignition turn under the default
 *  timeline (Errata 3: the ignition turn does 5 points and no attempt). */
export function fireAttemptDue(
  s: Sheet,
  turn: number,
  options: PvOptions = DEFAULT_OPTIONS
): 1 | 2 | 3 | null {
  if (!s.onFire.burning || s.onFire.attempt >= 3) return null;
  if (options.fireTimeline === 'firstAttemptNextTurn' && s.onFire.ignitedOnTurn === turn)
    return null;
  return (s.onFire.attempt + 1) as 1 | 2 | 3;
}

/** What Phase 6 does about a fire this turn (Errata 3): the ignition turn's 5 points under the
 *  default timeline, an attempt (1–3), or nothing. */
export function firePhaseStep(
  s: Sheet,
  turn: number,
  options: PvOptions = DEFAULT_OPTIONS
): { kind: 'ignitionDamage' } | { kind: 'attempt'; attempt: 1 | 2 | 3 } | null {
  if (!s.onFire.burning || s.burnedUp) return null;
  const due = fireAttemptDue(s, turn, options);
  if (due !== null) return { kind: 'attempt', attempt: due };
  return s.onFire.ignitedOnTurn === turn ? { kind: 'ignitionDamage' } : null;
}

/** C.4.3 step 3 / C.4.16 step 2: pumps needed after a Water Line critical or ≥ 3/4 hull damage. */
export function pumpsNeeded(s: Sheet): boolean {
  return s.waterline || (s.hull.points > 0 && 4 * s.hull.damage >= 3 * s.hull.points);
}
