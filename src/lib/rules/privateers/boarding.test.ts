import { describe, expect, it } from 'vitest';
import { formatFraction, rational, toNumber, type Rational } from '../../engine/rational';
import {
  boardingCaptureChance,
  boardingCaptureChanceExact,
  boardingCaptureChanceForward,
  boardingProjection,
  boardingCaptureChanceFloat,
  boardingRoundOdds as checkedRoundOdds,
  boardingRoundTransitions,
  type ChainState
} from './odds-boarding';
import { DEFAULT_OPTIONS } from './options';
import {
  applyBoardingLosses,
  boardingDice,
  boardingOfficerRolls,
  resolveBoardingRound,
  splitCasualties as checkedSplit,
  type BoardingParty
} from './resolve-boarding';
import { resolveMorale } from './resolve-morale';
import { defaultSheet } from './sheet';
import { unchecked } from '../../engine/brute.test-helpers';

const boardingRoundOdds = unchecked(checkedRoundOdds);
const splitCasualties = unchecked(checkedSplit);

const f = (r: Rational) => formatFraction(r);
const pct = (r: Rational) => (100 * toNumber(r)).toFixed(2);

function* tuples(n: number, sides: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of tuples(n - 1, sides)) for (let x = 1; x <= sides; x++) yield [...rest, x];
}

describe('boarding round (C.4.15)', () => {
  it('Appendix C-1: 10 crew, 1 officer, 2 marines roll 18 d6', () => {
    expect(boardingDice({ crew: 10, officers: 1, marines: 2 })).toBe(18);
  });
  it('C.7.6 one-round examples', () => {
    const cases: [number, number, string[]][] = [
      [12, 10, ['45.85', '22.69', '31.46']],
      [10, 5, ['58.26', '24.66', '17.08']],
      [6, 6, ['34.15', '31.70', '34.15']],
      [1, 1, ['13.89', '72.22', '13.89']]
    ];
    for (const [a, d, expected] of cases) {
      const o = boardingRoundOdds(a, d);
      expect([pct(o.boardersWin), pct(o.tie), pct(o.defenderWins)]).toEqual(expected);
    }
  });
  it('casualties split evenly, the odd one to the crew; a side that runs out passes the rest', () => {
    expect(splitCasualties(3, 10, 5)).toEqual({ crew: 2, marines: 1 });
    expect(splitCasualties(3, 10, 5, false)).toEqual({ crew: 1, marines: 2 });
    expect(splitCasualties(6, 10, 1)).toEqual({ crew: 5, marines: 1 });
    expect(splitCasualties(6, 2, 10)).toEqual({ crew: 2, marines: 4 });
  });
  it('resolves a round: hits are 1s, officers roll only when their side took casualties', () => {
    const attacker: BoardingParty = { crew: 3, officers: ['firstLt'], marines: 0 };
    const defender: BoardingParty = { crew: 2, officers: ['captain'], marines: 1 };
    const faces = { attacker: [1, 1, 4, 5, 6], defender: [2, 3, 4, 5, 6, 6, 6] };
    expect(boardingOfficerRolls(attacker, defender, faces.attacker, faces.defender)).toEqual({
      attacker: 0,
      defender: 1
    });
    expect(resolveBoardingRound(attacker, defender, faces).ok).toBe(false);
    const r = resolveBoardingRound(attacker, defender, { ...faces, defenderOfficers: [1] });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.winner).toBe('boarders');
    expect(r.value.defenderLosses).toEqual({
      hitsTaken: 2,
      officersLost: ['captain'],
      crew: 1,
      marines: 0
    });
    const s = applyBoardingLosses(
      {
        ...defaultSheet({ name: 'D' }),
        crew: { initial: 2, current: 2 },
        marines: { initial: 1, current: 1 }
      },
      r.value.defenderLosses,
      true
    );
    expect([
      s.crew.current,
      s.officers.captain.present,
      s.turnEvents.boardingLost,
      s.turnEvents.commanderHit
    ]).toEqual([1, false, true, true]);
  });
});

