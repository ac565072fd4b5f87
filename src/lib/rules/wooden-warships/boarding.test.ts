import { describe, expect, it } from 'vitest';
import { solveAttrition } from '../../engine/markov';
import {
  add,
  formatFraction,
  mul,
  rational,
  toNumber,
  ZERO,
  type Rational
} from '../../engine/rational';
import * as checked from './odds-boarding';
import { unchecked } from '../../engine/brute.test-helpers';
import { DEFAULT_OPTIONS } from './options';
import {
  applyBoardingRound,
  applyCapture,
  applyLoot,
  checkBoarding,
  loseBoardingParty,
  resolveBoardingRound,
  resolveBoardingRounds,
  startBoarding
} from './resolve-boarding';
import { defaultSystemState, sheetFromChart, type Sheet } from './sheet';
import { maxBoardingParty } from './sheet-reads';
import { crippledAreas } from './turn-reads';
import { exampleChart } from './example-charts';
import { APPENDIX_B1, APPENDIX_B2, APPENDIX_B2_COLUMNS } from './spec-appendix.fixture';
import { BOARDING_DIE, CREW_SKILLS, type CrewSkill } from './tables';

// The checked exports (issue 17 #9), unwrapped: every figure below is the same as before the checks.
const captureChance = unchecked(checked.captureChance);
const captureChanceByGrid = unchecked(checked.captureChanceByGrid);
const captureChanceGrid = unchecked(checked.captureChanceGrid);
const boardingRoundOdds = unchecked(checked.boardingRoundOdds);
const roundTable = unchecked(checked.roundTable);

const skill = (s: string) => s as CrewSkill;

/** Every tuple of faces of `n` dice with `sides` sides. */
function* tuples(n: number, sides: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of tuples(n - 1, sides)) for (let f = 1; f <= sides; f++) yield [...rest, f];
}

/** Brute force: the resolver over every raw tuple of faces for one round. */
function bruteRound(sa: CrewSkill, sd: CrewSkill, a: number, d: number): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const na = Math.min(3, a);
  const nd = Math.min(2, d);
  for (const fa of tuples(na, BOARDING_DIE[sa].sides)) {
    for (const fd of tuples(nd, BOARDING_DIE[sd].sides)) {
      const r = resolveBoardingRound(
        { attackerSkill: sa, defenderSkill: sd, attackers: a, defenders: d },
        fa,
        fd
      );
      if (!r.ok) throw new Error(r.error);
      const key = `${r.value.attackerLosses},${r.value.defenderLosses}`;
      out.set(key, (out.get(key) ?? 0n) + 1n);
    }
  }
  return out;
}

describe('boarding round (SPEC B.4.7 step 4, Appendix B-3)', () => {
  it('Novice v Novice 3v2, A 6,4,2 against D 5,4: each side loses one (the tie goes to the defender)', () => {
    const r = resolveBoardingRound(
      { attackerSkill: 'Novice', defenderSkill: 'Novice', attackers: 3, defenders: 2 },
      [6, 4, 2],
      [5, 4]
    );
    expect(r.ok && r.value.defenderLosses).toBe(1);
    expect(r.ok && r.value.attackerLosses).toBe(1);
    expect(r.ok && r.value.comparisons.map((c) => c.winner)).toEqual(['attacker', 'defender']);
  });

  it('Crack v Novice 2v1, A 10,3 against D 3: one comparison, the defender loses one', () => {
    // Crack rolls d8 + 2: values 10 and 3 are faces 8 and 1.
    const r = resolveBoardingRound(
      { attackerSkill: 'Crack', defenderSkill: 'Novice', attackers: 2, defenders: 1 },
      [8, 1],
      [3]
    );
    expect(r.ok && r.value.attackerValues).toEqual([10, 3]);
    expect(r.ok && r.value.comparisons.length).toBe(1);
    expect(r.ok && r.value.defenderLosses).toBe(1);
    expect(r.ok && r.value.result).toBe('captured');
  });

  it('refuses the wrong number of dice or a face off the die', () => {
    const input = {
      attackerSkill: 'Novice',
      defenderSkill: 'Veteran',
      attackers: 5,
      defenders: 1
    } as const;
    expect(resolveBoardingRound(input, [1, 2], [3]).ok).toBe(false);
    expect(resolveBoardingRound(input, [1, 2, 7], [3]).ok).toBe(false);
    expect(resolveBoardingRound(input, [1, 2, 6], [8]).ok).toBe(true);
  });
});

