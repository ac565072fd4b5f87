import { DEFAULT_OPTIONS, type PvOptions } from './options';
import type { Sheet } from './sheet';
import { MAST_LOSS_LEVELS, SAIL_SETTINGS, type SailLevel } from './tables';

// The movement rules every step reads of a ship (issue 40): the speed cap (C.4.10), the sailing
// crew (C.4.3), the anchor's state (C.4.6.6-7), the sinking flag (C.4.18) and a die face's range.
// The turn's procedures (resolve-turn.ts), the roster's summary (index.ts) and the rolls of other
// phases read these; resolving a move (resolve-movement.ts, which re-exports them) is Phase 1's
// and Phase 4's, and loads with their panels rather than with a battle's first screen.

export interface SpeedCap {
  rigLevels: number;
  hullLevels: number;
  mastLevels: number;
  juryRigged: boolean;
  allMastsLost: boolean;
  cap: SailLevel;
}

/** C.4.10 speed cap (C.3.15): levels lost to rigging thirds, hull thirds and masts. */
export function speedCap(s: Sheet): SpeedCap {
  const rigLevels =
    s.rigging.points <= 0
      ? 0
      : s.rigging.damage > s.rigging.points
        ? 3
        : Math.floor((3 * s.rigging.damage) / s.rigging.points);
  const hullLevels = s.hull.points <= 0 ? 0 : Math.floor((3 * s.hull.damage) / s.hull.points);
  const lostNotJury = Math.max(0, s.mastsLost - s.mastsJuryRigged);
  const perMast = MAST_LOSS_LEVELS[s.masts] ?? 1;
  const mastLevels = lostNotJury * perMast;
  const allMastsLost = s.masts > 0 && lostNotJury >= s.masts;
  let cap = Math.max(0, 3 - rigLevels - hullLevels - mastLevels);
  if (allMastsLost) cap = 0;
  const juryRigged = s.mastsJuryRigged > 0;
  // "the speed all jury rigged ships must sail at" (C.3.3)
  if (juryRigged) cap = Math.min(cap, 1);
  return { rigLevels, hullLevels, mastLevels, juryRigged, allMastsLost, cap: cap as SailLevel };
}

/** C.4.10 step 7: a ship above its cap drops to it at once (forcedSpeedDrop='immediate'). */
export function applySpeedCap(s: Sheet, options: PvOptions = DEFAULT_OPTIONS): Sheet {
  const { cap } = speedCap(s);
  if (s.sail <= cap) return s;
  const sail = (options.forcedSpeedDrop === 'immediate' ? cap : s.sail - 1) as SailLevel;
  return { ...s, sail };
}

/** Masts counted for sailing crew: standing + jury-rigged + bowsprit (C.4.3 step 1). */
export function sailingMasts(s: Sheet): number {
  return Math.max(0, s.masts - s.mastsLost + s.mastsJuryRigged) + (s.bowsprit ? 1 : 0);
}

export function sailingCrewRequired(s: Sheet, sail: SailLevel): number {
  return SAIL_SETTINGS[sail].crewPerMast * sailingMasts(s);
}

/** End of a turn of weighing: decrement; at 0 the anchor is up and the ship starts at Fighting Sail
 *  ("The next turn, the ship will pivot 45 degrees away from the wind, and start movement at fighting
 *  sail beating into the wind"). */
export function applyWeighAnchorTurn(s: Sheet): Sheet {
  if (!s.weighAnchor) return s;
  const left = s.weighAnchor.turnsLeft - 1;
  if (left > 0) return { ...s, weighAnchor: { ...s.weighAnchor, turnsLeft: left } };
  return { ...s, weighAnchor: null, anchored: false, prevSail: s.sail, sail: 1 };
}

/** C.4.6.6 dropping anchor: "If a ship has heave to, or was at sail setting fighting sail and plays
 *  no sail setting card": hove to, or at No Sail this turn after Fighting Sail the last. A Fighting
 *  Sail card played this turn is a sail setting card, so it does not qualify. */
export function canDropAnchor(s: Sheet): boolean {
  return !s.anchored && (s.heaveTo !== null || (s.sail === 0 && s.prevSail === 1));
}

/** C.4.18 / C.5 #44: flag a ship whose hull points are expended. */
export function applySinkingFlag(s: Sheet, options: PvOptions = DEFAULT_OPTIONS): Sheet {
  if (s.hull.points > 0 && s.hull.damage >= s.hull.points && !s.sinking)
    return { ...s, sinking: true, sunk: s.sunk || options.sinkTiming === 'immediate' };
  return s;
}

export function isFace(f: number, sides: number): boolean {
  return Number.isInteger(f) && f >= 1 && f <= sides;
}
