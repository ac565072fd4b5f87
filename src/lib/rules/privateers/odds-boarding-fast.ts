import { solveDecreasing, type Transition } from '../../engine/markov';
import { rational, type Rational } from '../../engine/rational';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { boardingDice } from './resolve-boarding';
import { moraleResultOf } from './tables-play';
import { splitCasualtiesOf } from './tables-play';

// Privateers boarding chain over numeric states (C.7.6, Errata 19): the sides' counts, the losses
// rule by counts and the fast solvers the capture chance uses (odds-boarding.ts re-exports them).

export interface SideCounts {
  crew: number;
  officers: number;
  marines: number;
}

/** Losses by count (the same rule as `sideLosses`): `officerOnes` officers rolled a 1. */
export function lossCounts(
  side: SideCounts,
  hits: number,
  officerOnes: number,
  oddToCrew: boolean
): SideCounts {
  const people = side.crew + side.officers + side.marines;
  const casualties = Math.min(hits, people);
  let officers = casualties > 0 ? Math.min(officerOnes, casualties, side.officers) : 0;
  const rest = casualties - officers;
  const split = splitCasualtiesOf(rest, side.crew, side.marines, oddToCrew);
  officers += Math.min(side.officers - officers, rest - split.crew - split.marines);
  return { crew: split.crew, officers, marines: split.marines };
}

export interface ChainState {
  a: SideCounts;
  d: SideCounts;
  disordered: boolean;
}

export interface ChainInput {
  attacker: SideCounts;
  defender: SideCounts;
  /** the defender's commander + crew rating, held constant over the fight */
  defenderMoraleRating: number;
  defenderDisordered: boolean;
}

const people = (s: SideCounts) => s.crew + s.officers + s.marines;
// ---- Fast chain over numeric states (C.7.6) ------------------------------------------------------
//
// The same chain as `roundTransitions`, with states packed into one integer, binomial tables cached
// per dice count and, for a "repelled" outcome (value 0), nothing built at all. Three solvers share
// it: exact rationals (integer weights summed per successor, one fraction per successor), the exact
// method in doubles (memoised recursion), and a forward pass in doubles that drops paths below a
// mass threshold and reports the mass dropped as the error bound (for the largest crews).

const R = 1001; // crew and marines per side up to 1,000
const RO = 5; // officers 0–4
/** Packed keys stay below 2^53: (1001 · 5 · 1001)^2 · 2 ≈ 5.0e13. */
export const CAPTURED = -1;
/** Weight of branches skipped under a cut (forward pass only): bounds the error. */
const SKIPPED = -3;

function pack(a: SideCounts, d: SideCounts, dis: boolean): number {
  return (
    (((((a.crew * RO + a.officers) * R + a.marines) * R + d.crew) * RO + d.officers) * R +
      d.marines) *
      2 +
    (dis ? 1 : 0)
  );
}

function unpack(k: number): ChainState {
  let x = k;
  const dis = x % 2 === 1;
  x = Math.floor(x / 2);
  const dm = x % R;
  x = Math.floor(x / R);
  const dof = x % RO;
  x = Math.floor(x / RO);
  const dc = x % R;
  x = Math.floor(x / R);
  const am = x % R;
  x = Math.floor(x / R);
  const aof = x % RO;
  const ac = Math.floor(x / RO);
  return {
    a: { crew: ac, officers: aof, marines: am },
    d: { crew: dc, officers: dof, marines: dm },
    disordered: dis
  };
}

/** Integer weights of Bin(n, 1/6) over the common denominator 6^n: C(n,k)·5^(n−k). */
const binomWeightCache = new Map<number, bigint[]>();
function binomWeights(n: number): bigint[] {
  let w = binomWeightCache.get(n);
  if (!w) {
    w = new Array<bigint>(n + 1);
    let c = 1n;
    const five = new Array<bigint>(n + 1);
    five[0] = 1n;
    for (let i = 1; i <= n; i++) five[i] = five[i - 1] * 5n;
    for (let k = 0; k <= n; k++) {
      w[k] = c * five[n - k];
      c = (c * BigInt(n - k)) / BigInt(k + 1);
    }
    binomWeightCache.set(n, w);
  }
  return w;
}

