/**
 * Brute-force reference for the odds tests: enumerates every ordered tuple of faces, one by one,
 * with no cleverness, so the fast code in dist.ts and pools.ts can be checked against it.
 */
import { Dist, type DistValue } from './dist';

/** Every ordered tuple of draws from `dice` with its weight (product of the face weights). */
export function* tuples(dice: readonly Dist<number>[]): Generator<[number[], bigint]> {
  const lists = dice.map((d) => d.pairs());
  const idx = new Array<number>(dice.length).fill(0);
  if (lists.some((l) => l.length === 0)) return;
  for (;;) {
    let w = 1n;
    const faces = idx.map((i, k) => {
      const [v, x] = lists[k][i];
      w *= x;
      return v;
    });
    yield [faces, w];
    let k = dice.length - 1;
    while (k >= 0 && ++idx[k] === lists[k].length) idx[k--] = 0;
    if (k < 0) return;
  }
}

/** Exact distribution of f over all tuples, by enumeration. */
export function bruteForce<T extends DistValue>(
  dice: readonly Dist<number>[],
  f: (faces: number[]) => T
): Dist<T> {
  const m = new Map<T, bigint>();
  for (const [faces, w] of tuples(dice)) {
    const v = f(faces);
    m.set(v, (m.get(v) ?? 0n) + w);
  }
  return Dist.of(m);
}

/** Same probabilities (totals may differ by a common factor). */
export function sameDist<T extends DistValue>(a: Dist<T>, b: Dist<T>): boolean {
  const pa = a.pairs();
  if (pa.length !== b.pairs().length) return false;
  return pa.every(([v, w]) => w * b.total === b.weight(v) * a.total);
}

export const repeat = <T>(x: T, n: number): T[] => new Array<T>(n).fill(x);
