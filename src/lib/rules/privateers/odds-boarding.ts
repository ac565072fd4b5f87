import { binomial, Dist } from '../../engine/dist';
import { firstProblem, guarded, intIn, isBool, isRecord, type Check } from '../../engine/inputs';
import { solveDecreasing, solveDecreasingFloat, type Transition } from '../../engine/markov';
import { add, mul, rational, type Rational } from '../../engine/rational';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { boardingDice } from './resolve-boarding';
import {
  boardingCaptureChanceExact,
  boardingCaptureChanceForward,
  lossCounts,
  type ChainInput,
  type ChainState,
  type SideCounts
} from './odds-boarding-fast';
import { moraleResultOf } from './tables-play';
import { BOARDING_DICE } from './tables-play';

// Privateers boarding odds: one round (C.7.6) and the fight to the end as an absorbing chain solved
// exactly by memoised recursion (Errata 19; a round with no change is divided out).

const SIXTH = rational(1, 6);

export interface RoundOdds {
  boardersWin: Rational;
  tie: Rational;
  defenderWins: Rational;
  attackerHits: Dist<number>;
  defenderHits: Dist<number>;
}

/** One round with nA v nD dice: hA, hD independent Bin(n, 1/6); more hits wins. */
function boardingRoundOddsOf(nA: number, nD: number): RoundOdds {
  const a = binomial(nA, SIXTH);
  const d = binomial(nD, SIXTH);
  const cmp = a.combine(d, (x, y) => (x > y ? 'A' : x < y ? 'D' : 'T'));
  return {
    boardersWin: cmp.prob('A'),
    tie: cmp.prob('T'),
    defenderWins: cmp.prob('D'),
    attackerHits: a,
    defenderHits: d
  };
}

/** The most boarding dice a side can have: 1,000 crew, four officers and 1,000 marines (sheet.ts). */
export const MAX_BOARDING_DICE =
  1000 * BOARDING_DICE.crew + 4 * BOARDING_DICE.officer + 1000 * BOARDING_DICE.marine;

/** `boardingRoundOddsOf` behind its check (issue 17 #9): whole dice a side, as many as a party has. */
export const boardingRoundOdds = guarded(
  (nA: number, nD: number) =>
    intIn('The boarders’ dice', nA, 0, MAX_BOARDING_DICE) ??
    intIn('The defenders’ dice', nD, 0, MAX_BOARDING_DICE),
  boardingRoundOddsOf
);

/** Counts of one side in the chain: crew, officers taking part, marines. */
/** Distribution of a side's losses given the hits it took, keyed "crew,officers,marines". */
function lossDist(side: SideCounts, hits: number, oddToCrew: boolean): Dist<string> {
  const ones = hits > 0 ? binomial(side.officers, SIXTH) : Dist.constant<number>(0);
  return ones.map((k) => {
    const l = lossCounts(side, hits, k, oddToCrew);
    return `${l.crew},${l.officers},${l.marines}`;
  });
}

const people = (s: SideCounts) => s.crew + s.officers + s.marines;
const minus = (s: SideCounts, l: string): SideCounts => {
  const [c, o, m] = l.split(',').map(Number);
  return { crew: s.crew - c, officers: s.officers - o, marines: s.marines - m };
};
const keyOf = (s: ChainState | 'captured' | 'repelled') =>
  typeof s === 'string'
    ? s
    : `${s.a.crew},${s.a.officers},${s.a.marines}|${s.d.crew},${s.d.officers},${s.d.marines}|${s.disordered ? 1 : 0}`;

/** Arithmetic for the chain: exact rationals or doubles. */
interface Arith<P> {
  zero: P;
  add(a: P, b: P): P;
  mul(a: P, b: P): P;
  of(w: bigint, total: bigint): P;
}

const EXACT: Arith<Rational> = { zero: rational(0), add, mul, of: (w, t) => rational(w, t) };
const FLOAT: Arith<number> = {
  zero: 0,
  add: (a, b) => a + b,
  mul: (a, b) => a * b,
  of: (w, t) => ratioToNumber(w, t)
};

type Node = ChainState | 'captured' | 'repelled';

/** Transitions of one round from `s`. The boarders' win needs the attacker's losses for every
 *  y < x, so those are accumulated once as prefix sums over y (O(nA + nD) instead of O(nA·nD)). */
