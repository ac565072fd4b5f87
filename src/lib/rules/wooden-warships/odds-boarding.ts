import { Dist, plus } from '../core/dist';
import { pairwiseWins, poolOutcome } from '../core/pools';
import { rational, type Rational } from '../core/rational';
import { boardingDiceCounts } from './resolve-boarding';
import { BOARDING_DICE, BOARDING_DIE, type CrewSkill } from './tables';

// Exact boarding odds (SPEC B.7 #3): one round by enumerating the dice (Appendix B-1), and the
// chance to take the ship if both sides fight to the end (Appendix B-2), from the same tables the
// resolver uses (BOARDING_DIE, BOARDING_DICE, pairwiseWins).

/** The distribution of one boarding die of a skill: d6, d6+1, d8+1 or d8+2 (B.3.3). */
export function boardingDie(skill: CrewSkill): Dist<number> {
  const { sides, plus: bonus } = BOARDING_DIE[skill];
  return plus(Dist.die(sides), bonus);
}

export interface RoundTable {
  na: number;
  nd: number;
  /** Weight of "the defender loses k" for k = 0..min(na, nd); the attacker loses min − k. */
  weights: bigint[];
  total: bigint;
}

const roundCache = new Map<string, RoundTable>();

/** One-round outcome weights for `na` attacker dice against `nd` defender dice (Appendix B-1). */
export function roundTable(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  na: number,
  nd: number
): RoundTable {
  const key = `${attackerSkill}|${defenderSkill}|${na}|${nd}`;
  const hit = roundCache.get(key);
  if (hit) return hit;
  const dist = poolOutcome(boardingDie(attackerSkill), na, boardingDie(defenderSkill), nd, (a, d) =>
    pairwiseWins(a, d, BOARDING_DICE.ties)
  );
  const m = Math.min(na, nd);
  const weights: bigint[] = [];
  for (let k = 0; k <= m; k++) weights.push(dist.weight(k));
  const table = { na, nd, weights, total: dist.total };
  roundCache.set(key, table);
  return table;
}

export interface RoundOutcome {
  id: 'attackerWinsAll' | 'split' | 'defenderWinsAll';
  label: string;
  attackerLosses: number;
  defenderLosses: number;
  p: Rational;
}

/** The outcomes of the next round from `attackers` v `defenders` (B.7 #3, Appendix B-1 columns). */
export function boardingRoundOdds(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number
): RoundOutcome[] {
  const { na, nd } = boardingDiceCounts(attackers, defenders);
  const t = roundTable(attackerSkill, defenderSkill, na, nd);
  const m = Math.min(na, nd);
  const out: RoundOutcome[] = [];
  for (let k = m; k >= 0; k--) {
    const id = k === m ? 'attackerWinsAll' : k === 0 ? 'defenderWinsAll' : 'split';
    const label =
      id === 'attackerWinsAll'
        ? `Defenders lose ${m}`
        : id === 'defenderWinsAll'
          ? `Boarders lose ${m}`
          : 'Each side loses 1';
    out.push({
      id,
      label,
      attackerLosses: m - k,
      defenderLosses: k,
      p: rational(t.weights[k], t.total)
    });
  }
  return out;
}

/**
 * P(capture) when both sides fight to the end from (attackers, defenders), exact.
 *
 * Every round removes at least one man, so the chain needs no linear solve (B.7 #3). To stay fast
 * at hundreds a side, values are kept as integers over a common denominator: with T = sA³·sD² (every
 * round table scaled to it), P(a, d) = N(a, d) / T^e(a, d), e = a + d − 1 for a, d ≥ 1 and 0 when a
 * side is gone; a round from (a, d) lowers a + d by 1 or 2, so N(a, d) = Σ w · N(next) · T^gap with
 * gap ≥ 0. Rows are filled in order of a with only three rows kept. No gcd until the very end.
 */