describe('boarding round odds: Appendix B-1 exactly', () => {
  it.each(APPENDIX_B1.map((r) => [`${r[0]} v ${r[1]} ${r[2]}v${r[3]}`, r] as const))(
    '%s',
    (_n, row) => {
      const [sa, sd, na, nd, aAll, split, dAll] = row;
      const outcomes = boardingRoundOdds(skill(sa), skill(sd), na, nd);
      const byId = new Map(outcomes.map((o) => [o.id, formatFraction(o.p)]));
      expect(byId.get('attackerWinsAll')).toBe(aAll);
      expect(byId.get('split')).toBe(split ?? undefined);
      expect(byId.get('defenderWinsAll')).toBe(dAll);
    }
  );

  it('agrees with brute-force enumeration of the resolver over every raw tuple', () => {
    for (const sa of CREW_SKILLS) {
      for (const sd of CREW_SKILLS) {
        for (const [a, d] of [
          [3, 2],
          [3, 1],
          [2, 2],
          [2, 1],
          [1, 2],
          [1, 1]
        ]) {
          const brute = bruteRound(sa, sd, a, d);
          const t = roundTable(sa, sd, Math.min(3, a), Math.min(2, d));
          const m = Math.min(3, a, 2, d);
          const total = [...brute.values()].reduce((s, w) => s + w, 0n);
          for (let k = 0; k <= m; k++) {
            const key = `${m - k},${k}`;
            expect(rational(brute.get(key) ?? 0n, total)).toEqual(
              rational(t.weights[k] ?? 0n, t.total)
            );
          }
        }
      }
    }
  }, 30_000);
});

/** Brute force to the end: recursion over every raw tuple of every round (small crews only). */
function bruteCapture(sa: CrewSkill, sd: CrewSkill, a: number, d: number): Rational {
  if (d === 0) return rational(1);
  if (a === 0) return rational(0);
  const brute = bruteRound(sa, sd, a, d);
  const total = [...brute.values()].reduce((s, w) => s + w, 0n);
  let acc = ZERO;
  for (const [key, w] of brute) {
    const [la, ld] = key.split(',').map(Number);
    acc = add(acc, mul(rational(w, total), bruteCapture(sa, sd, a - la, d - ld)));
  }
  return acc;
}

