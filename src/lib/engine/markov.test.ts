import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomial, Dist, plus } from './dist';
import {
  type AttritionOutcome,
  attritionValueFloat,
  ChainError,
  type ChainStep,
  solveAbsorbingLinear,
  solveAbsorbingLinearAll,
  solveAttrition,
  solveAttritionFloat,
  solveDecreasing,
  solveDecreasingAll,
  solveDecreasingFloat
} from './markov';
import { cascadeWinner, pairwiseWins, poolOutcome } from './pools';
import {
  complement,
  equals,
  formatFraction,
  formatPercent,
  mul,
  ONE,
  rational,
  type Rational,
  sub,
  toNumber,
  ZERO
} from './rational';

/** A two-sided state (attackers, defenders). */
type Pair = readonly [number, number];

const d6 = Dist.die(6);

// ---------------------------------------------------------------------------------------------
// Master and Commander, SPEC A.7.2: two ships mutually broadside, slugging it out.

/** P(attack with nA dice hits a ship rolling nD dice), SPEC A.4.6 / A.7.1. */
function hit(nA: number, nD: number): Rational {
  return poolOutcome(d6, nA, d6, nD, (a, d) => cascadeWinner(a, d, 'defender')).prob('attacker');
}

interface Duel {
  /** Dice of ship X and Y: 3/2/1 for 2/1/0 Prize Disks (SPEC A.3.3); 0 = sunk. */
  x: number;
  y: number;
  isXToMove: boolean;
}

/**
 * One turn: the mover attacks (A.4.6); a hit removes one die, and a hit on a ship with one die
 * (no disks) sinks it (A.4.7, A.5 #1). If the target still floats it counter-attacks (A.4.8) with
 * its dice after the hit (errata 6, `counterAttackDice: 'current'`; 'preHit' = its dice before).
 * Then the other ship moves. Value: P(X sinks Y first).
 */
function duelStep(counter: 'current' | 'preHit') {
  return (s: Duel): ChainStep<Duel> => {
    if (s.x === 0) return { absorbed: true, value: ZERO };
    if (s.y === 0) return { absorbed: true, value: ONE };
    const mover = s.isXToMove ? s.x : s.y;
    const other = s.isXToMove ? s.y : s.x;
    const out: { p: Rational; mover: number; other: number }[] = [];
    const h = hit(mover, other);
    if (other === 1) {
      out.push({ p: h, mover, other: 0 });
    } else {
      const c = hit(counter === 'current' ? other - 1 : other, mover);
      out.push({ p: mul(h, c), mover: mover - 1, other: other - 1 });
      out.push({ p: mul(h, complement(c)), mover, other: other - 1 });
    }
    const c = hit(other, mover);
    out.push({ p: mul(complement(h), c), mover: mover - 1, other });
    out.push({ p: mul(complement(h), complement(c)), mover, other });
    return {
      absorbed: false,
      transitions: out.map((t) => ({
        p: t.p,
        next: s.isXToMove
          ? { x: t.mover, y: t.other, isXToMove: false }
          : { x: t.other, y: t.mover, isXToMove: true }
      }))
    };
  };
}

const duelKey = (s: Duel): string => `${s.x}/${s.y}/${s.isXToMove ? 'X' : 'Y'}`;

