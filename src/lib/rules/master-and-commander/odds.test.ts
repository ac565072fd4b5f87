import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Dist } from '../../engine/dist';
import {
  add,
  compare,
  equals,
  formatFraction,
  mul,
  ONE,
  rational,
  sub,
  toNumber,
  ZERO,
  type Rational
} from '../../engine/rational';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import * as checkedOdds from './odds';
import { movementRollDist, parseEnd, ramDist, windOdds, type DuelRules } from './odds';
import {
  applyHit,
  resolveBoarding,
  resolveEngagement,
  resolveHomeportCounter,
  resolveRaid,
  resolveRamAttempt,
  resolveRamDamage,
  shipDice as checkedShipDice,
  type EngagementResult,
  type EngagementRules
} from './resolve-combat';
import { applyRepair, resolveRepair } from './resolve-fleet';
import { resolveFirstPlayer } from './resolve-wind';
import { defaultSheet, defaultSystemState } from './sheet';
import { unchecked } from '../../engine/brute.test-helpers';

// The checked exports (issue 17 #9), unwrapped: every figure below is the same as before the checks.
const boardingChance = unchecked(checkedOdds.boardingChance);
const duelOdds = unchecked(checkedOdds.duelOdds);
const duelTable = unchecked(checkedOdds.duelTable);
const duelWinChance = unchecked(checkedOdds.duelWinChance);
const engagementDist = unchecked(checkedOdds.engagementDist);
const engagementOdds = unchecked(checkedOdds.engagementOdds);
const engagementTable = unchecked(checkedOdds.engagementTable);
const eventualHitChance = unchecked(checkedOdds.eventualHitChance);
const firstPlayerDecidedChance = unchecked(checkedOdds.firstPlayerDecidedChance);
const fullEngagementDist = unchecked(checkedOdds.fullEngagementDist);
const homeportCounterChance = unchecked(checkedOdds.homeportCounterChance);
const raidChance = unchecked(checkedOdds.raidChance);
const ramSinkChance = unchecked(checkedOdds.ramSinkChance);
const shipDice = unchecked(checkedShipDice);

/** Every ordered tuple of n d6 faces. */
function* tuples(n: number): Generator<number[]> {
  const t = new Array<number>(n).fill(1);
  for (;;) {
    yield [...t];
    let k = n - 1;
    while (k >= 0 && t[k] === 6) t[k--] = 1;
    if (k < 0) return;
    t[k]++;
  }
}

/** Exact distribution of f over all tuples of n d6, by plain enumeration. */
function brute<T extends string | number | boolean>(n: number, f: (faces: number[]) => T): Dist<T> {
  const m = new Map<T, bigint>();
  for (const faces of tuples(n)) {
    const v = f(faces);
    m.set(v, (m.get(v) ?? 0n) + 1n);
  }
  return Dist.of(m);
}

function sameDist<T extends string | number | boolean>(a: Dist<T>, b: Dist<T>): void {
  const keys = new Set([...a.values(), ...b.values()]);
  for (const k of keys)
    expect(formatFraction(a.prob(k)), String(k)).toBe(formatFraction(b.prob(k)));
}

const RULES: EngagementRules = {
  variant: 'basic',
  tieExhaustion: 'defender',
  beginnerTies: 'defender'
};

/** The resolver over every tuple of both pools (dice unsorted, as rolled). */
function bruteEngagement(nA: number, nD: number, rules: EngagementRules): Dist<EngagementResult> {
  return brute(nA + nD, (f) => {
    const r = resolveEngagement(
      { rules, attackDice: nA, defenceDice: nD },
      f.slice(0, nA),
      f.slice(nA)
    );
    if (!r.ok) throw new Error(r.error);
    return r.value.result;
  });
}

const f = (r: Rational) => formatFraction(r);

