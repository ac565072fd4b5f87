// Master and Commander: engagement geometry on the grid (SPEC A.4.5, [DEFAULT]
// broadsideGeometry='strictAbeam'), for a battle that tracks positions. Without a map the referee
// answers the same questions (option 'refereeConfirms').
import { ENGAGEMENT_RANGE, TURN_RIGHT, type Compass, type GameVariant } from './tables';

export interface GridPos {
  col: number;
  row: number;
}

export interface Placed {
  pos: GridPos;
  heading: Compass;
}

/** Unit step of each heading; columns grow to the east, rows to the south. */
export const STEP: Readonly<Record<Compass, GridPos>> = {
  N: { col: 0, row: -1 },
  E: { col: 1, row: 0 },
  S: { col: 0, row: 1 },
  W: { col: -1, row: 0 }
};

/** The target's offset in the ship's own frame: `forward` along the bow, `lateral` to starboard. */
export function offsetInFrame(from: Placed, to: GridPos): { forward: number; lateral: number } {
  const dc = to.col - from.pos.col;
  const dr = to.row - from.pos.row;
  const f = STEP[from.heading];
  const r = STEP[TURN_RIGHT[from.heading]];
  return { forward: dc * f.col + dr * f.row, lateral: dc * r.col + dr * r.row };
}

export interface EngagementGeometry {
  /** "the side of the attacking ship … is facing the attacked ship": straight abeam. */
  isBroadside: boolean;
  /** Squares between them along the abeam line (0 when not abeam). */
  distance: number;
  /** Broadside and "in an adjacent square or one square away" (Beginner: "next to"). */
  canFire: boolean;
  /** Both ships broadside to one another: the counter-attack is allowed (SPEC A.4.8). */
  isMutualBroadside: boolean;
  /** The attacker lies broadside in the square right before the target's bow (SPEC A.4.5 #6). */
  isBeforeTargetBow: boolean;
  /** Adjacent, and broadside to broadside or broadside to bow (SPEC A.3.6 #3, #4). */
  isBoardingPosition: boolean;
}

export function engagementGeometry(
  attacker: Placed,
  target: Placed,
  variant: GameVariant
): EngagementGeometry {
  const a = offsetInFrame(attacker, target.pos);
  const isBroadside = a.forward === 0 && a.lateral !== 0;
  const distance = isBroadside ? Math.abs(a.lateral) : 0;
  const range = variant === 'beginner' ? ENGAGEMENT_RANGE.beginner : ENGAGEMENT_RANGE.standard;
  const t = offsetInFrame(target, attacker.pos);
  const isTargetBroadside = t.forward === 0 && t.lateral !== 0;
  const isMutualBroadside = isBroadside && isTargetBroadside;
  const isBeforeTargetBow = isBroadside && t.forward === 1 && t.lateral === 0;
  return {
    isBroadside,
    distance,
    canFire: isBroadside && range.includes(distance),
    isMutualBroadside,
    isBeforeTargetBow,
    isBoardingPosition: distance === 1 && (isMutualBroadside || isBeforeTargetBow)
  };
}