describe('boarding chain (C.7.6, Errata 19)', () => {
  it('1 crew v 1 crew: capture 5/11 (the no-change round divided out)', () => {
    const p = boardingCaptureChance({
      attacker: { crew: 1, officers: 0, marines: 0 },
      defender: { crew: 1, officers: 0, marines: 0 },
      defenderMoraleRating: 0,
      defenderDisordered: false
    });
    expect(f(p)).toBe('5/11');
  });
  it('the one-round transitions agree with brute force over every die of the resolver', () => {
    const a: BoardingParty = { crew: 2, officers: [], marines: 0 };
    const d: BoardingParty = { crew: 1, officers: ['captain'], marines: 0 };
    const state: ChainState = {
      a: { crew: 2, officers: 0, marines: 0 },
      d: { crew: 1, officers: 1, marines: 0 },
      disordered: false
    };
    const rating = 1;
    const tally = new Map<string, bigint>();
    let total = 0n;
    const add = (k: string, w: bigint) => tally.set(k, (tally.get(k) ?? 0n) + w);
    for (const fa of tuples(2, 6)) {
      for (const fd of tuples(3, 6)) {
        for (const off of tuples(1, 6)) {
          const need = boardingOfficerRolls(a, d, fa, fd);
          // weight 6 for the officer die when it is not rolled, so every branch weighs the same
          if (need.defender === 0 && off[0] !== 1) continue;
          const w = need.defender === 0 ? 6n : 1n;
          const r = resolveBoardingRound(a, d, {
            attacker: fa,
            defender: fd,
            defenderOfficers: need.defender ? off : []
          });
          if (!r.ok) throw new Error(r.error);
          const o = r.value;
          const na = 2 - o.attackerLosses.crew;
          const dc = 1 - o.defenderLosses.crew;
          const dof = 1 - o.defenderLosses.officersLost.length;
          for (let m = 1; m <= 12; m++) {
            total += w;
            const key = (dis: boolean) => `${na},0,0|${dc},${dof},0|${dis ? 1 : 0}`;
            if (na === 0) add('repelled', w);
            else if (dc + dof === 0) add('captured', w);
            else if (o.winner === 'defender') add('repelled', w);
            else if (o.winner === 'tie') add(key(false), w);
            else {
              const mr = resolveMorale(
                { commanderRating: rating, crewRating: 0, disordered: false },
                m
              );
              if (!mr.ok) throw new Error(mr.error);
              if (mr.value.result === 'strike') add('captured', w);
              else add(key(mr.value.result === 'disordered'), w);
            }
          }
        }
      }
    }
    const exact = boardingRoundTransitions(state, rating, DEFAULT_OPTIONS);
    const brute = [...tally.entries()].map(([key, w]) => ({ key, p: f(rational(w, total)) }));
    expect(Object.fromEntries(exact.map((t) => [t.key, f(t.p)]))).toEqual(
      Object.fromEntries(brute.map((t) => [t.key, t.p]))
    );
  });
  it('exact and float agree; more boarders never lower the capture chance', () => {
    const input = (crew: number) => ({
      attacker: { crew, officers: 1, marines: 1 },
      defender: { crew: 3, officers: 1, marines: 0 },
      defenderMoraleRating: 1,
      defenderDisordered: false
    });
    let prev = 0;
    for (const crew of [1, 2, 3, 4]) {
      const exact = toNumber(boardingCaptureChance(input(crew)));
      expect(Math.abs(exact - boardingCaptureChanceFloat(input(crew)))).toBeLessThan(1e-12);
      expect(exact).toBeGreaterThanOrEqual(prev);
      prev = exact;
    }
  });
});

describe('fast boarding chain (C.7.6): integer-weight exact and the forward pass with its bound', () => {
  const side = (crew: number, officers: number, marines: number) => ({ crew, officers, marines });
  const cases = [
    { attacker: side(2, 1, 0), defender: side(1, 1, 1), rating: 1, dis: false },
    { attacker: side(1, 0, 1), defender: side(2, 0, 0), rating: 0, dis: true },
    { attacker: side(3, 0, 0), defender: side(2, 1, 0), rating: 3, dis: false }
  ];
  const input = (c: (typeof cases)[number]) => ({
    attacker: c.attacker,
    defender: c.defender,
    defenderMoraleRating: c.rating,
    defenderDisordered: c.dis
  });
  const variants = [
    DEFAULT_OPTIONS,
    { ...DEFAULT_OPTIONS, disorderClears: 'never' as const, boardingCasualtyOddToCrew: false }
  ];
  it('the integer-weight exact solve is the same fraction as the chain checked by brute force', () => {
    for (const c of cases)
      for (const o of variants)
        expect(f(boardingCaptureChanceExact(input(c), o))).toBe(
          f(boardingCaptureChance(input(c), o))
        );
  });
  it('the forward pass: with nothing dropped it is the exact value; otherwise the exact value lies in [p, p + dropped]', () => {
    for (const c of cases) {
      const exact = toNumber(boardingCaptureChanceExact(input(c)));
      const full = boardingCaptureChanceForward(input(c), DEFAULT_OPTIONS, 0);
      expect(full.dropped).toBe(0);
      expect(Math.abs(full.p - exact)).toBeLessThan(1e-12);
      for (const [eps, work] of [
        [1e-3, Infinity],
        [0, 40]
      ]) {
        const cut = boardingCaptureChanceForward(input(c), DEFAULT_OPTIONS, eps, work);
        expect(cut.p).toBeLessThanOrEqual(exact + 1e-12);
        expect(exact).toBeLessThanOrEqual(cut.p + cut.dropped + 1e-12);
      }
    }
  });
  it('the projection is exact for small parties (3 crew v 2, as in the browser test), approximate beyond', () => {
    const small = boardingProjection({
      attacker: side(3, 0, 0),
      defender: side(2, 0, 0),
      defenderMoraleRating: 0,
      defenderDisordered: false
    });
    expect(small?.isExact).toBe(true);
    expect(small && f(small.p)).toBe('681734419/1135978844');
    const big = boardingProjection({
      attacker: side(6, 1, 1),
      defender: side(5, 1, 0),
      defenderMoraleRating: 1,
      defenderDisordered: false
    });
    expect(big?.isExact).toBe(false);
    expect(big && big.errorBound).toBeLessThan(1e-6);
  });
});