describe('SPEC A.7.1: the engagement table, both tieExhaustion readings', () => {
  it("default 'defender'", () => {
    expect(engagementTable('defender').map((row) => row.map(f))).toEqual([
      ['3805/7776', '4747/7776', '95/144'],
      ['331/972', '205/432', '125/216'],
      ['25/144', '55/216', '5/12']
    ]);
  });

  it("'moreDiceWins' changes 3v2, 3v1 and 2v1 only", () => {
    expect(engagementTable('moreDiceWins').map((row) => row.map(f))).toEqual([
      ['3805/7776', '641/972', '119/144'],
      ['331/972', '205/432', '161/216'],
      ['25/144', '55/216', '5/12']
    ]);
  });

  it('every cell agrees with brute-force enumeration of the resolver over all 6^(nA+nD) rolls', () => {
    for (const tieExhaustion of ['defender', 'moreDiceWins'] as const) {
      const rules = { ...RULES, tieExhaustion };
      for (let nA = 1; nA <= 3; nA++)
        for (let nD = 1; nD <= 3; nD++)
          sameDist(engagementDist(nA, nD, rules), bruteEngagement(nA, nD, rules));
    }
  });

  it('Beginner 1 v 1: hit 15/36, tie 6/36; with ties rolled again the attack hits half the time', () => {
    const beg: EngagementRules = { ...RULES, variant: 'beginner', beginnerTies: 'reroll' };
    sameDist(engagementDist(1, 1, beg), bruteEngagement(1, 1, beg));
    expect(engagementOdds(1, 1, beg).map((o) => [o.label, f(o.p)])).toEqual([
      ['Hit', '5/12'],
      ['Repelled', '5/12'],
      ['Tie, roll again', '1/6']
    ]);
    expect(f(eventualHitChance(1, 1, beg))).toBe('1/2');
    expect(f(eventualHitChance(1, 1, { ...beg, beginnerTies: 'defender' }))).toBe('5/12');
  });

  it('more attacking dice never lower, more defending dice never raise, the chance of a hit (d6)', () => {
    for (const t of ['defender', 'moreDiceWins'] as const) {
      const tab = engagementTable(t); // rows attacker 3..1, columns defender 3..1
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) {
          if (i < 2) expect(compare(tab[i][j], tab[i + 1][j])).toBeGreaterThanOrEqual(0);
          if (j < 2) expect(compare(tab[i][j], tab[i][j + 1])).toBeLessThanOrEqual(0);
        }
    }
  });
});

describe('boarding, raids and ramming odds (SPEC A.7.1 bullets) against brute force', () => {
  it('boarding: 517/7776 against one disk, 25/144 against none', () => {
    expect(f(boardingChance(1))).toBe('517/7776');
    expect(f(boardingChance(0))).toBe('25/144');
    for (const disks of [0, 1]) {
      const nD = disks + 1;
      const b = brute(3 + nD, (x) => {
        const r = resolveBoarding(disks, x.slice(0, 3), x.slice(3));
        if (!r.ok) throw new Error(r.error);
        return r.value.isSuccess;
      });
      expect(f(boardingChance(disks))).toBe(f(b.prob(true)));
    }
  });

  it('raid and Homeport counter-attack use the "3" column and row', () => {
    expect([2, 1, 0].map((d) => f(raidChance(d, DEFAULT_OPTIONS)))).toEqual([
      '3805/7776',
      '331/972',
      '25/144'
    ]);
    expect([2, 1, 0].map((d) => f(homeportCounterChance(d, DEFAULT_OPTIONS)))).toEqual([
      '3805/7776',
      '4747/7776',
      '95/144'
    ]);
    const raid = brute(2 + 3, (x) => {
      const r = resolveRaid(1, RULES, x.slice(0, 2), x.slice(2));
      if (!r.ok) throw new Error(r.error);
      return r.value.result;
    });
    expect(f(raidChance(1, DEFAULT_OPTIONS))).toBe(f(raid.prob('hit')));
    const counter = brute(3 + 1, (x) => {
      const r = resolveHomeportCounter(0, RULES, x.slice(0, 3), x.slice(3));
      if (!r.ok) throw new Error(r.error);
      return r.value.result;
    });
    expect(f(homeportCounterChance(0, DEFAULT_OPTIONS))).toBe(f(counter.prob('hit')));
  });

  it('ramming: 0 disks 8/9, 1 disk 1/18, 2 disks 1/18; a ship with no disk sinks 1/9 of the time', () => {
    expect(
      ramDist()
        .entries()
        .map((e) => [e.value, f(e.p)])
    ).toEqual([
      [0, '8/9'],
      [1, '1/18'],
      [2, '1/18']
    ]);
    const b = brute(2, ([attempt, damage]) => {
      const a = resolveRamAttempt(attempt);
      const d = resolveRamDamage(damage);
      if (!a.ok || !d.ok) throw new Error('bad face');
      return a.value.isRam ? d.value.disksLost : 0;
    });
    sameDist(ramDist(), b);
    expect([0, 1, 2].map((d) => f(ramSinkChance(d)))).toEqual(['1/9', '1/18', '0']);
  });

  it('storm and Beginner movement: uniform 1..6', () => {
    expect(
      movementRollDist()
        .entries()
        .map((e) => f(e.p))
    ).toEqual(['1/6', '1/6', '1/6', '1/6', '1/6', '1/6']);
  });

  it('wind: a first roll gives N, S, E, W and Storm a fifth each; a Steady keeps the wind', () => {
    expect(windOdds(null, DEFAULT_OPTIONS).map((o) => [o.label, f(o.p)])).toEqual([
      ['From the N', '1/5'],
      ['From the S', '1/5'],
      ['From the E', '1/5'],
      ['From the W', '1/5'],
      ['Storm', '1/5']
    ]);
    const fromN = windOdds({ from: 'N' }, DEFAULT_OPTIONS);
    expect(fromN.find((o) => o.label === 'From the N')?.p).toEqual(rational(1, 3));
    const storm = windOdds({ storm: true }, DEFAULT_OPTIONS);
    expect(storm.find((o) => o.label === 'Storm')?.p).toEqual(rational(1, 3));
    expect(
      windOdds({ storm: true }, { steadyAfterStorm: 'reroll' }).find((o) => o.label === 'Storm')?.p
    ).toEqual(rational(1, 5));
  });
});

