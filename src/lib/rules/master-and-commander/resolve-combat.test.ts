import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from './options';
import {
  applyBoarding,
  applyHit,
  applyRaidHit,
  applyRamDamage,
  applyRepelled,
  boardingProblems,
  clearRepulseOnEngagement,
  counterAttackDice as checkedCounterAttackDice,
  raidProblems,
  resolveBoarding,
  resolveEngagement,
  resolveHomeportCounter,
  resolveRaid,
  resolveRamAttempt,
  resolveRamDamage,
  shipDice as checkedShipDice,
  type EngagementRules
} from './resolve-combat';
import { defaultSheet, defaultSystemState } from './sheet';
import { unchecked } from '../../engine/brute.test-helpers';

const shipDice = unchecked(checkedShipDice);
const counterAttackDice = unchecked(checkedCounterAttackDice);

const BASIC: EngagementRules = {
  variant: 'basic',
  tieExhaustion: 'defender',
  beginnerTies: 'defender'
};
const MORE: EngagementRules = { ...BASIC, tieExhaustion: 'moreDiceWins' };

function engage(a: number[], d: number[], rules = BASIC) {
  const r = resolveEngagement({ rules, attackDice: a.length, defenceDice: d.length }, a, d);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('engagement resolution, SPEC A.8 test vectors', () => {
  it.each([
    ['8a sixes tie, five beats four', [6, 5, 2], [6, 4, 3], 'hit'],
    ['8b fives tie, four beats three', [5, 3, 1], [5, 4, 2], 'repelled'],
    ['8c defence six beats all', [5, 5, 4], [6, 1], 'repelled'],
    ['all tie', [4, 4], [4, 4], 'repelled'],
    ['exhausted, default: defender', [6, 3, 2], [6], 'repelled']
  ])('%s', (_name, a, d, expected) => {
    expect(engage(a, d).result).toBe(expected);
  });

  it('exhausted under moreDiceWins: hit', () => {
    expect(engage([6, 3, 2], [6], MORE).result).toBe('hit');
  });

  it('dice are sorted before comparing and the caption is explained', () => {
    const o = engage([2, 6, 5], [3, 6, 4]);
    expect(o.attack).toEqual([6, 5, 2]);
    expect(o.result).toBe('hit');
    expect(o.decidedAt).toBe(1);
    expect(o.text).toBe('Sixes tie; Five beats four: hit.');
  });

  it('rejects wrong dice counts and impossible faces', () => {
    const rules = BASIC;
    expect(resolveEngagement({ rules, attackDice: 3, defenceDice: 2 }, [6, 5], [1, 2]).ok).toBe(
      false
    );
    expect(resolveEngagement({ rules, attackDice: 1, defenceDice: 1 }, [7], [1]).ok).toBe(false);
    expect(resolveEngagement({ rules, attackDice: 1, defenceDice: 1 }, [0], [1]).ok).toBe(false);
  });

  it('Beginner: one die each; a tie goes to the defender, or is rolled again under beginnerTies', () => {
    const beg: EngagementRules = { ...BASIC, variant: 'beginner' };
    expect(shipDice(2, 'beginner')).toBe(1);
    expect(engage([4], [4], beg).result).toBe('repelled');
    expect(engage([4], [4], { ...beg, beginnerTies: 'reroll' }).result).toBe('reroll');
    expect(engage([5], [4], { ...beg, beginnerTies: 'reroll' }).result).toBe('hit');
  });
});

describe('hits, sinking and the counter-attack (SPEC A.4.7, A.4.8)', () => {
  it('each hit removes a disk to the discarded pool; the third hit sinks', () => {
    let sheet = defaultSheet({ name: 'Surprise' });
    let state = defaultSystemState({ variant: 'basic' });
    const dice: number[] = [shipDice(sheet.prizeDisks, 'basic')];
    for (let i = 0; i < 3; i++) {
      const h = applyHit(sheet, state);
      sheet = h.sheet;
      state = h.state;
      if (!sheet.isSunk) dice.push(shipDice(sheet.prizeDisks, 'basic'));
    }
    expect(dice).toEqual([3, 2, 1]);
    expect(sheet.isSunk).toBe(true);
    expect(state.discardedPrizeDisks).toBe(2);
  });

  it('counter-attack dice: after the hit by default, before it under preHit (errata 6)', () => {
    expect(counterAttackDice(2, 1, 'basic', DEFAULT_OPTIONS)).toBe(2);
    expect(counterAttackDice(2, 1, 'basic', { counterAttackDice: 'preHit' })).toBe(3);
    expect(counterAttackDice(2, 1, 'beginner', DEFAULT_OPTIONS)).toBe(1);
  });
});

describe('boarding (SPEC A.3.6, A.4.11, A.8)', () => {
  it('A.8: 5,4,4 against 3,2 succeeds; 6,6,3 against 3,1 fails', () => {
    const ok = resolveBoarding(1, [5, 4, 4], [3, 2]);
    const fail = resolveBoarding(1, [6, 6, 3], [3, 1]);
    expect(ok.ok && ok.value.isSuccess).toBe(true);
    expect(fail.ok && fail.value.isSuccess).toBe(false);
    if (fail.ok) expect(fail.value.text).toContain("3 does not exceed the defender's 3");
  });

  it('conditions: attacker at full strength, defender weakened, adjacent, geometry', () => {
    expect(
      boardingProblems({
        attackerDisks: 2,
        defenderDisks: 1,
        isAdjacent: true,
        isBroadsideToBroadsideOrBow: true
      })
    ).toEqual([]);
    expect(
      boardingProblems({
        attackerDisks: 1,
        defenderDisks: 2,
        isAdjacent: false,
        isBroadsideToBroadsideOrBow: false
      })
    ).toEqual(['attackerFullStrength', 'defenderWeakened', 'adjacent', 'geometry']);
    expect(resolveBoarding(2, [6, 6, 6], [1, 1, 1]).ok).toBe(false);
    expect(resolveBoarding(0, [6, 6, 6], [1, 1]).ok).toBe(false);
  });

  it('a boarded ship changes fleets and keeps its disks', () => {
    const prize = { ...defaultSheet({ name: 'Acheron', homeport: 'S' }), prizeDisks: 1 };
    const taken = applyBoarding(prize, 'p2', 'N');
    expect(taken).toMatchObject({ prizeDisks: 1, capturedFrom: 'p2', homeport: 'N' });
  });
});

describe('raids on Homeports (SPEC A.4.12)', () => {
  const state = defaultSystemState({
    variant: 'advanced',
    modules: { raids: true },
    players: [
      { id: 'p1', homeport: 'N' },
      { id: 'p2', homeport: 'S' }
    ]
  });

  it('the Homeport rolls three dice; a hit moves one Repair Card to the raider’s Homeport', () => {
    const r = resolveRaid(1, BASIC, [6, 2], [5, 5, 5]);
    expect(r.ok && r.value.result).toBe('hit');
    const { state: after, cardsTaken } = applyRaidHit(state, 'S', 'N');
    expect(cardsTaken).toBe(1);
    expect(after.homeports.S.repairCards).toBe(3);
    expect(after.homeports.N.repairCards).toBe(5);
    const empty = {
      ...state,
      homeports: { ...state.homeports, S: { ownerId: 'p2', repairCards: 0 } }
    };
    expect(applyRaidHit(empty, 'S', 'N').cardsTaken).toBe(0);
  });

  it('a repelled raider cannot return until it has engaged a ship or another Homeport (errata 5)', () => {
    const c = resolveHomeportCounter(2, BASIC, [6, 1, 1], [5, 5, 5]);
    expect(c.ok && c.value.result).toBe('hit');
    const raider = applyRepelled(defaultSheet({ name: 'Surprise', homeport: 'N' }), 'S');
    const input = {
      raider,
      raiderHomeport: 'N' as const,
      target: 'S' as const,
      targetOwnerId: 'p2',
      raiderOwnerId: 'p1',
      isBroadsideInRange: true
    };
    expect(raidProblems(input)).toHaveLength(1);
    expect(clearRepulseOnEngagement(raider, { homeport: 'S' }).repelledFromHomeport).toBe('S');
    expect(clearRepulseOnEngagement(raider, { homeport: 'E' }).repelledFromHomeport).toBeNull();
    expect(clearRepulseOnEngagement(raider, 'ship').repelledFromHomeport).toBeNull();
    expect(raidProblems({ ...input, raider: clearRepulseOnEngagement(raider, 'ship') })).toEqual(
      []
    );
    expect(
      raidProblems({ ...input, raider: defaultSheet({ name: 'Surprise' }), targetOwnerId: null })
    ).toEqual(['Only an enemy Homeport can be raided.']);
  });
});

describe('ramming (SPEC A.3.5, A.4.13)', () => {
  it('only a six rams; damage 1–2 none, 3–4 one disk, 5–6 two', () => {
    expect(
      [1, 2, 3, 4, 5, 6].map((f) => resolveRamAttempt(f).ok && resolveRamAttempt(f))
    ).toMatchObject([
      { value: { isRam: false } },
      { value: { isRam: false } },
      { value: { isRam: false } },
      { value: { isRam: false } },
      { value: { isRam: false } },
      { value: { isRam: true } }
    ]);
    expect(
      [1, 2, 3, 4, 5, 6].map((f) => {
        const r = resolveRamDamage(f);
        return r.ok ? r.value.disksLost : -1;
      })
    ).toEqual([0, 0, 1, 1, 2, 2]);
    expect(resolveRamDamage(7).ok).toBe(false);
  });

  it('"A ship may be sunk by ramming": two disks lost by a ship with one sinks it', () => {
    const state = defaultSystemState({ variant: 'advanced' });
    const ship = { ...defaultSheet({ name: 'Acheron' }), prizeDisks: 1 };
    const r = applyRamDamage(ship, state, 2);
    expect(r.isSunk).toBe(true);
    expect(r.state.discardedPrizeDisks).toBe(1);
    expect(applyRamDamage(defaultSheet({ name: 'X' }), state, 2).sheet.prizeDisks).toBe(0);
  });
});