/** Bin(n, 1/6) as doubles (recurrence from the mode keeps it accurate for n up to thousands). */
const binomFloatCache = new Map<number, Float64Array>();
function binomFloat(n: number): Float64Array {
  let p = binomFloatCache.get(n);
  if (!p) {
    p = new Float64Array(n + 1);
    // log P(k) via lgamma-free recurrence: start at the mode from logs, then walk both ways.
    const mode = Math.floor((n + 1) / 6);
    let logMode = 0;
    for (let i = 1; i <= n; i++) logMode += Math.log(i);
    for (let i = 1; i <= mode; i++) logMode -= Math.log(i);
    for (let i = 1; i <= n - mode; i++) logMode -= Math.log(i);
    logMode += mode * Math.log(1 / 6) + (n - mode) * Math.log(5 / 6);
    p[mode] = Math.exp(logMode);
    for (let k = mode + 1; k <= n; k++) p[k] = (p[k - 1] * (n - k + 1)) / (5 * k);
    for (let k = mode - 1; k >= 0; k--) p[k] = (p[k + 1] * 5 * (k + 1)) / (n - k);
    let s = 0;
    for (let k = 0; k <= n; k++) s += p[k];
    for (let k = 0; k <= n; k++) p[k] /= s;
    binomFloatCache.set(n, p);
  }
  return p;
}

/** Morale on a boarders' win as d12 face counts (of 12): strike, disordered, pass. */
function moraleCounts(
  rating: number,
  dis: boolean
): { strike: number; disordered: number; pass: number } {
  const c = { strike: 0, disordered: 0, pass: 0 };
  for (let f = 1; f <= 12; f++) {
    const r = moraleResultOf(f - rating + (dis ? 1 : 0));
    if (r === 'strike') c.strike++;
    else if (r === 'disordered') c.disordered++;
    else c.pass++;
  }
  return c;
}

/**
 * One round from `s` as weighted outcomes `emit(nextKey, weight)`, where weights are products of
 * per-factor weights supplied by `W` (integers over 6^n for exact, doubles for float). Repelled
 * outcomes are not emitted (their value is 0) but their weight is still part of the total.
 */
interface Weights<P> {
  hits(n: number): readonly P[];
  officers(n: number): readonly P[];
  /** The officers' dice when they do not roll (no casualties): their whole mass, as one outcome. */
  noRoll(n: number): readonly P[];
  mul(a: P, b: P): P;
  mulInt(a: P, k: number): P;
  isZero(a: P): boolean;
  less(a: P, b: P): boolean;
}

function forEachOutcome<P>(
  s: ChainState,
  rating: number,
  options: PvOptions,
  W: Weights<P>,
  emit: (next: number, w: P) => void,
  /** skip branches lighter than this (doubles only; 0 = none) */
  cut: P | null = null
): void {
  const light = (w: P) => cut !== null && W.less(w, cut);
  const odd = options.boardingCasualtyOddToCrew;
  const nA = boardingDice(s.a);
  const nD = boardingDice(s.d);
  const pa = W.hits(nA);
  const pd = W.hits(nD);
  const oa = W.officers(s.a.officers);
  const od = W.officers(s.d.officers);
  const noA = W.noRoll(s.a.officers);
  const noD = W.noRoll(s.d.officers);
  const m = moraleCounts(rating, s.disordered);
  const keepDis = s.disordered && options.disorderClears === 'never';
  const peopleA = people(s.a);
  const peopleD = people(s.d);
  // Losses of a side for (hits, officer ones): cached per call.
  const lossesA: SideCounts[][] = [];
  const lossesD: SideCounts[][] = [];
  const after = (side: SideCounts, l: SideCounts): SideCounts => ({
    crew: side.crew - l.crew,
    officers: side.officers - l.officers,
    marines: side.marines - l.marines
  });
  const lossOf = (cache: SideCounts[][], side: SideCounts, h: number, k: number) => {
    const row = (cache[h] ??= []);
    return (row[k] ??= after(side, lossCounts(side, h, k, odd)));
  };
  for (let x = 0; x <= nA; x++) {
    if (W.isZero(pa[x])) continue;
    if (light(pa[x])) {
      emit(SKIPPED, pa[x]);
      continue;
    }
    const offD = x > 0 ? od : noD;
    for (let kd = 0; kd < offD.length; kd++) {
      if (W.isZero(offD[kd])) continue;
      const nd = lossOf(lossesD, s.d, Math.min(x, peopleD), kd);
      const wx = W.mul(pa[x], offD[kd]);
      if (light(wx)) {
        emit(SKIPPED, wx);
        continue;
      }
      const dGone = people(nd) === 0;
      for (let y = 0; y <= nD; y++) {
        if (y > x && !dGone) break; // the defenders win: "the boarders must retreat" (value 0)
        if (W.isZero(pd[y])) continue;
        if (light(W.mul(wx, pd[y]))) {
          emit(SKIPPED, W.mul(wx, pd[y]));
          continue;
        }
        const offA = y > 0 ? oa : noA;
        for (let ka = 0; ka < offA.length; ka++) {
          if (W.isZero(offA[ka])) continue;
          const na = lossOf(lossesA, s.a, Math.min(y, peopleA), ka);
          if (people(na) === 0) continue; // repelled
          const w = W.mul(wx, W.mul(pd[y], offA[ka]));
          // The weights of a state's outcomes all carry the morale d12's 12 (as counts).
          if (dGone) {
            emit(CAPTURED, W.mulInt(w, 12));
          } else if (y === x) {
            emit(pack(na, nd, s.disordered), W.mulInt(w, 12));
          } else {
            if (m.strike) emit(CAPTURED, W.mulInt(w, m.strike));
            if (m.disordered) emit(pack(na, nd, true), W.mulInt(w, m.disordered));
            if (m.pass) emit(pack(na, nd, keepDis), W.mulInt(w, m.pass));
          }
        }
      }
    }
  }
}