function roundTransitions<P>(
  s: ChainState,
  moraleRating: number,
  options: PvOptions,
  F: Arith<P>
): { next: Node; p: P }[] {
  const odd = options.boardingCasualtyOddToCrew;
  const pairs = (d: Dist<number> | Dist<string>) =>
    (d.pairs() as [number | string, bigint][]).map(([v, w]) => [v, F.of(w, d.total)] as const);
  const pa = pairs(binomial(boardingDice(s.a), SIXTH)) as (readonly [number, P])[];
  const pd = pairs(binomial(boardingDice(s.d), SIXTH)) as (readonly [number, P])[];
  const morale = pairs(
    Dist.die(12).map((f) => moraleResultOf(f - moraleRating + (s.disordered ? 1 : 0)))
  ) as (readonly [string, P])[];
  const lossMemo = new Map<string, (readonly [string, P])[]>();
  const losses = (side: SideCounts, hits: number, tag: string) => {
    const h = Math.min(hits, people(side));
    const k = `${tag}${h}`;
    let l = lossMemo.get(k);
    if (!l) {
      l = pairs(lossDist(side, h, odd)) as (readonly [string, P])[];
      lossMemo.set(k, l);
    }
    return l;
  };
  const acc = new Map<string, { next: Node; p: P }>();
  const push = (next: Node, p: P) => {
    const k = keyOf(next);
    const e = acc.get(k);
    if (e) e.p = F.add(e.p, p);
    else acc.set(k, { next, p });
  };
  // below.get(key) = Σ_{y < x} P(y)·P(attacker loss = key | y), grown as x increases.
  const below = new Map<string, P>();
  let yNext = 0;
  const nD = pd.length - 1;
  const pdAt = (y: number) => pd[y][1];
  for (const [x, px] of pa) {
    while (yNext < x && yNext <= nD) {
      for (const [la, pla] of losses(s.a, yNext, 'a')) {
        below.set(la, F.add(below.get(la) ?? F.zero, F.mul(pdAt(yNext), pla)));
      }
      yNext++;
    }
    for (const [ld, pld] of losses(s.d, x, 'd')) {
      const nd = minus(s.d, ld);
      const w = F.mul(px, pld);
      // boarders win (x > y): "the defender must roll for morale"
      for (const [la, pb] of below) {
        const na = minus(s.a, la);
        const p = F.mul(w, pb);
        if (people(na) === 0) push('repelled', p);
        else if (people(nd) === 0) push('captured', p);
        else
          for (const [r, pr] of morale) {
            if (r === 'strike') push('captured', F.mul(p, pr));
            else
              push(
                {
                  a: na,
                  d: nd,
                  disordered:
                    r === 'disordered' || (s.disordered && options.disorderClears === 'never')
                },
                F.mul(p, pr)
              );
          }
      }
      // tie (x = y): "A tie will result in a boarding combat the next turn."
      if (x <= nD) {
        for (const [la, pla] of losses(s.a, x, 'a')) {
          const na = minus(s.a, la);
          const p = F.mul(w, F.mul(pdAt(x), pla));
          if (people(na) === 0) push('repelled', p);
          else if (people(nd) === 0) push('captured', p);
          else push({ a: na, d: nd, disordered: s.disordered }, p);
        }
      }
      // defender wins (x < y): "the boarders must retreat" — unless no defender is left standing.
      for (let y = x + 1; y <= nD; y++) {
        for (const [la, pla] of losses(s.a, y, 'a')) {
          const na = minus(s.a, la);
          const p = F.mul(w, F.mul(pdAt(y), pla));
          push(people(na) > 0 && people(nd) === 0 ? 'captured' : 'repelled', p);
        }
      }
    }
  }
  return [...acc.values()];
}

function startState(input: ChainInput): ChainState {
  return {
    a: { ...input.attacker },
    d: { ...input.defender },
    disordered: input.defenderDisordered
  };
}

/** Exact P(the boarders capture the ship) if every round is fought with the parties unchanged
 *  ("if unchanged" projection of C.7.6); the boarders press on after every passed check. */
export function boardingCaptureChance(
  input: ChainInput,
  options: PvOptions = DEFAULT_OPTIONS
): Rational {
  return solveDecreasing<Node>(startState(input), keyOf, (s) => {
    if (s === 'captured') return { absorbed: true, value: rational(1) };
    if (s === 'repelled') return { absorbed: true, value: rational(0) };
    const transitions: Transition<Node>[] = roundTransitions(
      s,
      input.defenderMoraleRating,
      options,
      EXACT
    );
    return { absorbed: false, transitions };
  });
}

