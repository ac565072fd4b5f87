import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toNumber, type Rational } from './core/rational';
import type { Result } from './core/result';
import { DEFAULT_OPTIONS as DEFAULT_MC_OPTIONS } from './master-and-commander/options';
import { DEFAULT_OPTIONS } from './privateers/options';
import { defaultSheet, sheetSchema } from './privateers/sheet';
import { mcChecked, pvChecked, wwChecked, PV_MAX_PARTY } from './checked';

// Issue 17 #9/#10: arbitrary numbers in, an error Result or a true probability out — never a
// RangeError, never "−2 disks" or a chance above 1.

const anyNumber = fc.oneof(
  fc.double(),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -1, 7, 1.5, -0),
  fc.integer({ min: 0, max: 3 })
);
const MC_RULES = { variant: 'advanced', opts: DEFAULT_MC_OPTIONS } as const;
const ENGAGE = { ...DEFAULT_MC_OPTIONS, variant: 'advanced' } as const;

function isProbability(p: Rational | number): boolean {
  const x = typeof p === 'number' ? p : toNumber(p);
  return Number.isFinite(x) && x >= 0 && x <= 1;
}

function settled<T>(r: Result<T>, check: (v: T) => boolean): boolean {
  return r.ok ? check(r.value) : typeof r.error === 'string' && r.error.length > 0;
}

describe('Master and Commander inputs', () => {
  it('refuses −1 or 7 disks and duelWinChance(5, 2) instead of reporting nonsense', () => {
    const input = (a: number) => ({
      variant: 'advanced' as const,
      attackerDisks: a,
      defenderDisks: 2,
      isMutualBroadside: true,
      opts: DEFAULT_MC_OPTIONS
    });
    expect(mcChecked.fullEngagementOdds(input(-1)).ok).toBe(false);
    expect(mcChecked.fullEngagementOdds(input(7)).ok).toBe(false);
    const duel = mcChecked.duelWinChance(5, 2, MC_RULES);
    expect(duel).toMatchObject({ ok: false });
    expect(mcChecked.duelWinChance(2, 2, MC_RULES).ok).toBe(true);
  });

  it('arbitrary numbers: an error or probabilities that sum to 1', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (a, b) => {
        const sums = (ps: { p: Rational }[]) =>
          ps.every((x) => isProbability(x.p)) &&
          Math.abs(ps.reduce((s, x) => s + toNumber(x.p), 0) - 1) < 1e-9;
        return (
          settled(mcChecked.engagementOdds(a, b, ENGAGE), sums) &&
          settled(mcChecked.duelWinChance(a, b, MC_RULES), isProbability) &&
          settled(mcChecked.boardingChance(a), isProbability) &&
          settled(mcChecked.raidChance(a, DEFAULT_MC_OPTIONS), isProbability) &&
          settled(mcChecked.homeportCounterChance(b, DEFAULT_MC_OPTIONS), isProbability) &&
          settled(mcChecked.ramSinkChance(a), isProbability) &&
          settled(mcChecked.firstPlayerDecidedChance(b), isProbability)
        );
      }),
      { numRuns: 300 }
    );
  });
});

describe('Privateers inputs', () => {
  it('refuses a NaN rating and −3 dice', () => {
    expect(
      pvChecked.moraleOdds({ commanderRating: Number.NaN, crewRating: 1, disordered: false }).ok
    ).toBe(false);
    expect(pvChecked.diceCount(-3, 0, { stern: false, bow: false }, DEFAULT_OPTIONS).ok).toBe(
      false
    );
  });

  it('#10 capture odds are refused above the 1,000 crew the chain packs, answered at it', () => {
    const party = (crew: number) => ({ crew, officers: 0, marines: 0 });
    const over = pvChecked.boardingCaptureChanceForward({
      attacker: party(1),
      defender: party(PV_MAX_PARTY + 1),
      defenderMoraleRating: 2,
      defenderDisordered: false
    });
    expect(over.ok).toBe(false);
    const at = pvChecked.boardingCaptureChanceForward({
      attacker: party(1),
      defender: party(PV_MAX_PARTY),
      defenderMoraleRating: 2,
      defenderDisordered: false
    });
    expect(at.ok && at.value.p).toBeLessThan(0.01);
  });

  it('#10 the sheet allows no more crew or marines than the engine handles', () => {
    const sheet = defaultSheet({ name: 'Big' });
    const withCrew = (n: number) => ({ ...sheet, crew: { initial: n, current: n } });
    expect(sheetSchema.safeParse(withCrew(PV_MAX_PARTY)).success).toBe(true);
    expect(sheetSchema.safeParse(withCrew(PV_MAX_PARTY + 1)).success).toBe(false);
    const marines = { ...sheet, marines: { initial: PV_MAX_PARTY + 1, current: 0 } };
    expect(sheetSchema.safeParse(marines).success).toBe(false);
  });

  it('arbitrary numbers: an error or a sane answer', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, (a, b, c) => {
        const morale = pvChecked.moraleOdds({
          commanderRating: a,
          crewRating: b,
          disordered: false
        });
        const count = pvChecked.diceCount(a, b, { stern: c > 0, bow: false }, DEFAULT_OPTIONS);
        return (
          settled(
            morale,
            (d) => Math.abs(d.entries().reduce((s, e) => s + toNumber(e.p), 0) - 1) < 1e-9
          ) && settled(count, (n) => Number.isInteger(n) && n >= 0)
        );
      }),
      { numRuns: 300 }
    );
  });
});

describe('Wooden Warships inputs', () => {
  it('arbitrary crews: an error, never a RangeError, or a probability', () => {
    const small = fc.oneof(anyNumber, fc.integer({ min: 0, max: 12 }));
    fc.assert(
      fc.property(small, small, (a, d) =>
        settled(wwChecked.captureChance('Skilled', 'Veteran', a, d), isProbability)
      ),
      { numRuns: 100 }
    );
    expect(wwChecked.captureChance('Skilled', 'Veteran', -1, 3).ok).toBe(false);
    expect(wwChecked.captureChance('Heroic', 'Veteran', 1, 3).ok).toBe(false);
  });
});