// ---------------------------------------------------------------------------------------------
// Whole engagements and the duel chain

type Opts = Pick<McOptions, 'tieExhaustion' | 'beginnerTies' | 'counterAttackDice'>;

const engagementMemo = new Map<string, Dist<EngagementResult>>();
function bruteCached(nA: number, nD: number, rules: EngagementRules): Dist<EngagementResult> {
  const k = `${nA}${nD}${rules.variant}${rules.tieExhaustion}${rules.beginnerTies}`;
  let d = engagementMemo.get(k);
  if (!d) engagementMemo.set(k, (d = bruteEngagement(nA, nD, rules)));
  return d;
}

/**
 * The whole engagement by brute force through the resolvers and `applyHit`: every attack roll, then
 * (mutually broadside) every counter-attack roll, sheets updated as the app does. Returns P(end).
 */
function bruteFullEngagement(
  variant: 'basic' | 'beginner',
  attackerDisks: number,
  defenderDisks: number,
  opts: Opts
): Map<string, Rational> {
  const rules: EngagementRules = {
    variant,
    tieExhaustion: opts.tieExhaustion,
    beginnerTies: opts.beginnerTies
  };
  const state = defaultSystemState({ variant });
  const attacker = { ...defaultSheet({ name: 'A' }), prizeDisks: attackerDisks };
  const defender = { ...defaultSheet({ name: 'D' }), prizeDisks: defenderDisks };
  const out = new Map<string, Rational>();
  const put = (k: string, p: Rational) => out.set(k, add(out.get(k) ?? ZERO, p));
  const disks = (s: typeof attacker) => (s.isSunk ? -1 : s.prizeDisks);
  // A rolled-again Beginner tie is the same engagement again: condition on a decided roll.
  const decided = (d: Dist<EngagementResult>, r: EngagementResult) =>
    d.weight('reroll') === 0n ? d.prob(r) : rational(d.weight(r), d.total - d.weight('reroll'));
  const first = bruteCached(
    shipDice(attackerDisks, variant),
    shipDice(defenderDisks, variant),
    rules
  );
  for (const r of ['hit', 'repelled'] as const) {
    const pr = decided(first, r);
    if (pr.n === 0n) continue;
    const def = r === 'hit' ? applyHit(defender, state).sheet : defender;
    if (def.isSunk) {
      put(`${attackerDisks}|-1`, pr);
      continue;
    }
    const counterDisks = opts.counterAttackDice === 'preHit' ? defenderDisks : def.prizeDisks;
    const counter = bruteCached(
      shipDice(counterDisks, variant),
      shipDice(attackerDisks, variant),
      rules
    );
    for (const c of ['hit', 'repelled'] as const) {
      const pc = decided(counter, c);
      if (pc.n === 0n) continue;
      const att = c === 'hit' ? applyHit(attacker, state).sheet : attacker;
      put(`${disks(att)}|${disks(def)}`, mul(pr, pc));
    }
  }
  return out;
}

