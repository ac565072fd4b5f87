/**
 * The value a stepper keeps for a requested one: a whole multiple of `step` (counted from `min`
 * when `min` is finite, otherwise from 0), inside [min, max]. Typed-in decimals and out-of-range
 * numbers snap to the nearest allowed value instead of being stored as they are.
 */
export function clampStep(requested: number, min: number, max: number, step = 1): number {
  if (!Number.isFinite(requested)) return Number.isFinite(min) ? min : 0;
  const base = Number.isFinite(min) ? min : 0;
  const stepped = step > 0 ? base + Math.round((requested - base) / step) * step : requested;
  if (stepped < min) return min;
  if (stepped === 0) return 0; // not -0, which would print as "-0" in some places
  if (stepped > max) {
    // The largest allowed multiple not above max.
    return step > 0 && Number.isFinite(max) ? base + Math.floor((max - base) / step) * step : max;
  }
  return stepped;
}