describe('P(capture) fighting to the end (SPEC B.7 #3)', () => {
  it('agrees exactly with brute-force enumeration on small crews', () => {
    for (const [sa, sd] of [
      ['Novice', 'Novice'],
      ['Crack', 'Skilled'],
      ['Novice', 'Veteran']
    ] as const) {
      for (const [a, d] of [
        [1, 1],
        [2, 1],
        [1, 3],
        [3, 2],
        [4, 3]
      ]) {
        expect(captureChance(sa, sd, a, d)).toEqual(bruteCapture(sa, sd, a, d));
      }
    }
  }, 30_000);

  it('agrees exactly with the core attrition solver, every state up to 12 v 12 (both parities)', () => {
    for (const [sa, sd] of [
      ['Skilled', 'Novice'],
      ['Veteran', 'Crack']
    ] as const) {
      const grid = solveAttrition({
        a0: 12,
        b0: 12,
        round: (a, d) =>
          boardingRoundOdds(sa, sd, a, d).map((o) => ({
            lossA: o.attackerLosses,
            lossB: o.defenderLosses,
            p: o.p
          }))
      });
      for (let a = 0; a <= 12; a++) {
        for (let d = 0; d <= 12; d++) expect(captureChance(sa, sd, a, d)).toEqual(grid.at(a, d));
      }
    }
  }, 30_000);

  it('the boundary-line solver equals the full-grid solver exactly, every skill pairing', () => {
    for (const sa of CREW_SKILLS) {
      for (const sd of CREW_SKILLS) {
        // Every 3 v 2 outcome is possible, so the fast path is the one under test.
        expect(roundTable(sa, sd, 3, 2).weights.every((w) => w > 0n)).toBe(true);
        for (let a = 0; a <= 14; a++) {
          for (let d = 0; d <= 14; d++) {
            expect(captureChance(sa, sd, a, d)).toEqual(captureChanceByGrid(sa, sd, a, d));
          }
        }
      }
    }
    for (const [sa, sd, a, d] of [
      ['Novice', 'Novice', 90, 70],
      ['Crack', 'Veteran', 41, 88],
      ['Skilled', 'Crack', 3, 120],
      ['Veteran', 'Novice', 150, 2]
    ] as const) {
      expect(captureChance(sa, sd, a, d)).toEqual(captureChanceByGrid(sa, sd, a, d));
    }
  }, 30_000);

  it.each(APPENDIX_B2.map((t) => [`${t.attacker} v ${t.defender}`, t] as const))(
    'reproduces Appendix B-2, %s',
    (_n, table) => {
      for (const [a, values] of table.rows) {
        values.forEach((v, i) => {
          const p = toNumber(
            captureChance(skill(table.attacker), skill(table.defender), a, APPENDIX_B2_COLUMNS[i])
          );
          expect(Math.abs(p - v)).toBeLessThanOrEqual(0.0005 + 1e-12);
        });
      }
    }
  );

  it('the float grid matches the exact value', () => {
    const f = captureChanceGrid('Veteran', 'Skilled', 40, 40);
    for (const [a, d] of [
      [40, 40],
      [17, 23],
      [3, 1]
    ]) {
      expect(f(a, d)).toBeCloseTo(toNumber(captureChance('Veteran', 'Skilled', a, d)), 12);
    }
  });

  it('more boarders never lower the chance; more defenders never raise it', () => {
    const f = captureChanceGrid('Skilled', 'Veteran', 30, 30);
    for (let a = 1; a < 30; a++) {
      for (let d = 1; d < 30; d++) {
        expect(f(a + 1, d)).toBeGreaterThanOrEqual(f(a, d) - 1e-15);
        expect(f(a, d + 1)).toBeLessThanOrEqual(f(a, d) + 1e-15);
      }
    }
  });

  it('agrees with a direct seeded simulation of the rules within its confidence interval', () => {
    // xorshift32: deterministic, so the test never flakes; never Math.random in rules code.
    let s = 0x9e3779b9;
    const next = () => {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      return s;
    };
    const die = (sides: number) => (next() % sides) + 1; // bias 2^32 mod 8|6 is negligible here
    const cases = [
      ['Novice', 'Novice', 40, 40],
      ['Skilled', 'Veteran', 60, 45],
      ['Crack', 'Novice', 25, 60]
    ] as const;
    for (const [sa, sd, a0, d0] of cases) {
      const trials = 4000;
      let captures = 0;
      for (let t = 0; t < trials; t++) {
        let a: number = a0;
        let d: number = d0;
        while (a > 0 && d > 0) {
          const fa = Array.from({ length: Math.min(3, a) }, () => die(BOARDING_DIE[sa].sides));
          const fd = Array.from({ length: Math.min(2, d) }, () => die(BOARDING_DIE[sd].sides));
          const r = resolveBoardingRound(
            { attackerSkill: sa, defenderSkill: sd, attackers: a, defenders: d },
            fa,
            fd
          );
          if (!r.ok) throw new Error(r.error);
          a = r.value.attackersLeft;
          d = r.value.defendersLeft;
        }
        if (d === 0) captures++;
      }
      const p = toNumber(captureChance(sa, sd, a0, d0));
      const sigma = Math.sqrt((p * (1 - p)) / trials);
      expect(Math.abs(captures / trials - p)).toBeLessThanOrEqual(4 * sigma + 1e-9);
    }
  }, 30_000);
});