/** Float counterpart for large parties (the UI shows it as approximate). */
export function boardingCaptureChanceFloat(
  input: ChainInput,
  options: PvOptions = DEFAULT_OPTIONS
): number {
  return solveDecreasingFloat<Node>(startState(input), keyOf, (s) => {
    if (s === 'captured') return { absorbed: true, value: 1 };
    if (s === 'repelled') return { absorbed: true, value: 0 };
    return {
      absorbed: false,
      transitions: roundTransitions(s, input.defenderMoraleRating, options, FLOAT)
    };
  });
}

function ratioToNumber(w: bigint, total: bigint): number {
  const scale = 1n << 60n;
  return Number((w * scale) / total) / Number(scale);
}

/** Rough size of the state space, to choose exact or float in the UI. */
export function boardingStateCount(input: ChainInput): number {
  const side = (s: SideCounts) => (s.crew + 1) * (s.officers + 1) * (s.marines + 1);
  return side(input.attacker) * side(input.defender) * 2;
}

/** One-round transitions, exposed for tests: the next-state keys and probabilities. */
export function boardingRoundTransitions(
  s: ChainState,
  moraleRating: number,
  options: PvOptions = DEFAULT_OPTIONS
): { key: string; p: Rational }[] {
  return roundTransitions(s, moraleRating, options, EXACT).map((x) => ({
    key: keyOf(x.next),
    p: x.p
  }));
}

export { BOARDING_DICE };

/** The projection shown before a boarding round (C.7.6 "if unchanged"): exact rationals when the
 *  chain is small enough to solve in the UI's time, else the forward pass in doubles with its error
 *  bound (labelled approximate). */
export interface BoardingProjection {
  p: Rational;
  isExact: boolean;
  /** approximate only: the true chance lies in [p, p + errorBound] */
  errorBound: number;
}

/** Work units of the exact solve: states × outcomes of one round. */
export function boardingWork(input: ChainInput): number {
  const dice = (s: SideCounts) => boardingDice(s) + 1;
  return boardingStateCount(input) * dice(input.attacker) * dice(input.defender);
}

/** Exact up to this work (a 2 v 2 crew with an officer and a marine each solves in ~0.2 s). */
export const EXACT_WORK_LIMIT = 2e4;
/** Mass below which the forward pass drops a path. */
export const FORWARD_EPSILON = 1e-9;
/** Outcomes the forward pass may visit before the page shows a range instead (about a second). */
export const FORWARD_WORK_LIMIT = 3e6;

export function boardingProjection(
  input: ChainInput,
  options: PvOptions = DEFAULT_OPTIONS,
  exactWorkLimit = EXACT_WORK_LIMIT
): BoardingProjection | null {
  if (boardingDice(input.attacker) === 0 || boardingDice(input.defender) === 0) return null;
  if (boardingWork(input) <= exactWorkLimit)
    return { p: boardingCaptureChanceExact(input, options), isExact: true, errorBound: 0 };
  const f = boardingCaptureChanceForward(input, options, FORWARD_EPSILON, FORWARD_WORK_LIMIT);
  return {
    p: rational(Math.round(f.p * 1e9), 1e9),
    isExact: false,
    errorBound: f.dropped
  };
}

export {
  boardingCaptureChanceExact,
  boardingCaptureChanceForward,
  CAPTURED,
  lossCounts,
  type ChainInput,
  type ChainState,
  type SideCounts
} from './odds-boarding-fast';

/** The crews and marines a side the chain's state packing holds (R in odds-boarding-fast.ts), and the
 *  sheet's own limit (issue 17 #10). */
export const MAX_CHAIN_PARTY = 1000;

const sideProblem = (who: string, s: SideCounts): Check =>
  isRecord(who, s) ??
  firstProblem(
    intIn(`${who}: crew`, s.crew, 0, MAX_CHAIN_PARTY),
    intIn(`${who}: officers`, s.officers, 0, 4),
    intIn(`${who}: marines`, s.marines, 0, MAX_CHAIN_PARTY)
  );

/**
 * What is wrong with a boarding chain's input, or null (issue 17 #9, #10): whole parties within what
 * the chain packs — 1 boarder against 1,001 defenders once reported a 100% capture.
 */
export function chainInputProblem(input: ChainInput): Check {
  return (
    isRecord('The boarding', input) ??
    firstProblem(
      sideProblem('The boarders', input.attacker),
      sideProblem('The defenders', input.defender),
      intIn('The defenders’ morale rating', input.defenderMoraleRating, 0, 4),
      isBool('Defenders disordered', input.defenderDisordered)
    )
  );
}
