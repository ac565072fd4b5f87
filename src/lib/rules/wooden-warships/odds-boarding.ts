import { Dist, plus } from '../../engine/dist';
import { pairwiseWins, poolOutcome } from '../../engine/pools';
import { rational, type Rational } from '../../engine/rational';
import { firstProblem, guarded, intIn, oneOf } from '../../engine/inputs';
import { boardingDiceCountsOf as boardingDiceCounts } from './tables';
import {
  BOARDING_DICE,
  BOARDING_DIE,
  CREW_SKILLS,
  MAX_BOARDING_CREW,
  type CrewSkill
} from './tables';

// Exact boarding odds (SPEC B.7 #3): one round by enumerating the dice (Appendix B-1), and the
// chance to take the ship if both sides fight to the end (Appendix B-2), from the same tables the
// resolver uses (BOARDING_DIE, BOARDING_DICE, pairwiseWins).

/** The distribution of one boarding die of a skill: d6, d6+1, d8+1 or d8+2 (B.3.3). */
function boardingDieOf(skill: CrewSkill): Dist<number> {
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
function roundTableOf(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  na: number,
  nd: number
): RoundTable {
  const key = `${attackerSkill}|${defenderSkill}|${na}|${nd}`;
  const hit = roundCache.get(key);
  if (hit) return hit;
  const dist = poolOutcome(
    boardingDieOf(attackerSkill),
    na,
    boardingDieOf(defenderSkill),
    nd,
    (a, d) => pairwiseWins(a, d, BOARDING_DICE.ties)
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
function boardingRoundOddsOf(
  attackerSkill: CrewSkill,
  defenderSkill: CrewSkill,
  attackers: number,
  defenders: number
): RoundOutcome[] {
  const { na, nd } = boardingDiceCounts(attackers, defenders);
  const t = roundTableOf(attackerSkill, defenderSkill, na, nd);
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

/** Round weights of one skill pairing, every table scaled to the common total T = sA³·sD². */
interface Chain {
  T: bigint;
  /** By na·10 + nd: weights[k] = P(defender loses k) · T. */
  scaled: Map<number, bigint[]>;
}

const chainCache = new Map<string, Chain>();

function chainOf(attackerSkill: CrewSkill, defenderSkill: CrewSkill): Chain {
  const key = `${attackerSkill}|${defenderSkill}`;
  const hit = chainCache.get(key);
  if (hit) return hit;
  const T =
    BigInt(BOARDING_DIE[attackerSkill].sides) ** 3n *
    BigInt(BOARDING_DIE[defenderSkill].sides) ** 2n;
  const scaled = new Map<number, bigint[]>();
  for (let na = 1; na <= 3; na++) {
    for (let nd = 1; nd <= 2; nd++) {
      const t = roundTableOf(attackerSkill, defenderSkill, na, nd);
      const f = T / t.total;
      scaled.set(
        na * 10 + nd,
        t.weights.map((w) => w * f)
      );
    }
  }
  const chain = { T, scaled };
  chainCache.set(key, chain);
  return chain;
}

function weightsOf(chain: Chain, na: number, nd: number): bigint[] {
  return chain.scaled.get(na * 10 + nd) as bigint[];
}

/** The crews checked, and the chance when a side is already gone; null while both can fight. */
function settledCaptureChance(attackers: number, defenders: number): Rational | null {
  if (
    !Number.isInteger(attackers) ||
    !Number.isInteger(defenders) ||
    attackers < 0 ||
    defenders < 0
  ) {
    throw new RangeError('captureChance: crews must be whole numbers');
  }
  if (defenders === 0) return rational(attackers > 0 ? 1 : 0);
  if (attackers === 0) return rational(0);
  return null;
}

/**
 * P(capture) when both sides fight to the end from (attackers, defenders), exact (SPEC B.7 #3).
 *
 * Same chain and round tables as `captureChanceByGrid`, solved without visiting every state:
 * - Inside I = {a ≥ 3, d ≥ 2} every round is 3 dice against 2 with two comparisons, so after n
 *   rounds with K defender losses the state is (a0 − 2n + K, d0 − K) and its weight is the
 *   coefficient c(n, K) = [x^K] (w0 + w1·x + w2·x²)^n (w_k = the 3 v 2 round table over T).
 *   Both crews only ever shrink, so a state inside I was inside at every earlier round: no path
 *   that reaches it has left I, and c(n, K) needs no correction for the boundary.
 * - A fight leaves I once, from a state with d ≤ 3 or a ≤ 4, and never comes back (a ≤ 2 or d ≤ 1
 *   only shrink). Outside I the chance is a short line recursion along a = 1, a = 2 and d = 1.
 * - So P = Σ over exits of c(n, K) · w_s · P(capture | exit state), with c(n, K) needed only along
 *   the four lines K = d0 − 2, d0 − 3 and J = 2n − K = a0 − 3, a0 − 4. Along a line, c follows from
 *   Q = Pⁿ satisfying P·Q′ = n·P′·Q: w0(m+1)c_{m+1} = (n−m)w1·c_m + (2n−m+1)w2·c_{m−1}, and
 *   Q·P = Q_{n+1}, which give c(n+1, k) = (n+1)(2w0·c(n,k) + w1·c(n,k−1)) / (2n+2−k) (both
 *   divisions exact).
 * Integers throughout: P(a, d) = M(a, d) / T^(a+d) outside I, and the answer is over T^(a0+d0−1).
 * About 20 bigint operations per line step instead of three per state of the grid.
 */
function captureChanceOf(chain: Chain, a0: number, d0: number): Rational {
  const { T } = chain;
  const [w0, w1, w2] = weightsOf(chain, 3, 2);
  // The line recursion divides by w0 and w2; every skill pairing has both (checked in tests),
  // but a die table where one is impossible still gets the exact answer from the grid.
  if (w0 === 0n || w2 === 0n) return captureChanceByGridOf(chain, a0, d0);

  const top = Math.max(a0 + d0, 2);
  const powT: bigint[] = [1n];
  for (let i = 1; i <= top; i++) powT.push(powT[i - 1] * T);

  // Outside I, M(a, d) = P(capture | a, d) · T^(a+d): a round removing r men multiplies by
  // T^(r−1), so every line below is one small recursion.
  const aTop = Math.max(a0, 2);
  const lineD1: bigint[] = [0n]; // M(a, 1): one defender die, one comparison
  for (let a = 1; a <= aTop; a++) {
    const w = weightsOf(chain, Math.min(3, a), 1);
    lineD1.push(w[1] * powT[a] + w[0] * lineD1[a - 1]);
  }
  const lineA1: bigint[] = [0n, lineD1[1]]; // M(1, d): one boarder die against two
  const w12 = weightsOf(chain, 1, 2);
  for (let d = 2; d <= d0; d++) lineA1.push(w12[1] * lineA1[d - 1]);
  const lineA2: bigint[] = [powT[2], lineD1[2]]; // M(2, d): two against two, two comparisons
  const w22 = weightsOf(chain, 2, 2);
  for (let d = 2; d <= d0; d++) lineA2.push(T * (w22[2] * lineA2[d - 2] + w22[1] * lineA1[d - 1]));
  const outside = (a: number, d: number): bigint => {
    if (d === 0) return a > 0 ? powT[a] : 0n;
    if (a === 0) return 0n;
    if (d === 1) return lineD1[a];
    return a === 1 ? lineA1[d] : lineA2[d];
  };
  if (a0 < 3 || d0 < 2) return reduceOverSmooth(outside(a0, d0), powT[a0 + d0], T);

  // c(n, K) at the states inside I one round from the boundary, by round n.
  const exits = new Map<number, Map<number, bigint>>();
  const put = (n: number, k: number, c: bigint): void => {
    let m = exits.get(n);
    if (!m) exits.set(n, (m = new Map<number, bigint>()));
    m.set(k, c);
  };
  // Lines of fixed defender losses K (d = 2, 3) and of fixed boarder losses J (a = 3, 4); the
  // second reads c(n, 2n − J) as the J-th coefficient of the reversed polynomial.
  for (const k of [d0 - 2, d0 - 3]) {
    if (k >= 0) coefficientLine(w0, w1, w2, k, (a0 - 3 + k) >> 1, (n, c) => put(n, k, c));
  }
  for (const j of [a0 - 3, a0 - 4]) {
    if (j >= 0) coefficientLine(w2, w1, w0, j, (d0 - 2 + j) >> 1, (n, c) => put(n, 2 * n - j, c));
  }
  const w = [w0, w1, w2];
  let last = 0;
  for (const n of exits.keys()) last = Math.max(last, n);
  // Σ_n Tⁿ · Σ_exits c · w_s · M(exit): each exit term is over T^(a0+d0−1−n); Horner in T.
  let acc = 0n;
  for (let n = last; n >= 0; n--) {
    acc *= T;
    const here = exits.get(n);
    if (!here) continue;
    for (const [k, c] of here) {
      const a = a0 - 2 * n + k;
      const d = d0 - k;
      let out = 0n;
      for (let s = 0; s <= 2; s++) {
        const an = a - 2 + s;
        const dn = d - s;
        if (an <= 2 || dn <= 1) out += w[s] * outside(an, dn);
      }
      if (out !== 0n) acc += c * out;
    }
  }
  return reduceOverSmooth(acc, powT[a0 + d0 - 1], T);
}

/**
 * c(n, k) = [x^k] (u0 + u1·x + u2·x²)^n for n = ⌈k/2⌉ … nMax (k fixed), exact, walking the pair
 * (c(n, k), c(n, k−1)) up in n; see `captureChance` for the two identities used.
 */
function coefficientLine(
  u0: bigint,
  u1: bigint,
  u2: bigint,
  k: number,
  nMax: number,
  emit: (n: number, c: bigint) => void
): void {
  let n = (k + 1) >> 1;
  if (n > nMax) return;
  // Start at the top of the polynomial: c(n, 2n) = u2ⁿ, c(n, 2n−1) = n·u1·u2ⁿ⁻¹,
  // c(n, 2n−2) = n·u0·u2ⁿ⁻¹ + C(n, 2)·u1²·u2ⁿ⁻².
  const bn = BigInt(n);
  const pow2 = (e: number) => u2 ** BigInt(e);
  let f: bigint; // c(n, k)
  let g: bigint; // c(n, k − 1)
  if (k === 0) {
    f = 1n;
    g = 0n;
  } else if (2 * n === k) {
    f = pow2(n);
    g = bn * u1 * pow2(n - 1);
  } else {
    f = bn * u1 * pow2(n - 1);
    g = bn * u0 * pow2(n - 1) + (n >= 2 ? ((bn * (bn - 1n)) / 2n) * u1 * u1 * pow2(n - 2) : 0n);
  }
  const K = BigInt(k);
  for (;;) {
    emit(n, f);
    if (n >= nMax) return;
    const N = BigInt(n);
    // c(n, k−2) from P·Q′ = n·P′·Q at m = k − 1.
    const h = (u0 * K * f - (N - K + 1n) * u1 * g) / ((2n * N - K + 2n) * u2);
    const f1 = ((N + 1n) * (2n * u0 * f + u1 * g)) / (2n * N + 2n - K);
    const g1 = ((N + 1n) * (2n * u0 * g + u1 * h)) / (2n * N + 3n - K);
    f = f1;
    g = g1;
    n++;
  }
}

/**
 * P(capture) by filling the whole (attackers × defenders) grid, exact: the reference solver the
 * faster `captureChance` is tested against, and its fallback for dice where a 3 v 2 outcome is
 * impossible.
 *
 * Every round removes at least one man, so the chain needs no linear solve (B.7 #3). To stay fast
 * at hundreds a side, values are kept as integers over a common denominator: with T = sA³·sD² (every
 * round table scaled to it), P(a, d) = N(a, d) / T^e(a, d), e = a + d − 1 for a, d ≥ 1 and 0 when a
 * side is gone; a round from (a, d) lowers a + d by 1 or 2, so N(a, d) = Σ w · N(next) · T^gap with
 * gap ≥ 0. Rows are filled in order of a with only three rows kept. No gcd until the very end.
 */
function captureChanceByGridOf(chain: Chain, a0: number, d0: number): Rational {
  const { T } = chain;
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
      const w = weightsOf(chain, na, nd);
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
function captureChanceGridOf(
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
      const t = roundTableOf(attackerSkill, defenderSkill, na, nd);
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

// ---------------------------------------------------------------------------------------------
// The exported odds, each behind its input check (issue 17 #9): a skill the rules know and whole
// crews up to MAX_BOARDING_CREW, or an error in the referee's words — never a RangeError or a
// grid of three billion states. The solvers above call one another unchecked.

export { MAX_BOARDING_CREW };
const skill = (who: string, v: unknown) => oneOf(`The ${who} crew skill`, v, CREW_SKILLS);
const crews = (a: CrewSkill, d: CrewSkill, attackers: number, defenders: number) =>
  firstProblem(
    skill('boarders’', a),
    skill('defenders’', d),
    intIn('Boarders', attackers, 0, MAX_BOARDING_CREW),
    intIn('Defenders', defenders, 0, MAX_BOARDING_CREW)
  );
const dice = (a: CrewSkill, d: CrewSkill, na: number, nd: number) =>
  firstProblem(
    skill('boarders’', a),
    skill('defenders’', d),
    intIn('Boarders’ dice', na, 1, BOARDING_DICE.attackerMax),
    intIn('Defenders’ dice', nd, 1, BOARDING_DICE.defenderMax)
  );

export const boardingDie = guarded((s: CrewSkill) => skill('', s), boardingDieOf);
export const roundTable = guarded(dice, roundTableOf);
export const boardingRoundOdds = guarded(
  (a: CrewSkill, d: CrewSkill, attackers: number, defenders: number) =>
    crews(a, d, attackers, defenders) ??
    (attackers === 0 || defenders === 0 ? 'The boarding is over: a side has no one left' : null),
  boardingRoundOddsOf
);
/**
 * A solver of the fight's chain (the two skills' round tables), asked only while both sides can
 * still fight: the settled cases are answered first.
 */
function settledFirst(solve: (chain: Chain, attackers: number, defenders: number) => Rational) {
  return (a: CrewSkill, d: CrewSkill, attackers: number, defenders: number): Rational =>
    settledCaptureChance(attackers, defenders) ?? solve(chainOf(a, d), attackers, defenders);
}

export const captureChance = guarded(crews, settledFirst(captureChanceOf));
export const captureChanceByGrid = guarded(crews, settledFirst(captureChanceByGridOf));
export const captureChanceGrid = guarded(crews, captureChanceGridOf);