const DSPAN = R * RO * R;
const sidePart = (x: SideCounts) => (x.crew * RO + x.officers) * R + x.marines;

/** The float twin of `forEachOutcome`, tuned for big crews: a side's states after each (hits,
 *  officer ones) are packed once, outcomes carry the men left (the forward pass's order). */
function forEachOutcomeFloat(
  s: ChainState,
  rating: number,
  options: PvOptions,
  emit: (next: number, w: number, left: number) => void,
  cut = 0
): void {
  const odd = options.boardingCasualtyOddToCrew;
  const nA = boardingDice(s.a);
  const nD = boardingDice(s.d);
  const pa = binomFloat(nA);
  const pd = binomFloat(nD);
  const oa = binomFloat(s.a.officers);
  const od = binomFloat(s.d.officers);
  const mc = moraleCounts(rating, s.disordered);
  const mStrike = mc.strike / 12;
  const mDis = mc.disordered / 12;
  const mPass = mc.pass / 12;
  const keepDis = s.disordered && options.disorderClears === 'never' ? 1 : 0;
  const disBit = s.disordered ? 1 : 0;
  const peopleA = people(s.a);
  const peopleD = people(s.d);
  // Side A after y hits and ka officer ones: packed part and men left (−1 when not computed).
  const kA = s.a.officers + 1;
  const aPart = new Float64Array((nD + 1) * kA).fill(-1);
  const aLeft = new Int32Array((nD + 1) * kA);
  const sideA = (y: number, ka: number) => {
    const i = y * kA + ka;
    if (aPart[i] < 0) {
      const l = lossCounts(s.a, Math.min(y, peopleA), ka, odd);
      const na = {
        crew: s.a.crew - l.crew,
        officers: s.a.officers - l.officers,
        marines: s.a.marines - l.marines
      };
      aPart[i] = sidePart(na);
      aLeft[i] = people(na);
    }
    return i;
  };
  const noRoll = [1];
  for (let x = 0; x <= nA; x++) {
    const px = pa[x];
    if (px === 0) continue;
    if (px < cut) {
      emit(SKIPPED, px, 0);
      continue;
    }
    const offD = x > 0 ? od : noRoll;
    for (let kd = 0; kd < offD.length; kd++) {
      const wx = px * offD[kd];
      if (wx === 0) continue;
      if (wx < cut) {
        emit(SKIPPED, wx, 0);
        continue;
      }
      const l = lossCounts(s.d, Math.min(x, peopleD), x > 0 ? kd : 0, odd);
      const nd = {
        crew: s.d.crew - l.crew,
        officers: s.d.officers - l.officers,
        marines: s.d.marines - l.marines
      };
      const dLeft = people(nd);
      const dPart = sidePart(nd);
      const dGone = dLeft === 0;
      for (let y = 0; y <= nD; y++) {
        if (y > x && !dGone) break; // the defenders win: the boarders retreat (value 0)
        const wy = wx * pd[y];
        if (wy === 0) continue;
        if (wy < cut) {
          emit(SKIPPED, wy, 0);
          continue;
        }
        const offA = y > 0 ? oa : noRoll;
        for (let ka = 0; ka < offA.length; ka++) {
          const w = wy * offA[ka];
          if (w === 0) continue;
          const i = sideA(y, y > 0 ? ka : 0);
          const left = aLeft[i];
          if (left === 0) continue; // repelled
          if (dGone) {
            emit(CAPTURED, w, 0);
            continue;
          }
          const base = (aPart[i] * DSPAN + dPart) * 2;
          if (y === x) {
            emit(base + disBit, w, left + dLeft);
          } else {
            if (mStrike) emit(CAPTURED, w * mStrike, 0);
            if (mDis) emit(base + 1, w * mDis, left + dLeft);
            if (mPass) emit(base + keepDis, w * mPass, left + dLeft);
          }
        }
      }
    }
  }
}

