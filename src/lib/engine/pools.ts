/**
 * Sorted dice pools: both sides roll at once, each side's dice are sorted high to low and compared
 * pair by pair (Master and Commander engagements, SPEC A.4.6; Wooden Warships boarding, SPEC B.4.7).
 */
import { Dist, type DistValue } from './dist';

/** One sorted (descending) multiset of faces and the number of raw tuples (times weights) it stands for. */
interface Multiset {
  faces: number[];
  weight: bigint;
}

const FACTORIALS: bigint[] = [1n];
function factorial(n: number): bigint {
  for (let i = FACTORIALS.length; i <= n; i++) FACTORIALS.push(FACTORIALS[i - 1] * BigInt(i));
  return FACTORIALS[n];
}

/**
 * Every sorted multiset of n draws from `die`, with weight n!/Π c_v! · Π w_v^c_v (the number of
 * ordered tuples, each weighted by its faces' weights, that sort to it).
 */
export function sortedMultisets(die: Dist<number>, n: number): Multiset[] {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`pool size must be an integer >= 0, got ${n}`);
  const desc = die.pairs().reverse();
  const out: Multiset[] = [];
  const faces: number[] = [];
  const nFact = factorial(n);
  // Recurse over distinct values, highest first, choosing how many dice show each.
  const walk = (i: number, left: number, denom: bigint, w: bigint): void => {
    if (left === 0) {
      out.push({ faces: faces.slice(), weight: (nFact / denom) * w });
      return;
    }
    if (i === desc.length) return;
    const [v, wv] = desc[i];
    // The lowest value takes all dice still unassigned.
    for (let c = i === desc.length - 1 ? left : 0; c <= left; c++) {
      for (let j = 0; j < c; j++) faces.push(v);
      walk(i + 1, left - c, denom * factorial(c), w * wv ** BigInt(c));
      faces.length -= c;
    }
  };
  walk(0, n, 1n, 1n);
  return out;
}

/**
 * Exact distribution of any function of two sorted (descending) pools of independent dice.
 * Enumerates multisets with multinomial weights, not raw tuples, so 3 vs 2 d8 is cheap
 * (120 × 36 pairs instead of 32,768 tuples).
 */
export function poolOutcome<T extends DistValue>(
  dieA: Dist<number>,
  nA: number,
  dieD: Dist<number>,
  nD: number,
  f: (a: readonly number[], d: readonly number[]) => T
): Dist<T> {
  const as = sortedMultisets(dieA, nA);
  const ds = sortedMultisets(dieD, nD);
  const m = new Map<T, bigint>();
  for (const a of as) {
    for (const d of ds) {
      const v = f(a.faces, d.faces);
      m.set(v, (m.get(v) ?? 0n) + a.weight * d.weight);
    }
  }
  return Dist.of(m);
}

function sortedDesc(xs: readonly number[]): readonly number[] {
  for (let i = 1; i < xs.length; i++) {
    if (xs[i] > xs[i - 1]) return [...xs].sort((p, q) => q - p);
  }
  return xs;
}

/**
 * Highest against highest, then next…; each pair is won by the strictly higher die, ties go to
 * `ties`. Returns the number of pairs the attacker won (0..min(nA, nD)).
 * Wooden Warships boarding: "The highest score wins, and the loser removes a crewman … Defender
 * always wins ties." (SPEC B.4.7 step 4.4). Unsorted input is sorted first.
 */
export function pairwiseWins(
  a: readonly number[],
  d: readonly number[],
  ties: 'attacker' | 'defender'
): number {
  const sa = sortedDesc(a);
  const sd = sortedDesc(d);
  const n = Math.min(sa.length, sd.length);
  let wins = 0;
  for (let i = 0; i < n; i++) {
    if (sa[i] > sd[i] || (sa[i] === sd[i] && ties === 'attacker')) wins++;
  }
  return wins;
}

/**
 * Cascade: compare the highest dice; on a tie go to the next pair; the first strict difference
 * decides ("Sixes tie, move to second highest dice rolls", SPEC A.4.6 step 4). When every compared
 * pair ties, `exhausted` decides: 'defender' ("In the case of a tie with all dice, then the defender
 * is successful", the default) or 'moreDice' (the side with more dice wins, option
 * `tieExhaustion='moreDiceWins'`, SPEC A.5 #2; equal counts still go to the defender).
 * Unsorted input is sorted first.
 */
export function cascadeWinner(
  a: readonly number[],
  d: readonly number[],
  exhausted: 'defender' | 'moreDice'
): 'attacker' | 'defender' {
  const sa = sortedDesc(a);
  const sd = sortedDesc(d);
  const n = Math.min(sa.length, sd.length);
  for (let i = 0; i < n; i++) {
    if (sa[i] > sd[i]) return 'attacker';
    if (sa[i] < sd[i]) return 'defender';
  }
  if (exhausted === 'moreDice' && sa.length > sd.length) return 'attacker';
  return 'defender';
}

/**
 * True when every attacker die exceeds the defender's highest die (Master and Commander boarding:
 * "every die rolled by the attacking ship must exceed the highest die rolled by the defending ship",
 * SPEC A.3.6). With no defender dice every die succeeds.
 */
export function allExceedHighest(a: readonly number[], d: readonly number[]): boolean {
  const top = d.length === 0 ? -Infinity : Math.max(...d);
  return a.every((x) => x > top);
}
