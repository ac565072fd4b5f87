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

/**
 * The value a stepper in 'typed' mode keeps (an angle, #14 item 3): what was typed or stepped, to
 * 0.1, never snapped to the buttons' step (44° stays 44°: In Irons, not Beating). With a `period`
 * the value goes round (a compass bearing: 360° is 0°, −5° is 355°); otherwise it is clamped to
 * [min, max]. Something that is not a number → null (nothing is kept).
 */
export function keepTyped(
  requested: number,
  bounds: { period: number } | { min: number; max: number }
): number | null {
  if (!Number.isFinite(requested)) return null;
  const tenth = Math.round(requested * 10) / 10;
  if ('period' in bounds) {
    const p = bounds.period;
    const w = Math.round((((tenth % p) + p) % p) * 10) / 10;
    return w === p ? 0 : w;
  }
  const v = Math.min(bounds.max, Math.max(bounds.min, tenth));
  return v === 0 ? 0 : v; // not -0
}