const OPTION_SETS: { name: string; variant: 'basic' | 'beginner'; opts: Opts }[] = [
  {
    name: 'default',
    variant: 'basic',
    opts: { tieExhaustion: 'defender', beginnerTies: 'defender', counterAttackDice: 'current' }
  },
  {
    name: 'preHit',
    variant: 'basic',
    opts: { tieExhaustion: 'defender', beginnerTies: 'defender', counterAttackDice: 'preHit' }
  },
  {
    name: 'moreDiceWins',
    variant: 'basic',
    opts: { tieExhaustion: 'moreDiceWins', beginnerTies: 'defender', counterAttackDice: 'current' }
  },
  {
    name: 'beginner reroll',
    variant: 'beginner',
    opts: { tieExhaustion: 'defender', beginnerTies: 'reroll', counterAttackDice: 'current' }
  }
];

describe('a whole engagement with its counter-attack (SPEC A.4.6–A.4.8) against brute force', () => {
  it.each(OPTION_SETS)('every pair of strengths, $name', ({ variant, opts }) => {
    for (const a of [2, 1, 0])
      for (const d of [2, 1, 0]) {
        const fast = fullEngagementDist({
          variant,
          attackerDisks: a,
          defenderDisks: d,
          isMutualBroadside: true,
          opts
        });
        const slow = bruteFullEngagement(variant, a, d, opts);
        const keys = new Set([...fast.values(), ...slow.keys()]);
        for (const k of keys)
          expect(f(fast.prob(k)), `${a} v ${d}: ${k}`).toBe(f(slow.get(k) ?? ZERO));
      }
  });

  it('without mutual broadside there is no counter-attack', () => {
    const d = fullEngagementDist({
      variant: 'basic',
      attackerDisks: 2,
      defenderDisks: 2,
      isMutualBroadside: false,
      opts: DEFAULT_OPTIONS
    });
    expect(
      d
        .values()
        .map(parseEnd)
        .every((e) => e.attacker === 2)
    ).toBe(true);
    expect(f(d.prob('2|1'))).toBe('3805/7776');
  });
});

const DEFAULT_DUEL: DuelRules = { variant: 'basic', opts: DEFAULT_OPTIONS };
const PRE_HIT: DuelRules = {
  variant: 'basic',
  opts: { ...DEFAULT_OPTIONS, counterAttackDice: 'preHit' }
};

