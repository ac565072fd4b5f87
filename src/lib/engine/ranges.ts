/**
 * A range table: ordered bands, each with an inclusive upper bound, e.g. the Privateers range bands
 * (SPEC C.3.6) or a Wooden Warships hit-table distance band (SPEC B.4.5 step 4).
 */
export interface RangeBand<T> {
  upTo: number;
  value: T;
}

/**
 * The value of the first band whose inclusive upper bound is at least `x`; `undefined` when `x` is
 * beyond the last band (out of range) or not a number. Bands must be sorted by `upTo` ascending.
 */
export function lookupRange<T>(bands: readonly RangeBand<T>[], x: number): T | undefined {
  if (Number.isNaN(x)) return undefined;
  for (const band of bands) {
    if (x <= band.upTo) return band.value;
  }
  return undefined;
}

/** True when the bands are strictly ascending by `upTo`. Test seam (issue 35): a table typo check
 *  for the tables' tests. */
export function isAscending<T>(bands: readonly RangeBand<T>[]): boolean {
  for (let i = 1; i < bands.length; i++) {
    if (!(bands[i].upTo > bands[i - 1].upTo)) return false;
  }
  return true;
}
