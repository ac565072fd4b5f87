import { binomial, Dist } from '../core/dist';
import { solveDecreasing, solveDecreasingFloat, type Transition } from '../core/markov';
import { rational, sum, type Rational } from '../core/rational';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { boardingDice, splitCasualties } from './resolve-boarding';
import { moraleResultFor } from './resolve-morale';
import { BOARDING_DICE } from './tables';

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
export function boardingRoundOdds(nA: number, nD: number): RoundOdds {
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

/** Counts of one side in the chain: crew, officers taking part, marines. */
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
  const split = splitCasualties(rest, side.crew, side.marines, oddToCrew);
  officers += Math.min(side.officers - officers, rest - split.crew - split.marines);
  return { crew: split.crew, officers, marines: split.marines };
}

/** Distribution of a side's losses given the hits it took, keyed "crew,officers,marines". */
function lossDist(side: SideCounts, hits: number, oddToCrew: boolean): Dist<string> {
  const ones = hits > 0 ? binomial(side.officers, SIXTH) : Dist.constant<number>(0);
  return ones.map((k) => {
    const l = lossCounts(side, hits, k, oddToCrew);
    return `${l.crew},${l.officers},${l.marines}`;
  });
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
const minus = (s: SideCounts, l: string): SideCounts => {
  const [c, o, m] = l.split(',').map(Number);
  return { crew: s.crew - c, officers: s.officers - o, marines: s.marines - m };
};
const keyOf = (s: ChainState | 'captured' | 'repelled') =>
  typeof s === 'string'
    ? s
    : `${s.a.crew},${s.a.officers},${s.a.marines}|${s.d.crew},${s.d.officers},${s.d.marines}|${s.disordered ? 1 : 0}`;

/** Transitions of one round from `s`, with exact bigint weights over a common total. */
function roundTransitions(
  s: ChainState,
  moraleRating: number,
  options: PvOptions
): { next: ChainState | 'captured' | 'repelled'; w: bigint }[] {
  const odd = options.boardingCasualtyOddToCrew;
  const a = binomial(boardingDice(s.a), SIXTH);
  const d = binomial(boardingDice(s.d), SIXTH);
  const morale = Dist.die(12).map((f) =>
    moraleResultFor(f - moraleRating + (s.disordered ? 1 : 0))
  );
  const acc = new Map<string, { next: ChainState | 'captured' | 'repelled'; w: bigint }>();
  const push = (next: ChainState | 'captured' | 'repelled', w: bigint) => {
    const k = keyOf(next);
    const e = acc.get(k);
    if (e) e.w += w;
    else acc.set(k, { next, w });
  };
  // Common total: every branch is scaled to a.total · d.total · 6^(oA+oD) · 12.
  const offTotal = 6n ** BigInt(s.a.officers + s.d.officers);
  for (const [x, wx] of a.pairs()) {
    for (const [y, wy] of d.pairs()) {
      const lossD = lossDist(s.d, x, odd);
      const lossA = lossDist(s.a, y, odd);
      const scaleOff = offTotal / (lossD.total * lossA.total);
      for (const [ld, wld] of lossD.pairs()) {
        for (const [la, wla] of lossA.pairs()) {
          const w = wx * wy * wld * wla * scaleOff;
          const nd = minus(s.d, ld);
          const na = minus(s.a, la);
          if (people(na) === 0) {
            push('repelled', w * 12n);
            continue;
          }
          if (people(nd) === 0) {
            push('captured', w * 12n);
            continue;
          }
          if (x < y) {
            // "A win for the defender and the boarders must retreat the next turn."
            push('repelled', w * 12n);
            continue;
          }
          if (x === y) {
            // "A tie will result in a boarding combat the next turn."
            push({ a: na, d: nd, disordered: s.disordered }, w * 12n);
            continue;
          }
          // "A win for the boarders and the defender must roll for morale"
          for (const [r, wr] of morale.pairs()) {
            const ww = w * wr * (12n / morale.total);
            if (r === 'strike') push('captured', ww);
            else
              push(
                {
                  a: na,
                  d: nd,
                  disordered:
                    r === 'disordered' || (s.disordered && options.disorderClears === 'never')
                },
                ww
              );
          }
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

type Node = ChainState | 'captured' | 'repelled';

/** Exact P(the boarders capture the ship) if every round is fought with the parties unchanged
 *  ("if unchanged" projection of C.7.6); the boarders press on after every passed check. */
export function boardingCaptureChance(
  input: ChainInput,
  options: PvOptions = DEFAULT_OPTIONS
): Rational {
  return solveDecreasing<Node>(startState(input), keyOf, (s) => {
    if (s === 'captured') return { absorbed: true, value: rational(1) };
    if (s === 'repelled') return { absorbed: true, value: rational(0) };
    const t = roundTransitions(s, input.defenderMoraleRating, options);
    const total = sum(t.map((x) => rational(x.w))).n;
    const transitions: Transition<Node>[] = t.map((x) => ({
      p: rational(x.w, total),
      next: x.next
    }));
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
    const t = roundTransitions(s, input.defenderMoraleRating, options);
    const total = t.reduce((acc, x) => acc + x.w, 0n);
    return {
      absorbed: false,
      transitions: t.map((x) => ({ p: ratioToNumber(x.w, total), next: x.next }))
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
  const t = roundTransitions(s, moraleRating, options);
  const total = t.reduce((acc, x) => acc + x.w, 0n);
  return t.map((x) => ({ key: keyOf(x.next), p: rational(x.w, total) }));
}

export { BOARDING_DICE };
