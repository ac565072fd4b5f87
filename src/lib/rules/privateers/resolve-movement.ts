import { guarded, numberIn, oneOf, type Check } from '../../engine/inputs';
import { err, ok, type Result } from '../../engine/result';
import {
  broadsideToWindHeadingOf,
  closeHauledHeadingOf,
  normDegOf,
  windAngleOf,
  windSideOf
} from './compass';
import type { PvOptions } from './options';
import { DEFAULT_OPTIONS } from './options';
import type { Sheet } from './sheet';
import { SAIL_SETTINGS, type Maneuver, type PointOfSail, type SailLevel } from './tables';
import { POINTS_OF_SAIL, TASK_CHECKS } from './tables-play';

// Privateers movement: point of sail (C.3.2), orders (C.4.2), allotment (C.4.6.1), tacking
// (C.4.6.5), anchoring (C.4.6.6–7) and drift. The speed cap (C.4.10), the sailing crew, the
// anchor's turns and the sinking flag, which every step reads, are movement-reads.ts (issue 40).
import { applySpeedCap, canDropAnchor, isFace, speedCap } from './movement-reads';
export {
  applySinkingFlag,
  applySpeedCap,
  applyWeighAnchorTurn,
  canDropAnchor,
  isFace,
  sailingCrewRequired,
  sailingMasts,
  speedCap,
  type SpeedCap
} from './movement-reads';

/** A bearing the screens give (a heading or the wind, 0–360°) and an angle they turn through. */
const bearing = (name: string, v: unknown): Check => numberIn(name, v, 0, 360);
const MAX_ANGLE = 720;

/** Angle θ (0–180°) between the bow and the direction the wind comes from. */
export const windAngle = guarded(
  (windFromDeg: number, headingDeg: number) =>
    bearing('The wind bearing', windFromDeg) ?? bearing('The heading', headingDeg),
  windAngleOf
);

/** C.3.2 point of sail from θ; boundaries per `pointOfSailBoundary` (C.5 #14). */
export function pointOfSail(theta: number, options: PvOptions = DEFAULT_OPTIONS): PointOfSail {
  const aft = options.pointOfSailBoundary === 'boundaryGoesAft';
  let out: PointOfSail = 'inIrons';
  for (const p of POINTS_OF_SAIL) {
    if (aft ? theta >= p.fromDeg : theta > p.fromDeg || p.fromDeg === 0) out = p.id;
  }
  return out;
}

export interface OrdersInput {
  sail: SailLevel;
  maneuver: Maneuver;
  pointOfSail: PointOfSail;
}

/** C.4.2 Phase 1: validate the sail setting and maneuver; returns every reason it cannot be done.
 *  `s.sail` is the setting before this turn's orders. */
export function validateOrders(
  s: Sheet,
  o: OrdersInput,
  options: PvOptions = DEFAULT_OPTIONS
): Result<OrdersInput, string[]> {
  const problems: string[] = [];
  const { cap } = speedCap(s);
  // C.4.10 step 7 (`forcedSpeedDrop`): a ship above its cap ('oneLevelPerTurn') must come down one
  // level now; under 'immediate' the drop to the cap is free and the one-level rule counts from it.
  const over = s.sail > cap;
  const p = over && options.forcedSpeedDrop === 'immediate' ? cap : s.sail;
  if (over && options.forcedSpeedDrop === 'oneLevelPerTurn') {
    if (o.sail !== s.sail - 1)
      problems.push(
        `Damage limits the ship to ${SAIL_SETTINGS[cap].label}: it must drop one level this turn, to ${SAIL_SETTINGS[s.sail - 1].label}.`
      );
  } else {
    if (Math.abs(o.sail - p) > 1)
      problems.push(
        '"A player may increase or decrease his ships speed by only one level each turn."'
      );
    if (o.sail > cap) problems.push(`Damage limits the ship to ${SAIL_SETTINGS[cap].label}.`);
  }
  if (o.sail === 3 && !(p === 2 || (p === 3 && options.fullSailHold)))
    problems.push('"A ship may move at full speed if it was at medium sail the previous turn."');
  if (s.anchored && o.sail > 1)
    problems.push(
      '"The first sail setting a ship may adopt from anchor setting" is Fighting Sail.'
    );
  // Weighing anchor ends with the ship under Fighting Sail the next turn (C.4.6.7): while the
  // anchor is down, only No Sail is possible.
  if (s.anchored && o.sail > 0) problems.push('The anchor is down: weigh anchor first.');
  if (s.mastsJuryRigged > 0 && o.sail > 1)
    problems.push('"the speed all jury rigged ships must sail at" is Fighting Sail.');
  // A square-rigger head to wind (or taken aback) finishes its tack with the tacking roll on the
  // next turn (C.4.6.5): the tack card stays in play, whatever the point of sail now.
  const isTacking = s.tack !== 'none';
  // A ship hove to stays broadside to the wind until it restarts (C.4.6.3): heaving to again keeps
  // it stopped, whatever the point of sail now.
  const staysHoveTo = s.heaveTo !== null && o.maneuver === 'heaveTo';
  if (isTacking && o.maneuver !== 'tack')
    problems.push('The ship is head to wind: the tack is finished with the tacking roll.');
  if (
    !isTacking &&
    !staysHoveTo &&
    (o.maneuver === 'heaveTo' || o.maneuver === 'tack') &&
    o.pointOfSail !== 'beating'
  )
    problems.push('Heaving to and tacking start while Beating.');
  if (
    s.rudderHit &&
    (o.pointOfSail === 'beating' || o.maneuver === 'tack' || o.maneuver === 'heaveTo')
  )
    problems.push('Rudder hit: "Ship will not sail into the wind" (no Beating, tack or heave to).');
  if (s.helmHit.straightNextTurn && o.maneuver !== 'straight')
    problems.push('Helm/Tiller hit: "May not alter course next turn".');
  return problems.length ? err(problems) : ok(o);
}