describe('SPEC A.7.2: multi-engagement duel (exact linear solve)', () => {
  const p = (x: number, y: number, counter: 'current' | 'preHit' = 'current'): Rational =>
    solveAbsorbingLinear({ x, y, isXToMove: true }, duelKey, duelStep(counter));

  it('first mover sinks the other first from full strength: 0.5148', () => {
    expect(toNumber(p(3, 3)).toFixed(4)).toBe('0.5148');
  });
  it('from (3,2) with X to move: 0.8818', () => {
    expect(toNumber(p(3, 2)).toFixed(4)).toBe('0.8818');
  });
  it('from (2,2): 0.5266', () => {
    expect(toNumber(p(2, 2)).toFixed(4)).toBe('0.5266');
  });
  it('from (1,1): exactly 109/193 (f = 5/12 + (49/144)(1 − f))', () => {
    expect(formatFraction(p(1, 1))).toBe('109/193');
  });
  it("errata 6, counterAttackDice 'preHit': 0.5011, 0.8872, 0.4906", () => {
    expect(toNumber(p(3, 3, 'preHit')).toFixed(4)).toBe('0.5011');
    expect(toNumber(p(3, 2, 'preHit')).toFixed(4)).toBe('0.8872');
    expect(toNumber(p(2, 2, 'preHit')).toFixed(4)).toBe('0.4906');
  });
  it('the chain has the 18 transient states (9 dice pairs × whose turn) and values in [0, 1]', () => {
    const all = solveAbsorbingLinearAll(
      { x: 3, y: 3, isXToMove: true },
      duelKey,
      duelStep('current')
    );
    const transient = [...all.keys()].filter((k) => !k.startsWith('0/') && !/^\d\/0/.test(k));
    expect(transient).toHaveLength(18);
    for (const v of all.values()) expect(v.n >= 0n && v.n <= v.d).toBe(true);
    // Symmetry: X to move from (3, 2) wins as often as Y (to move, with 3 dice v X's 2) does.
    expect(equals(all.get('3/2/X') as Rational, complement(all.get('2/3/Y') as Rational))).toBe(
      true
    );
  });
  it('the cycle makes solveDecreasing refuse the duel', () => {
    expect(() =>
      solveDecreasing({ x: 1, y: 1, isXToMove: true }, duelKey, duelStep('current'))
    ).toThrow(ChainError);
  });
});

// ---------------------------------------------------------------------------------------------
// Wooden Warships boarding, SPEC B.7 #3 and Appendix B-2.

const SKILL = {
  Novice: d6,
  Skilled: plus(d6, 1),
  Veteran: plus(Dist.die(8), 1),
  Crack: plus(Dist.die(8), 2)
} as const;
type Skill = keyof typeof SKILL;

/**
 * Round outcomes for a boarding: min(3, a) attacker dice v (d >= 2 ? 2 : 1) defender dice (SPEC
 * B.3.4); ties to the defender. Six tables per skill pair, built once.
 */
function boardingRounds(sa: Skill, sd: Skill): (a: number, b: number) => AttritionOutcome[] {
  const tables = new Map<string, AttritionOutcome[]>();
  return (a, b) => {
    const nA = Math.min(3, a);
    const nD = b >= 2 ? 2 : 1;
    const k = `${nA}v${nD}`;
    let t = tables.get(k);
    if (!t) {
      const m = Math.min(nA, nD);
      const wins = poolOutcome(SKILL[sa], nA, SKILL[sd], nD, (x, y) =>
        pairwiseWins(x, y, 'defender')
      );
      t = wins.entries().map((e) => ({ lossA: m - e.value, lossB: e.value, p: e.p }));
      tables.set(k, t);
    }
    return t;
  };
}

function floatRounds(r: (a: number, b: number) => AttritionOutcome[]) {
  const cache = new Map<string, AttritionOutcome<number>[]>();
  return (a: number, b: number): AttritionOutcome<number>[] => {
    const k = `${Math.min(3, a)}v${b >= 2 ? 2 : 1}`;
    let t = cache.get(k);
    if (!t) {
      t = r(a, b).map((o) => ({ ...o, p: toNumber(o.p) }));
      cache.set(k, t);
    }
    return t;
  };
}

const COLS = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20];

/**
 * Three decimals, rounding an exact half to even, as the appendix was printed (9/16 = 0.5625 is
 * shown as 0.562 and 7/16 = 0.4375 as 0.438).
 */
function fixed3(r: Rational): string {
  const scaled = r.n * 1000n;
  let q = scaled / r.d;
  const rem = scaled % r.d;
  if (2n * rem > r.d || (2n * rem === r.d && q % 2n === 1n)) q += 1n;
  return (Number(q) / 1000).toFixed(3);
}

