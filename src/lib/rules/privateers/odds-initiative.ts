import { add, div, mul, ONE, rational, ZERO, type Rational } from '../../engine/rational';
import { DEFAULT_OPTIONS, type PvOptions } from './options';

// Exact initiative odds for any number of ships (SPEC C.4.4, C.7.5): each ship's chance of moving
// first and of moving last. "The order of ship movement is determined by an initiative roll (add
// Initiative modifier to roll) with the highest roll moving first." Die and ties per the options
// (C.5 #6): ties are re-rolled among the tied ships; under 'higherModifier' the higher modifier
// wins a tie and only ships with equal modifiers re-roll (as resolveInitiative does).

export interface InitiativeShip {
  id: string;
  /** Master + crew ratings (initiativeMod). */
  mod: number;
}

export interface InitiativePlaceOdds {
  id: string;
  first: Rational;
  last: Rational;
}

/** Above this many ships the subset recursion (3^N, ~0.5 s at 8 on this machine) is too slow for a
 *  phone; the UI says so. */
export const INITIATIVE_ODDS_MAX_SHIPS = 8;

/** The comparison key of one roll: the modified total, then (under 'higherModifier') the modifier.
 *  Equal keys are a tie that is re-rolled. Modifiers are small ratings (0–4); 1000 keeps the total
 *  the major key. */
function rollKey(face: number, mod: number, options: PvOptions): number {
  return (face + mod) * 1000 + (options.initiativeTies === 'higherModifier' ? mod : 0);
}

/**
 * P(each ship moves first) and P(each ship moves last), exact. A round's top (or bottom) group of
 * equal keys re-rolls among itself, so P(i first in S) = Σ over the value v and the exact top group
 * T ∋ i of P(T at v, the rest of S below v) · P(i first in T); when T = S the round changed nothing
 * and that mass is divided out (1 − P(all tie)). Memoised by subset: O(3^N · values).
 */
export function initiativePlaceOdds(
  ships: readonly InitiativeShip[],
  options: PvOptions = DEFAULT_OPTIONS
): InitiativePlaceOdds[] | null {
  const n = ships.length;
  if (n === 0) return [];
  if (n > INITIATIVE_ODDS_MAX_SHIPS) return null;
  // The key of each face of each ship's die; one round of a set S has die^|S| equally likely
  // outcomes (at most 12^8 < 2^53, so counts stay exact as numbers).
  const die = options.initiativeDie;
  const faces = ships.map((s) =>
    Array.from({ length: die }, (_, k) => rollKey(k + 1, s.mod, options))
  );
  const values = [...new Set(faces.flat())].sort((a, b) => a - b);
  const eq = faces.map((fs) => values.map((v) => fs.filter((x) => x === v).length));
  const below = faces.map((fs) => values.map((v) => fs.filter((x) => x < v).length));
  const above = faces.map((fs) => values.map((v) => fs.filter((x) => x > v).length));

  const place = (isFirst: boolean): Rational[] => {
    const memo = new Map<number, Rational[]>();
    const beyond = isFirst ? below : above;
    const solve = (set: number): Rational[] => {
      const cached = memo.get(set);
      if (cached) return cached;
      const members = [...Array(n).keys()].filter((i) => set & (1 << i));
      const out: Rational[] = Array.from({ length: n }, () => ZERO);
      if (members.length === 1) {
        out[members[0]] = ONE;
        memo.set(set, out);
        return out;
      }
      // C(T): outcomes of one round of the set in which exactly T holds the top (bottom) key.
      const outcomes = die ** members.length;
      let stay = 0;
      // Every non-empty subset T of the set (sub-masks of `set`).
      for (let t = set; t > 0; t = (t - 1) & set) {
        let c = 0;
        for (let vi = 0; vi < values.length; vi++) {
          let w = 1;
          for (const j of members) {
            w *= t & (1 << j) ? eq[j][vi] : beyond[j][vi];
            if (w === 0) break;
          }
          c += w;
        }
        if (c === 0) continue;
        if (t === set) {
          stay = c;
          continue;
        }
        const inner = solve(t);
        for (const j of members) if (t & (1 << j)) out[j] = add(out[j], mul(rational(c), inner[j]));
      }
      // A round where the whole set ties changed nothing: condition it away.
      const progress = rational(outcomes - stay);
      const result = out.map((x) => (x.n === 0n ? x : div(x, progress)));
      memo.set(set, result);
      return result;
    };
    return solve((1 << n) - 1);
  };

  const first = place(true);
  const last = place(false);
  return ships.map((s, i) => ({ id: s.id, first: first[i], last: last[i] }));
}