function ship(type: Parameters<typeof exampleChart>[0], patch: Partial<Sheet> = {}): Sheet {
  return { ...sheetFromChart({ name: type, chart: exampleChart(type) }), ...patch };
}

describe('boarding eligibility and the party (SPEC B.3.9, B.4.7, Appendix B-3)', () => {
  it('hull 200 at 20 is crippled (10·20 ≤ 200), at 21 it is not', () => {
    const base = ship('ManOWar');
    expect(crippledAreas({ ...base, hull: { original: 200, current: 20 } })).toEqual(['hull']);
    expect(crippledAreas({ ...base, hull: { original: 200, current: 21 } })).toEqual([]);
  });

  it('a Frigate with 80 crew sends at most 80 − 65 = 15', () => {
    expect(maxBoardingParty(ship('Frigate', { crew: { original: 120, current: 80 } }))).toBe(15);
  });

  const attacker = ship('Frigate', { loaded: { ...ship('Frigate').loaded, zone1: 'round' } });
  const target = ship('Brig', { hull: { original: 90, current: 9 } });
  const input = { attacker, target, distanceInches: 0.5, isSideBySide: true };

  it('allows a crippled ship side by side within an inch', () => {
    expect(checkBoarding(input, DEFAULT_OPTIONS).isEligible).toBe(true);
  });

  it('refuses after attacking this turn', () => {
    const c = checkBoarding(
      { ...input, attacker: { ...attacker, hasAttackedThisTurn: true } },
      DEFAULT_OPTIONS
    );
    expect(c.isEligible).toBe(false);
    expect(c.conditions.find((x) => x.id === 'notAttacked')?.isMet).toBe(false);
  });

  it('per-player scope (Errata #10 option) refuses when another ship of the player attacked', () => {
    const opts = { ...DEFAULT_OPTIONS, attackAndBoardScope: 'player' as const };
    expect(checkBoarding({ ...input, hasPlayerAttackedThisTurn: true }, opts).isEligible).toBe(
      false
    );
    expect(
      checkBoarding({ ...input, hasPlayerAttackedThisTurn: true }, DEFAULT_OPTIONS).isEligible
    ).toBe(true);
  });

  it('refuses a ship not crippled, too far, or not side by side', () => {
    expect(checkBoarding({ ...input, target: ship('Brig') }, DEFAULT_OPTIONS).isEligible).toBe(
      false
    );
    expect(checkBoarding({ ...input, distanceInches: 1.5 }, DEFAULT_OPTIONS).isEligible).toBe(
      false
    );
    expect(checkBoarding({ ...input, isSideBySide: false }, DEFAULT_OPTIONS).isEligible).toBe(
      false
    );
  });

  it('unloaded guns skip to Step 5 and so skip boarding by default (Errata #13), not with the option off', () => {
    const empty = { ...input, attacker: ship('Frigate') };
    expect(checkBoarding(empty, DEFAULT_OPTIONS).isEligible).toBe(false);
    expect(
      checkBoarding(empty, { ...DEFAULT_OPTIONS, skipToStep5SkipsBoarding: false }).isEligible
    ).toBe(true);
  });

  it('keeps the minimum crew aboard', () => {
    const ok15 = startBoarding({ ...input, targetShipId: 'b', party: 55 }, DEFAULT_OPTIONS);
    expect(ok15.ok && ok15.value.boarding?.party).toBe(55);
    expect(startBoarding({ ...input, targetShipId: 'b', party: 56 }, DEFAULT_OPTIONS).ok).toBe(
      false
    );
  });
});

