/**
 * Brute-force reference for the odds tests: enumerates every ordered tuple of faces, one by one,
 * with no cleverness, so the fast code in dist.ts and pools.ts can be checked against it.
 */
import { Dist, type DistValue } from './dist';

/**
 * Calls `visit` with every ordered tuple of draws from `dice` and its weight (product of the face
 * weights). The faces array is reused between calls: copy it if you keep it.
 */
export function forEachTuple(
  dice: readonly Dist<number>[],
  visit: (faces: readonly number[], weight: bigint) => void
): void {
  const lists = dice.map((d) => d.pairs());
  const n = dice.length;
  const idx = new Array<number>(n).fill(0);
  const faces = lists.map((l) => l[0][0]);
  const isUnit = lists.every((l) => l.every(([, w]) => w === 1n));
  for (;;) {
    let w = 1n;
    if (!isUnit) for (let k = 0; k < n; k++) w *= lists[k][idx[k]][1];
    visit(faces, w);
    let k = n - 1;
    while (k >= 0 && ++idx[k] === lists[k].length) {
      idx[k] = 0;
      faces[k] = lists[k][0][0];
      k--;
    }
    if (k < 0) return;
    faces[k] = lists[k][idx[k]][0];
  }
}

/** Exact distribution of f over all tuples, by enumeration. */
export function bruteForce<T extends DistValue>(
  dice: readonly Dist<number>[],
  f: (faces: readonly number[]) => T
): Dist<T> {
  if (dice.length === 0) return Dist.constant(f([]));
  if (dice.every((d) => d.pairs().every(([, w]) => w === 1n))) {
    // Plain dice: count tuples with ordinary numbers (exact below 2^53), convert at the end.
    const counts = new Map<T, number>();
    forEachTuple(dice, (faces) => {
      const v = f(faces);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    });
    return Dist.of([...counts].map(([v, c]) => [v, BigInt(c)] as const));
  }
  const m = new Map<T, bigint>();
  forEachTuple(dice, (faces, w) => {
    const v = f(faces);
    m.set(v, (m.get(v) ?? 0n) + w);
  });
  return Dist.of(m);
}

/** Same probabilities (totals may differ by a common factor). */
export function sameDist<T extends DistValue>(a: Dist<T>, b: Dist<T>): boolean {
  const pa = a.pairs();
  if (pa.length !== b.pairs().length) return false;
  return pa.every(([v, w]) => w * b.total === b.weight(v) * a.total);
}

export const repeat = <T>(x: T, n: number): T[] => new Array<T>(n).fill(x);

/**
 * A checked engine function (issue 17 #9) as the brute-force tests call it: the value for inputs in
 * range, and a failed test — not a silent fallback — if the check refuses one.
 */
export function unchecked<A extends unknown[], R>(
  fn: (...args: A) => { ok: true; value: R } | { ok: false; error: string }
): (...args: A) => R {
  return (...args) => {
    const r = fn(...args);
    if (!r.ok) throw new Error(`refused: ${r.error}`);
    return r.value;
  };
}