describe('Appendix B-2: P(boarders capture the ship), fought to the end', () => {
  const gridNN = solveAttrition({ a0: 20, b0: 20, round: boardingRounds('Novice', 'Novice') });

  it('Novice v Novice 3v3 = 0.470 and 10v10 = 0.568', () => {
    expect(fixed3(gridNN.at(3, 3))).toBe('0.470');
    expect(fixed3(gridNN.at(10, 10))).toBe('0.568');
  });

  it('Novice v Novice: the whole printed table', () => {
    const rows: Record<number, string> = {
      1: '0.417 0.106 0.027 0.007 0.002 0.000 0.000 0.000 0.000 0.000',
      2: '0.754 0.363 0.206 0.091 0.049 0.021 0.005 0.001 0.000 0.000',
      3: '0.916 0.656 0.470 0.315 0.206 0.134 0.054 0.021 0.002 0.000',
      4: '0.972 0.785 0.642 0.477 0.359 0.253 0.123 0.057 0.007 0.001',
      5: '0.990 0.890 0.769 0.638 0.506 0.397 0.224 0.118 0.019 0.003',
      6: '0.997 0.934 0.857 0.745 0.638 0.521 0.329 0.193 0.041 0.007',
      8: '1.000 0.980 0.947 0.888 0.818 0.730 0.547 0.380 0.119 0.028',
      10: '1.000 0.994 0.981 0.954 0.916 0.861 0.724 0.568 0.240 0.074',
      15: '1.000 1.000 0.999 0.996 0.990 0.981 0.943 0.877 0.605 0.323',
      20: '1.000 1.000 1.000 1.000 0.999 0.998 0.991 0.975 0.860 0.633'
    };
    for (const [a, row] of Object.entries(rows)) {
      const got = COLS.map((d) => fixed3(gridNN.at(Number(a), d))).join(' ');
      expect(got, `A = ${a}`).toBe(row);
    }
  });

  it('Crack attackers v Veteran defenders: sample cells', () => {
    const g = solveAttrition({ a0: 20, b0: 20, round: boardingRounds('Crack', 'Veteran') });
    const cells: [number, number, string][] = [
      [1, 1, '0.562'],
      [3, 3, '0.751'],
      [5, 10, '0.515'],
      [10, 10, '0.949'],
      [8, 20, '0.413'],
      [20, 20, '0.993']
    ];
    for (const [a, d, v] of cells) expect(fixed3(g.at(a, d)), `${a}v${d}`).toBe(v);
  });

  it('Novice attackers v Crack defenders and Veteran v Veteran: sample cells', () => {
    const nc = solveAttrition({ a0: 20, b0: 10, round: boardingRounds('Novice', 'Crack') });
    expect(fixed3(nc.at(20, 2))).toBe('0.853');
    expect(fixed3(nc.at(1, 1))).toBe('0.125');
    const vv = solveAttrition({ a0: 15, b0: 15, round: boardingRounds('Veteran', 'Veteran') });
    expect(fixed3(vv.at(15, 15))).toBe('0.703');
    expect(fixed3(vv.at(3, 3))).toBe('0.514');
  });

  it('Novice v Novice 1v1 is exactly 5/12 (one comparison decides)', () => {
    expect(formatFraction(gridNN.at(1, 1))).toBe('5/12');
  });

  it('solveDecreasing (generic, memoised) gives the same exact values as the grid solver', () => {
    const round = boardingRounds('Skilled', 'Novice');
    const step = ([a, b]: readonly [number, number]): ChainStep<readonly [number, number]> =>
      a === 0 || b === 0
        ? { absorbed: true, value: b === 0 ? ONE : ZERO }
        : {
            absorbed: false,
            transitions: round(a, b).map((o) => ({
              p: o.p,
              next: [a - o.lossA, b - o.lossB] as const
            }))
          };
    const key = ([a, b]: readonly [number, number]): string => `${a},${b}`;
    const grid = solveAttrition({ a0: 8, b0: 8, round });
    const all = solveDecreasingAll([8, 8] as Pair, key, step);
    for (let a = 1; a <= 8; a++) {
      for (let b = 1; b <= 8; b++) {
        const v = all.get(`${a},${b}`);
        if (v) expect(equals(v, grid.at(a, b))).toBe(true);
      }
    }
    expect(equals(solveDecreasing([8, 8] as Pair, key, step), grid.value)).toBe(true);
    expect(fixed3(grid.at(3, 3))).toBe('0.783');
  });

  it('float solvers agree with the exact ones within 1e-12 (up to 12 v 12, all skill pairs)', () => {
    const skills: Skill[] = ['Novice', 'Skilled', 'Veteran', 'Crack'];
    for (const sa of skills) {
      for (const sd of skills) {
        const round = boardingRounds(sa, sd);
        const exact = solveAttrition({ a0: 12, b0: 12, round });
        const fr = floatRounds(round);
        const approx = solveAttritionFloat({ a0: 12, b0: 12, round: fr });
        const generic = solveDecreasingFloat(
          [12, 12] as Pair,
          ([a, b]) => `${a},${b}`,
          ([a, b]): ChainStep<readonly [number, number], number> =>
            a === 0 || b === 0
              ? { absorbed: true, value: b === 0 ? 1 : 0 }
              : {
                  absorbed: false,
                  transitions: fr(a, b).map((o) => ({
                    p: o.p,
                    next: [a - o.lossA, b - o.lossB] as const
                  }))
                }
        );
        for (let a = 0; a <= 12; a++) {
          for (let b = 0; b <= 12; b++) {
            expect(Math.abs(approx.at(a, b) - toNumber(exact.at(a, b)))).toBeLessThan(1e-12);
          }
        }
        expect(Math.abs(generic - toNumber(exact.value))).toBeLessThan(1e-12);
      }
    }
  });

  it('300 v 300 in float stays a probability and favours nobody when the sides are equal', () => {
    const g = solveAttritionFloat({
      a0: 300,
      b0: 300,
      round: floatRounds(boardingRounds('Novice', 'Novice'))
    });
    expect(g.value).toBeGreaterThan(0);
    expect(g.value).toBeLessThan(1);
    // Boarders roll 3 dice to 2; at large equal numbers they win more often than not.
    expect(g.value).toBeGreaterThan(g.at(200, 300));
  });

  it('attritionValueFloat (rolling rows) gives the same start value as the full grid', () => {
    // Random round tables, with self-loops and losses up to 12 (beyond the 8 kept rows: fallback).
    const arbTable = fc
      .array(
        fc.record({
          lossA: fc.integer({ min: 0, max: 12 }),
          lossB: fc.integer({ min: 0, max: 3 }),
          w: fc.integer({ min: 1, max: 9 })
        }),
        { minLength: 1, maxLength: 4 }
      )
      .filter((os) => os.some((o) => o.lossA > 0 || o.lossB > 0))
      .map((os) => {
        const total = os.reduce((t, o) => t + o.w, 0);
        return os.map((o) => ({ lossA: o.lossA, lossB: o.lossB, p: o.w / total }));
      });
    fc.assert(
      fc.property(
        arbTable,
        arbTable,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (t1, t2, a0, b0) => {
          const chain = { a0, b0, round: (a: number, b: number) => (a + b < 9 ? t1 : t2) };
          const full = solveAttritionFloat(chain).value;
          expect(Math.abs(attritionValueFloat(chain) - full)).toBeLessThanOrEqual(1e-15);
        }
      ),
      { numRuns: 200 }
    );
    const round = floatRounds(boardingRounds('Crack', 'Veteran'));
    const big = { a0: 250, b0: 260, round };
    expect(attritionValueFloat(big)).toBe(solveAttritionFloat(big).value);
  });

  it('outside the grid is an error, not a silent 0', () => {
    expect(() => gridNN.at(21, 1)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Self-loops ("a round with no change", SPEC C.7.6 / errata 19) and Privateers round figures.

/** One Privateers boarding round: each d6 scores a hit on a 1 (SPEC C.7.6). */
function privateersRound(nA: number, nD: number): Dist<'boarders' | 'tie' | 'defenders'> {
  const p = rational(1, 6);
  return binomial(nA, p).combine(binomial(nD, p), (hA, hD) =>
    hA > hD ? 'boarders' : hA === hD ? 'tie' : 'defenders'
  );
}

describe('SPEC C.7.6: boarding round figures', () => {
  it.each([
    [12, 10, '45.85%', '22.69%', '31.46%'],
    [10, 5, '58.26%', '24.66%', '17.08%'],
    [6, 6, '34.15%', '31.70%', '34.15%'],
    [1, 1, '13.89%', '72.22%', '13.89%']
  ])('%i v %i dice → %s / %s / %s', (nA, nD, w, t, l) => {
    const r = privateersRound(nA, nD);
    expect(formatPercent(r.prob('boarders'), 2)).toBe(w);
    expect(formatPercent(r.prob('tie'), 2)).toBe(t);
    expect(formatPercent(r.prob('defenders'), 2)).toBe(l);
  });

  it('a tie round is removed exactly by dividing by 1 − p(stay), as the linear solve confirms', () => {
    // Toy chain: each round the winner of privateersRound(a, b) knocks one man off the other side;
    // a tie changes nothing.
    type S = readonly [number, number];
    const step = ([a, b]: S): ChainStep<S> => {
      if (a === 0 || b === 0) return { absorbed: true, value: b === 0 ? ONE : ZERO };
      const r = privateersRound(a, b);
      return {
        absorbed: false,
        transitions: [
          { p: r.prob('boarders'), next: [a, b - 1] },
          { p: r.prob('tie'), next: [a, b] },
          { p: r.prob('defenders'), next: [a - 1, b] }
        ]
      };
    };
    const key = ([a, b]: S): string => `${a},${b}`;
    const byRecursion = solveDecreasing([4, 3] as const, key, step);
    const byLinear = solveAbsorbingLinear([4, 3] as const, key, step);
    expect(equals(byRecursion, byLinear)).toBe(true);
    const grid = solveAttrition({
      a0: 4,
      b0: 3,
      round: (a, b) => {
        const r = privateersRound(a, b);
        return [
          { lossA: 0, lossB: 1, p: r.prob('boarders') },
          { lossA: 0, lossB: 0, p: r.prob('tie') },
          { lossA: 1, lossB: 0, p: r.prob('defenders') }
        ];
      }
    });
    expect(equals(grid.value, byRecursion)).toBe(true);
  });
});

describe('Chain solvers on closed forms', () => {
  type S = number;
  /** Gambler's ruin on 0..n: up with p, down with 1 − p; value 1 at n, 0 at 0. */
  const ruin =
    (n: number, p: Rational) =>
    (i: S): ChainStep<S> =>
      i === 0 || i === n
        ? { absorbed: true, value: i === n ? ONE : ZERO }
        : {
            absorbed: false,
            transitions: [
              { p, next: i + 1 },
              { p: complement(p), next: i - 1 }
            ]
          };

  it("gambler's ruin: fair game i/n; biased game (1 − r^i)/(1 − r^n)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (n, i0, k) => {
          const i = Math.min(i0, n - 1);
          expect(solveAbsorbingLinear(i, String, ruin(n, rational(1, 2)))).toEqual(rational(i, n));
          const p = rational(k, 10);
          if (k === 5) return;
          const r = rational(10 - k, k); // q/p
          const rp = (e: number): Rational => rational(r.n ** BigInt(e), r.d ** BigInt(e));
          const expected = mul(sub(ONE, rp(i)), inverse(sub(ONE, rp(n))));
          expect(solveAbsorbingLinear(i, String, ruin(n, p))).toEqual(expected);
        }
      ),
      { numRuns: 50 }
    );
  });

  it('accepts transitions as Dist<string> with a decoder (contract form)', () => {
    const step = (i: number): ChainStep<number> =>
      i <= 0
        ? { absorbed: true, value: rational(i === 0 ? 1 : 0) }
        : {
            absorbed: false,
            next: Dist.of<string>([
              [String(i - 1), 2n],
              [String(i), 1n],
              ['-1', 1n]
            ]),
            decode: Number
          };
    // From i: reach 0 before "-1"; P = (2/3)^i after removing the stay.
    expect(solveDecreasing(3, String, step)).toEqual(rational(8, 27));
    expect(solveAbsorbingLinear(3, String, step)).toEqual(rational(8, 27));
  });

  it('refuses a state that never changes', () => {
    const step = (): ChainStep<number> => ({ absorbed: false, transitions: [{ p: ONE, next: 1 }] });
    expect(() => solveDecreasing(1, String, step)).toThrow(ChainError);
    expect(() => solveAbsorbingLinear(1, String, step)).toThrow(ChainError);
  });

  it('deep chains do not overflow the stack (10,000 steps)', () => {
    const step = (i: number): ChainStep<number, number> =>
      i === 0
        ? { absorbed: true, value: 1 }
        : { absorbed: false, transitions: [{ p: 1, next: i - 1 }] };
    expect(solveDecreasingFloat(10_000, String, step)).toBe(1);
  });
});

function inverse(r: Rational): Rational {
  return rational(r.d, r.n);
}