export function captureChance(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number
): Rational {
  const a0 = attackers;
  const d0 = defenders;
  if (!Number.isInteger(a0) || !Number.isInteger(d0) || a0 < 0 || d0 < 0) {
    throw new RangeError('captureChance: crews must be whole numbers');
  }
  if (d0 === 0) return rational(a0 > 0 ? 1 : 0);
  if (a0 === 0) return rational(0);
  const sA = BigInt(BOARDING_DIE[attackerSkill].sides);
  const sD = BigInt(BOARDING_DIE[defenderSkill].sides);
  const T = sA ** 3n * sD ** 2n;
  // Scaled round weights, by (na, nd): weights[k] = P(defender loses k) · T.
  const scaled = new Map<number, bigint[]>();
  for (let na = 1; na <= 3; na++) {
    for (let nd = 1; nd <= 2; nd++) {
      const t = roundTable(attackerSkill, defenderSkill, na, nd);
      const f = T / t.total;
      scaled.set(
        na * 10 + nd,
        t.weights.map((w) => w * f)
      );
    }
  }
  // e(a, d): the most rounds the fight can still last, so every round lowers e by at least 1 and
  // mostly by exactly 1 (keeps the numbers short: no padding by powers of T on the common path).
  const eRows = roundsLeftGrid(a0, d0);
  const e = (a: number, d: number) => eRows[a * (d0 + 1) + d];
  const maxE = e(a0, d0);
  const powT: bigint[] = [1n];
  for (let i = 1; i <= maxE; i++) powT.push(powT[i - 1] * T);
  // rows[a % 3][d] = N(a, d).
  const rows: bigint[][] = [[], [], []];
  for (let a = 0; a <= a0; a++) {
    const row = rows[a % 3];
    row.length = d0 + 1;
    row[0] = a > 0 ? 1n : 0n; // boarders standing, defenders gone: captured
    for (let d = 1; d <= d0; d++) {
      if (a === 0) {
        row[d] = 0n;
        continue;
      }
      // Rounds with two comparisons keep the parity of a + d, and those with one happen only on
      // the lines a = 1 or d = 1: states off those lines with the other parity are never reached.
      if (a >= 2 && d >= 2 && ((a0 + d0 - a - d) & 1) === 1) {
        row[d] = 0n;
        continue;
      }
      const na = a >= 3 ? 3 : a;
      const nd = d >= 2 ? 2 : 1;
      const w = scaled.get(na * 10 + nd) as bigint[];
      const m = w.length - 1;
      const eHere = e(a, d);
      let acc = 0n;
      for (let k = 0; k <= m; k++) {
        if (w[k] === 0n) continue;
        const an = a - (m - k);
        const dn = d - k;
        const nVal = rows[an % 3][dn];
        if (nVal === 0n) continue;
        const gap = eHere - 1 - e(an, dn);
        acc += gap === 0 ? w[k] * nVal : w[k] * nVal * powT[gap];
      }
      row[d] = acc;
    }
  }
  return reduceOverSmooth(rows[a0 % 3][d0], powT[maxE], T);
}

/** The longest the fight from (a, d) can last, in rounds, for every state up to (a0, d0). */
function roundsLeftGrid(a0: number, d0: number): Int32Array {
  const w = d0 + 1;
  const g = new Int32Array((a0 + 1) * w);
  for (let a = 1; a <= a0; a++) {
    for (let d = 1; d <= d0; d++) {
      const m = Math.min(a >= 3 ? 3 : a, d >= 2 ? 2 : 1);
      let longest = 0;
      for (let k = 0; k <= m; k++) longest = Math.max(longest, g[(a - (m - k)) * w + (d - k)]);
      g[a * w + d] = longest + 1;
    }
  }
  return g;
}

/**
 * n / den reduced, where den is a power of T and T's only prime factors are 2 and 3 (d6 and d8
 * dice): strip the common 2s and 3s instead of a general gcd on numbers thousands of bits long.
 */
function reduceOverSmooth(n: bigint, den: bigint, T: bigint): Rational {
  if (n === 0n) return rational(0);
  let num = n;
  let d = den;
  // Powers of two: shift by the common trailing zero bits.
  const tz = Math.min(trailingZeros(num), trailingZeros(d));
  if (tz > 0) {
    num >>= BigInt(tz);
    d >>= BigInt(tz);
  }
  // Powers of three: divide by 3^(2^j) while both allow it, largest chunks first.
  if (T % 3n === 0n) {
    const chunks: bigint[] = [3n];
    while (chunks[chunks.length - 1] * chunks[chunks.length - 1] <= d) {
      chunks.push(chunks[chunks.length - 1] * chunks[chunks.length - 1]);
    }
    for (let j = chunks.length - 1; j >= 0; j--) {
      const c = chunks[j];
      while (d % c === 0n && num % c === 0n) {
        num /= c;
        d /= c;
      }
    }
  }
  // Complete only for 2·3-smooth T (d6 and d8 dice); otherwise fall back to a general gcd.
  return isSmooth23(T) ? { n: num, d } : rational(num, d);
}

function trailingZeros(x: bigint): number {
  if (x === 0n) return 0;
  return (x & -x).toString(2).length - 1;
}

function isSmooth23(x: bigint): boolean {
  let y = x;
  while (y % 2n === 0n) y /= 2n;
  while (y % 3n === 0n) y /= 3n;
  return y === 1n;
}

/**
 * The same chance in doubles, every state of the grid at once (for tables and charts). Exact method,
 * floating-point arithmetic; agrees with `captureChance` to ~1e-12 (tested).
 */
export function captureChanceGrid(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  maxAttackers: number,
  maxDefenders: number
): (a: number, d: number) => number {
  const w = maxDefenders + 1;
  const grid = new Float64Array((maxAttackers + 1) * w);
  const probs = new Map<number, number[]>();
  for (let na = 1; na <= 3; na++) {
    for (let nd = 1; nd <= 2; nd++) {
      const t = roundTable(attackerSkill, defenderSkill, na, nd);
      probs.set(
        na * 10 + nd,
        t.weights.map((x) => Number(x) / Number(t.total))
      );
    }
  }
  for (let a = 0; a <= maxAttackers; a++) {
    grid[a * w] = a > 0 ? 1 : 0;
    for (let d = 1; d <= maxDefenders; d++) {
      if (a === 0) continue;
      const p = probs.get((a >= 3 ? 3 : a) * 10 + (d >= 2 ? 2 : 1)) as number[];
      const m = p.length - 1;
      let acc = 0;
      for (let k = 0; k <= m; k++) acc += p[k] * grid[(a - (m - k)) * w + (d - k)];
      grid[a * w + d] = acc;
    }
  }
  return (a, d) => grid[a * w + d];
}
