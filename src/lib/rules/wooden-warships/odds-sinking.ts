import { rational, type Rational } from '../../engine/rational';
import { Dist } from '../../engine/dist';
import { guarded, intIn, oneOf } from '../../engine/inputs';
import { damageDist } from './odds-gunnery';
import type { FirePlan } from './resolve-gunnery';

// The chance an attack sinks its target (SPEC B.7 #2 applied to option `sinkWhen = 'hullZero'`,
// B.4.9 step 2): the hull goes to max(0, hull − D) and she sinks at 0, so she sinks when the
// damage D to the hull is at least her hull now. Exact, from the same damage distribution the
// odds show; damage to the crew or the rigging never sinks her.

/** P(D ≥ hull now) for a hull attack from a damage distribution; 0 for another area. */
function sinkingChanceOfDist(
  damage: Dist<number>,
  area: FirePlan['area'],
  hullNow: number
): Rational {
  if (area !== 'hull') return rational(0);
  if (hullNow <= 0) return rational(1);
  return damage.probWhere((d) => d >= hullNow);
}

/** The chance the attack planned sinks a target whose hull is `hullNow`, before any roll. */
export function sinkingChance(plan: FirePlan, hullNow: number): Rational {
  return plan.area === 'hull'
    ? sinkingChanceOfDist(damageDist(plan), plan.area, hullNow)
    : rational(0);
}

/** The hull points a sheet can hold (no chart comes near it). */
const MAX_HULL = 1_000_000;

/** `sinkingChanceOfDist` for the damage odds shown and a hull from the screen, checked. */
export const sinkingChanceOf = guarded(
  (damage: Dist<number>, area: FirePlan['area'], hullNow: number) =>
    (damage instanceof Dist ? null : 'The damage odds are missing') ??
    oneOf('The target area', area, ['hull', 'crew', 'rigging']) ??
    intIn('The hull', hullNow, 0, MAX_HULL),
  sinkingChanceOfDist
);