/** Which bow the wind is on (C.3.2); a side, never a figure, so it needs no check. */
export const windSide = windSideOf;

/** A bearing in 0–359.x degrees, from a heading turned by up to two full circles either way. */
export const normDeg = guarded(
  (deg: number) => numberIn('The angle', deg, -MAX_ANGLE, MAX_ANGLE),
  normDegOf
);

/** Where a tack ends, 45° off the wind on the given bow (C.4.6.5, C.4.6.7). */
export const closeHauledHeading = guarded(
  (windFromDeg: number, side: 'starboard' | 'larboard') =>
    bearing('The wind bearing', windFromDeg) ?? oneOf('The tack', side, ['starboard', 'larboard']),
  closeHauledHeadingOf
);

/** Broadside to the wind on the side nearer the heading (heaving to, C.4.6.3). */
export const broadsideToWindHeading = guarded(
  (windFromDeg: number, headingDeg: number) =>
    bearing('The wind bearing', windFromDeg) ?? bearing('The heading', headingDeg),
  broadsideToWindHeadingOf
);

/** C.4.6.1 movement allotment in inches; 0 in irons, at No Sail or with no sailing movement. */
export function allotment(s: Sheet, pos: PointOfSail, sail: SailLevel = s.sail): number {
  if (pos === 'inIrons' || sail === 0 || s.anchored) return 0;
  if (speedCap(s).cap === 0) return 0;
  return s.sailingRates[pos][sail - 1];
}

/** C.4.6.3 / Errata 20: restarting after heaving to — first leg half the Fighting rate, second leg
 *  half the rate of the setting before heaving to. */
export function heaveToRestart(s: Sheet, pos: PointOfSail, sailBefore: SailLevel): number {
  if (pos === 'inIrons') return 0;
  const r = s.sailingRates[pos];
  return r[0] / 2 + (sailBefore >= 1 ? r[sailBefore - 1] / 2 : 0);
}

/** "the ship will drift in inches per a six sided dice roll down wind" (No Sail, not anchored). */
export function resolveDrift(s: Sheet, face: number): Result<number> {
  if (s.anchored || s.sail !== 0) return err('Only a ship at No Sail that is not anchored drifts.');
  if (!isFace(face, 6)) return err('Drift needs a d6 face 1–6.');
  return ok(face);
}

export interface TackOutcome {
  roll: number;
  modified: number;
  success: boolean;
  takenAback: boolean;
  mastRoll: number | null;
  mastLost: boolean;
}

/** C.4.6.5 turn T+1 of a square-rigger's tack: d12 + initiativeMod ≥ 4; else taken aback and a
 *  d12 of 1–3 loses a mast. `mastFace` is needed only when the tack fails. */
export function resolveTack(
  initiativeMod: number,
  face: number,
  mastFace?: number
): Result<TackOutcome> {
  if (!isFace(face, 12)) return err('The tacking roll needs a d12 face 1–12.');
  const modified = face + initiativeMod;
  if (modified >= TASK_CHECKS.tack)
    return ok({
      roll: face,
      modified,
      success: true,
      takenAback: false,
      mastRoll: null,
      mastLost: false
    });
  if (mastFace === undefined || !isFace(mastFace, 12))
    return err('Taken aback: roll a d12 for losing a mast (1–3 loses it).');
  return ok({
    roll: face,
    modified,
    success: false,
    takenAback: true,
    mastRoll: mastFace,
    mastLost: mastFace <= TASK_CHECKS.takenAbackMastLostUpTo
  });
}

export function applyTack(s: Sheet, o: TackOutcome, options: PvOptions = DEFAULT_OPTIONS): Sheet {
  if (o.success) return { ...s, tack: 'none' };
  const lost = o.mastLost && s.mastsLost < s.masts ? 1 : 0;
  const next: Sheet = {
    ...s,
    mastsLost: s.mastsLost + lost,
    tack: options.tackFailure === 'remainHeadToWindRetry' ? 'takenAback' : 'none'
  };
  return applySpeedCap(next, options);
}

/** C.4.6.7 weighing anchor: turns = max(1, d12 − crew). */
export function resolveWeighAnchor(crew: number, face: number): Result<{ turns: number }> {
  if (!isFace(face, 12)) return err('Weighing anchor needs a d12 face 1–12.');
  if (crew < 0) return err('Crew cannot be negative.');
  return ok({ turns: Math.max(1, face - crew) });
}

export function applyWeighAnchorStart(s: Sheet, crew: number, turns: number): Sheet {
  return { ...s, weighAnchor: { crew, turnsLeft: turns } };
}

/** "It may move in the same direction as it had the previous turn up to 3"" before dropping
 *  anchor (C.4.6.6 step 2). */
export const DROP_ANCHOR_MAX_MOVE = 3;

export function applyDropAnchor(s: Sheet): Result<Sheet> {
  if (!canDropAnchor(s))
    return err(
      'Only a ship hove to, or one at Fighting Sail last turn that plays No Sail, can drop anchor.'
    );
  return ok({ ...s, anchored: true, prevSail: s.sail, sail: 0, heaveTo: null });
}
