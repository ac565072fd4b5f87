// What the Wind Die and the storm roll answer before their roll (issue 31 item 2, `move.preview`):
// the wind after the next roll, what each face of the die would do, the sand left in the glass and
// whether the roll is due, and the storm's movement roll. The wind panels (a battle's and the
// calculators page's) read these, never the resolver, the odds or the clock of their own.
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import type { Dist } from '../../engine/dist';
import { err, ok, type Result } from '../../engine/result';
import { formatHourglass, hourglassRemainingMs, isSandRunOut } from './hourglass';
import { movementRollDist, windOdds, type LabelledP } from './odds';
import type { McOptions } from './options';
import { describeWind, isWindRollDue, resolveWind, type WindOutcome } from './resolve-wind';
import type { SystemState, WindState } from './sheet';
import { WIND_DIE, type WindFace } from './tables';
import { playerName, viewOf, type McView } from './view';

/**
 * Why the Wind Die may not be rolled now, or null when it is due: before the first turn, and before
 * a player's turn when the sand ran out ("each time the hourglass is emptied"). Mid-turn the wind
 * holds: "If the hourglass empties in the middle of a player's turn, the wind remains the same until
 * this player has finished his or her turn."
 */
export function windRollRefusal(sys: SystemState, now: number): string | null {
  if (sys.variant === 'beginner')
    return 'The Beginner game has no Wind Die: each ship rolls a die for its movement.';
  if (sys.wind === null || sys.windRollPending) return null;
  if (isSandRunOut(sys.hourglass, now))
    return `The sand ran out during ${playerName(sys, sys.activePlayerId ?? '')}'s turn: the wind holds until it ends, then the next player rolls the Wind Die.`;
  const left = hourglassRemainingMs(sys.hourglass, now) ?? 0;
  return `The sand is still running (${formatHourglass(left)} left): the Wind Die is rolled "each time the hourglass is emptied". Undo a mis-roll instead.`;
}

/** Why the storm roll may not be made now, or null: only in a storm, once a turn (A.4.3 step 6). */
export function stormRollRefusal(sys: SystemState): string | null {
  if (sys.wind === null || !('storm' in sys.wind)) return 'There is no storm.';
  if (sys.stormRoll !== null)
    return `The storm roll for this turn is made: ${sys.stormRoll}. "One roll for the player's whole fleet."`;
  return null;
}

/** The instant a wind preview is asked at: the Wind Die's due-ness and the sand depend on it. */
export interface WindAim {
  now: number;
}

/** One face of the Wind Die and what rolling it now would do. */
export interface WindFaceOutlook {
  pip: number;
  face: WindFace;
  /** The die's own word for it (S, Storm, Steady). */
  label: string;
  outcome: WindOutcome;
}

export interface WindOutlook {
  /** The wind now, and its name ("Southerly (from the south)", "Storm", "No wind yet"). */
  wind: WindState | null;
  windName: string;
  /** The wind after the next roll, re-rolls folded in. */
  odds: LabelledP[];
  /** Each face, what it would do now (the move's own resolution). */
  faces: WindFaceOutlook[];
  /** The sand held by the glass, its milliseconds left at `now` (null: not turned), run out. */
  glass: { durationMs: number; remainingMs: number | null; isRunOut: boolean };
  /** "The next player to move rolls the Wind Die" now (before the first turn, sand run out). */
  isRollDue: boolean;
  /** Why the move would refuse a roll now (null: it would take it). */
  refusal: string | null;
}

const viewThen = <T>(state: BattleState, f: (view: McView) => Result<T>): Result<T> => {
  const v = viewOf(state);
  return v.ok ? f(v.value) : v;
};

/** The Wind Die (SPEC A.4.3): one d6 for the pips, the sea's roll (the meaning's side 'Wind'). */
export const WIND_DIE_NEED: DiceNeed = {
  count: 1,
  sides: 6,
  label: 'Wind Die',
  ship: null,
  isHighGood: true
};

export const windPreview: MovePreview<WindAim, WindOutlook, McOptions> = {
  odds: (state, { now }, opts) =>
    viewThen(state, (view) => {
      const sys = view.system;
      if (sys.variant === 'beginner') return err(windRollRefusal(sys, now) ?? '');
      const left = hourglassRemainingMs(sys.hourglass, now);
      return ok({
        wind: sys.wind,
        windName: describeWind(sys.wind),
        odds: windOdds(sys.wind, opts),
        faces: WIND_DIE.map((r) => ({
          pip: r.pip,
          face: r.face,
          label: r.label,
          outcome: resolveWind(sys.wind, r.face, opts)
        })),
        glass: {
          durationMs: sys.hourglass.seconds * 1000,
          remainingMs: left,
          isRunOut: isSandRunOut(sys.hourglass, now)
        },
        isRollDue: isWindRollDue(sys, now),
        refusal: windRollRefusal(sys, now)
      });
    }),
  dice: (state, { now }) =>
    viewThen(state, (view) => {
      const refusal = windRollRefusal(view.system, now);
      return refusal === null ? ok([WIND_DIE_NEED]) : err(refusal);
    })
};

export interface StormOutlook {
  /** The squares every ship of the fleet may move: one d6 (SPEC A.7.1). */
  squares: Dist<number>;
  /** This turn's roll once made. */
  roll: number | null;
}

/** The storm's movement roll: "one roll for the player's whole fleet", the active captain's. */
export const stormPreview: MovePreview<Record<string, never>, StormOutlook, McOptions> = {
  odds: (state) =>
    viewThen(state, (view) => {
      const sys = view.system;
      if (sys.wind === null || !('storm' in sys.wind)) return err('There is no storm.');
      return ok({ squares: movementRollDist(), roll: sys.stormRoll });
    }),
  dice: (state) =>
    viewThen(state, (view) => {
      const refusal = stormRollRefusal(view.system);
      if (refusal !== null) return err(refusal);
      return ok([{ count: 1, sides: 6, label: 'storm movement', ship: null, isHighGood: true }]);
    })
};
