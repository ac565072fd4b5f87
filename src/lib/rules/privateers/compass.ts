// Compass arithmetic for Privateers movement (C.3.2, C.4.6), unchecked: the engine calls these with
// bearings it has parsed or checked itself (the sheet's heading, the battle's wind, a move's number
// once it is finite). resolve-movement.ts exports each behind its input check (issue 17 #9).

/** Angle θ (0–180°) between the bow and the direction the wind comes from. */
export function windAngleOf(windFromDeg: number, headingDeg: number): number {
  const d = (((windFromDeg - headingDeg) % 360) + 360) % 360;
  return d > 180 ? 360 - d : d;
}

/** Which bow the wind is on (C.3.2): 'starboard' when it comes from the right of the bow. Head to
 *  wind or dead astern counts as 'starboard'. */
export function windSideOf(windFromDeg: number, headingDeg: number): 'starboard' | 'larboard' {
  const d = (((windFromDeg - headingDeg) % 360) + 360) % 360;
  return d > 180 ? 'larboard' : 'starboard';
}

/** A bearing in 0–359.x degrees. */
export function normDegOf(deg: number): number {
  return ((deg % 360) + 360) % 360;
}

/** Heading 45° off the wind with the wind on the given bow: where a tack ends ("The stern is
 *  pivoted another 45 degrees", C.4.6.5) and where a ship weighing anchor starts ("pivot 45 degrees
 *  away from the wind", C.4.6.7). */
export function closeHauledHeadingOf(windFromDeg: number, side: 'starboard' | 'larboard'): number {
  return normDegOf(windFromDeg + (side === 'starboard' ? -45 : 45));
}

/** Heading broadside to the wind on the side nearer the current heading ("pivots by its stern until
 *  it is broadside to the wind", C.4.6.3). */
export function broadsideToWindHeadingOf(windFromDeg: number, headingDeg: number): number {
  return normDegOf(windFromDeg + (windSideOf(windFromDeg, headingDeg) === 'starboard' ? -90 : 90));
}