const INT_WEIGHTS: Weights<bigint> = {
  hits: binomWeights,
  officers: binomWeights,
  noRoll: (n) => [6n ** BigInt(n)],
  mul: (a, b) => a * b,
  mulInt: (a, k) => a * BigInt(k),
  isZero: (a) => a === 0n,
  less: (a, b) => a < b
};

/** Exact P(capture), every weight an integer over one denominator per state (6^dice · 12): the
 *  successors' weights are summed in integers and only then turned into fractions. */
export function boardingCaptureChanceExact(
  input: ChainInput,
  options: PvOptions = DEFAULT_OPTIONS
): Rational {
  const rating = input.defenderMoraleRating;
  return solveDecreasing<number, number>(
    pack(input.attacker, input.defender, input.defenderDisordered),
    (k) => k,
    (k) => {
      if (k === CAPTURED) return { absorbed: true, value: rational(1) };
      const s = unpack(k);
      const acc = new Map<number, bigint>();
      forEachOutcome(s, rating, options, INT_WEIGHTS, (next, w) =>
        acc.set(next, (acc.get(next) ?? 0n) + w)
      );
      // Every outcome's weight is over 6^(nA + nD + officers of both sides) · 12; repelled
      // outcomes (value 0) are left out, which the sum does not need.
      const total =
        6n ** BigInt(boardingDice(s.a) + boardingDice(s.d) + s.a.officers + s.d.officers) * 12n;
      const transitions: Transition<number>[] = [];
      for (const [next, w] of acc) transitions.push({ next, p: rational(w, total) });
      return { absorbed: false, transitions };
    }
  );
}

/**
 * For crews too big to visit every state: the probability mass flows forward from the start, state
 * by state in order of fewer men left (every round with a change removes at least one man, so a
 * state's mass is complete when its turn comes). States whose mass is below `epsilon` are dropped;
 * their total mass bounds the error: the true chance lies in [p, p + dropped].
 */
export function boardingCaptureChanceForward(
  input: ChainInput,
  options: PvOptions = DEFAULT_OPTIONS,
  epsilon = 1e-12,
  /** stop after about this many outcomes; the mass not yet resolved joins the error bound */
  maxWork = Infinity
): { p: number; dropped: number; states: number; isComplete: boolean } {
  const rating = input.defenderMoraleRating;
  const start = pack(input.attacker, input.defender, input.defenderDisordered);
  const startLeft = people(input.attacker) + people(input.defender);
  // Buckets by men left on both sides (a decreasing measure); within a bucket order is free.
  const buckets: (Map<number, number> | undefined)[] = [];
  buckets[startLeft] = new Map([[start, 1]]);
  let captured = 0;
  let dropped = 0;
  let states = 0;
  let work = 0;
  for (let t = startLeft; t > 0; t--) {
    const b = buckets[t];
    if (!b) continue;
    buckets[t] = undefined;
    for (const [k, m] of b) {
      if (m < epsilon || work > maxWork) {
        dropped += m;
        continue;
      }
      states++;
      let stay = 0;
      let skipped = 0;
      let got = 0;
      const nexts: number[] = [];
      const ws: number[] = [];
      const lefts: number[] = [];
      // Branches that would carry less than epsilon / 1000 of mass are skipped and counted as
      // dropped (an upper bound: some of them would have been repelled anyway).
      forEachOutcomeFloat(
        unpack(k),
        rating,
        options,
        (next, w, left) => {
          work++;
          if (next === k) stay += w;
          else if (next === SKIPPED) skipped += w;
          else if (next === CAPTURED) got += w;
          else {
            nexts.push(next);
            ws.push(w);
            lefts.push(left);
          }
        },
        epsilon / 1000 / m
      );
      const scale = m / (1 - stay);
      dropped += skipped * scale;
      captured += got * scale;
      for (let i = 0; i < nexts.length; i++) {
        const bucket = (buckets[lefts[i]] ??= new Map<number, number>());
        bucket.set(nexts[i], (bucket.get(nexts[i]) ?? 0) + ws[i] * scale);
      }
    }
  }
  return { p: captured, dropped, states, isComplete: work <= maxWork };
}