describe('SPEC A.7.2: slugging it out', () => {
  it('default (counter-attack with the dice after the hit): 0.5148, 0.8818, 0.5266 and 109/193', () => {
    expect(toNumber(duelWinChance(2, 2, DEFAULT_DUEL)).toFixed(4)).toBe('0.5148');
    expect(toNumber(duelWinChance(2, 1, DEFAULT_DUEL)).toFixed(4)).toBe('0.8818');
    expect(toNumber(duelWinChance(1, 1, DEFAULT_DUEL)).toFixed(4)).toBe('0.5266');
    expect(f(duelWinChance(0, 0, DEFAULT_DUEL))).toBe('109/193');
  });

  it("errata 6 'preHit': (3,3) 0.5011, (3,2) 0.8872, (2,2) 0.4906", () => {
    expect(toNumber(duelWinChance(2, 2, PRE_HIT)).toFixed(4)).toBe('0.5011');
    expect(toNumber(duelWinChance(2, 1, PRE_HIT)).toFixed(4)).toBe('0.8872');
    expect(toNumber(duelWinChance(1, 1, PRE_HIT)).toFixed(4)).toBe('0.4906');
  });

  it('a kept answer is the one for its own rules: each rule that changes the duel gives its own', async () => {
    // duelWinChance keeps its answers (issue 18). Asked in one order here and in the other order
    // in a fresh copy of the module, every answer must agree: a rule left out of the key would
    // hand one reading's answer to another.
    const variations: DuelRules[] = [
      DEFAULT_DUEL,
      PRE_HIT,
      { ...DEFAULT_DUEL, hasCounterAttack: false },
      { ...DEFAULT_DUEL, opts: { ...DEFAULT_OPTIONS, tieExhaustion: 'moreDiceWins' } },
      { variant: 'beginner', opts: DEFAULT_OPTIONS },
      { variant: 'beginner', opts: { ...DEFAULT_OPTIONS, beginnerTies: 'reroll' } },
      { variant: 'advanced', opts: DEFAULT_OPTIONS }
    ];
    const asked = variations.flatMap((rules) => [2, 0].map((x) => ({ x, rules })));
    const kept = asked.map(({ x, rules }) => formatFraction(duelWinChance(x, 1, rules)));
    vi.resetModules();
    const fresh = await import('./odds');
    const again = [...asked]
      .reverse()
      .map(({ x, rules }) => formatFraction(unchecked(fresh.duelWinChance)(x, 1, rules)))
      .reverse();
    expect(again).toEqual(kept);
    expect(new Set(kept).size).toBeGreaterThan(variations.length);
  });

  it('(1,1) closed form: f = 5/12 + (49/144)(1 − f)', () => {
    const x = duelWinChance(0, 0, DEFAULT_DUEL);
    expect(equals(x, add(rational(5, 12), mul(rational(49, 144), sub(ONE, x))))).toBe(true);
  });

  it.each(OPTION_SETS)(
    'every state satisfies its one-turn equation with the brute-forced engagement, $name',
    ({ variant, opts }) => {
      const rules: DuelRules = { variant, opts };
      const v = (x: number, y: number): Rational => {
        if (x < 0) return ZERO;
        if (y < 0) return ONE;
        return duelWinChance(x, y, rules);
      };
      for (const x of [2, 1, 0])
        for (const y of [2, 1, 0]) {
          let expected = ZERO;
          for (const [k, p] of bruteFullEngagement(variant, x, y, opts)) {
            const e = parseEnd(k);
            // After X's turn it is Y's: P(X wins) = 1 − P(Y, now the mover, wins).
            const next =
              e.defender < 0 ? ONE : e.attacker < 0 ? ZERO : sub(ONE, v(e.defender, e.attacker));
            expected = add(expected, mul(p, next));
          }
          expect(f(v(x, y)), `${x} v ${y}`).toBe(f(expected));
        }
    }
  );

  it('both sides sum to one; more Prize Disks never lower a ship’s chance', () => {
    for (const rules of [DEFAULT_DUEL, PRE_HIT]) {
      const tab = duelTable(rules);
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) {
          if (i < 2) expect(compare(tab[i][j], tab[i + 1][j])).toBeGreaterThanOrEqual(0);
          if (j < 2) expect(compare(tab[i][j], tab[i][j + 1])).toBeLessThanOrEqual(0);
        }
      const o = duelOdds(2, 1, rules);
      expect(equals(add(o.xWins, o.yWins), ONE)).toBe(true);
    }
  });
});

describe('Prize Disk bookkeeping (property)', () => {
  it('hits and repairs never create or lose a disk: ship + discarded pool is constant until sunk', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('hit', 'repair'), { maxLength: 12 }), (actions) => {
        let sheet = { ...defaultSheet({ name: 'S', homeport: 'N' }) };
        let state = defaultSystemState({ variant: 'basic', players: [{ id: 'p', homeport: 'N' }] });
        for (const a of actions) {
          if (a === 'hit') {
            const h = applyHit(sheet, state);
            sheet = h.sheet;
            state = h.state;
          } else {
            const r = resolveRepair(
              {
                variant: 'basic',
                sheet,
                place: 'homeport',
                repairCards: state.homeports.N.repairCards,
                discardedPrizeDisks: state.discardedPrizeDisks
              },
              { repairLimitPerTurn: 'unlimited' }
            );
            if (r.ok) ({ sheet, state } = applyRepair(sheet, state, r.value, 'N'));
          }
          if (!sheet.isSunk) expect(sheet.prizeDisks + state.discardedPrizeDisks).toBe(2);
          expect(state.homeports.N.repairCards).toBeGreaterThanOrEqual(0);
        }
      })
    );
  });
});

describe('first player (SPEC A.4.2)', () => {
  it('the chance one player alone rolls highest agrees with enumerating the resolver', () => {
    for (let n = 2; n <= 5; n++) {
      const b = brute(n, (faces) => {
        const r = resolveFirstPlayer(faces.map((face, i) => ({ playerId: `p${i}`, face })));
        if (!r.ok) throw new Error(r.error);
        return r.value.kind;
      });
      expect(f(firstPlayerDecidedChance(n)), `${n} players`).toBe(f(b.prob('first')));
    }
    expect(f(firstPlayerDecidedChance(2))).toBe('5/6');
  });
});
