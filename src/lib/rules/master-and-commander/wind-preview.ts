// What the Wind Die and the storm roll answer before their roll (issue 31 item 2, `move.preview`):
// the wind after the next roll, what each face of the die would do, the sand left in the glass and
// whether the roll is due, and the storm's movement roll. The wind panels (a battle's and the
// calculators page's) read these, never the resolver, the odds or the clock of their own.
import type { BattleState } from '../../engine/events';
import type { DiceNeed, MovePreview } from '../../battle/move';
import type { Dist } from '../../engine/dist';
import { err, ok, type Result } from '../../engine/result';
import { movementRollDist, windOdds, type LabelledP } from './odds';
import type { McOptions } from './options';
import { isWindRollDue, resolveWind, type WindOutcome } from './resolve-wind';
import type { SystemState } from './sheet';
import { WIND_DIE, type WindFace } from './tables';
import { viewOf, type McView } from './view';
import { windNow, windRollRefusal, type WindNow } from './turn-reads';
export { windRollRefusal } from './turn-reads';

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

export interface WindOutlook extends WindNow {
  /** The wind after the next roll, re-rolls folded in. */
  odds: LabelledP[];
  /** Each face, what it would do now (the move's own resolution). */
  faces: WindFaceOutlook[];
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
      return ok({
        ...windNow(sys, now),
        odds: windOdds(sys.wind, opts),
        faces: WIND_DIE.map((r) => ({
          pip: r.pip,
          face: r.face,
          label: r.label,
          outcome: resolveWind(sys.wind, r.face, opts)
        })),
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