describe('boarding to capture and looting (SPEC B.4.7 steps 5–7, B.4.8, Errata #16)', () => {
  const started = startBoarding(
    {
      attacker: ship('Frigate', { loaded: { ...ship('Frigate').loaded, zone1: 'round' } }),
      target: ship('Brig', { crew: { original: 70, current: 2 } }),
      distanceInches: 0,
      isSideBySide: true,
      targetShipId: 'brig',
      party: 10
    },
    DEFAULT_OPTIONS
  );
  if (!started.ok) throw new Error(started.error);
  const attacker = started.value;
  const defender = ship('Brig', {
    crew: { original: 70, current: 2 },
    lootCard: { id: 'l1', name: 'Spices', amount: 300 }
  });

  it('applies losses to both logs and captures when the defenders are gone', () => {
    const r = resolveBoardingRound(
      { attackerSkill: 'Novice', defenderSkill: 'Novice', attackers: 10, defenders: 2 },
      [6, 6, 1],
      [1, 1]
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value.result).toBe('captured');
    const after = applyBoardingRound(attacker, defender, r.value);
    expect(after.defender.crew.current).toBe(0);
    expect(after.attacker.crew.current).toBe(120);
    const prize = applyCapture(after.attacker, after.defender, 'removedAsPrize');
    expect(prize.defender.status).toBe('captured');
    expect(prize.attacker.crew.current).toBe(120);
    expect(prize.attacker.boarding).toBeNull();
    const joined = applyCapture(after.attacker, after.defender, 'joinsCaptorFleet');
    expect(joined.defender.crew.current).toBe(10);
    expect(joined.attacker.crew.current).toBe(110);
  });

  it('a repelled party ends the boarding with the losses taken', () => {
    const r = resolveBoardingRound(
      { attackerSkill: 'Novice', defenderSkill: 'Novice', attackers: 1, defenders: 2 },
      [1],
      [6, 6]
    );
    if (!r.ok) throw new Error(r.error);
    const boarding = attacker.boarding && { ...attacker.boarding, party: 1 };
    const after = applyBoardingRound({ ...attacker, boarding }, defender, r.value);
    expect(r.value.result).toBe('repelled');
    expect(after.attacker.boarding).toBeNull();
    expect(after.attacker.crew.current).toBe(119);
  });

  it('another captain attacking the boarded ship loses the party', () => {
    const lost = loseBoardingParty(attacker);
    expect(lost.crew.current).toBe(110);
    expect(lost.boarding).toBeNull();
  });

  it('loot: the loot card times the hold rating, or the upgrade cards', () => {
    const state = defaultSystemState({ players: ['red', 'blue'] });
    const r = applyLoot(
      { state, captorPlayer: 'red', captorShip: attacker, prize: defender },
      'lootAmount'
    );
    expect(r.ok && r.value.state.players['red'].funds).toBe(7000 + 300 * defender.chart.holdRating);
    const sunk = applyLoot(
      { state, captorPlayer: 'red', captorShip: attacker, prize: { ...defender, status: 'sunk' } },
      'lootAmount'
    );
    expect(sunk.ok).toBe(false);
  });
});

describe('several rounds from one list of faces (battle log replay)', () => {
  const input = {
    attackerSkill: 'Novice',
    defenderSkill: 'Novice',
    attackers: 3,
    defenders: 2
  } as const;
  it('plays the B-3 round, then a 2 v 1 round that takes the ship', () => {
    const r = resolveBoardingRounds(input, [6, 4, 2, 5, 4, 6, 1, 3]);
    expect(r.ok && r.value.map((x) => x.result)).toEqual(['continue', 'captured']);
  });
  it('stops after the rounds allowed this turn, and refuses short or extra dice', () => {
    expect(resolveBoardingRounds(input, [6, 4, 2, 5, 4], 1).ok).toBe(true);
    expect(resolveBoardingRounds(input, [6, 4, 2, 5]).ok).toBe(false);
    expect(resolveBoardingRounds(input, [6, 4, 2, 5, 4, 6, 1, 3, 2]).ok).toBe(false);
  });
});
