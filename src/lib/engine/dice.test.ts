import { describe, expect, it } from 'vitest';
import { appRoller, enteredRoller, rollDice, scriptedRoller, tryRollDice } from './dice';
import { diceRollSchema } from './dice-schema';

// ---------------------------------------------------------------------------------------------
// Chi-square goodness of fit for the app's roller.

/**
 * Upper regularized incomplete gamma Q(s, x) by Lentz's continued fraction (Numerical Recipes
 * §6.2, "gcf"), accurate for x > s + 1, which is where the far tail we need lies.
 */
function upperGammaQ(s: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x + s * Math.log(x) - lnGamma(s)) * h;
}

/** ln Γ(s) for s a positive multiple of 1/2 (exact recurrences from Γ(1) = 1, Γ(1/2) = √π). */
function lnGamma(s: number): number {
  let acc = Number.isInteger(s) ? 0 : 0.5 * Math.log(Math.PI);
  for (let t = Number.isInteger(s) ? 1 : 0.5; t < s; t += 1) acc += Math.log(t);
  return acc;
}

const chiSquareSurvival = (x: number, df: number): number => upperGammaQ(df / 2, x / 2);

/**
 * Chi-square critical values at p = 1e-7 (a fair roller fails less than once in ten million runs).
 * Obtained with scipy.stats.chi2.isf(1e-7, df) = 40.86302108810562 / 54.39452947087552 and checked
 * with mpmath at 40 digits (findroot of gammainc(df/2, x/2, inf, regularized=True) = 1e-7):
 * 40.863021088105619698… and 54.394529470875517640…; re-checked below with `chiSquareSurvival`.
 */
const CHI2_CRITICAL_1E7: Record<5 | 11, number> = { 5: 40.86302108810562, 11: 54.39452947087552 };

function chiSquare(counts: readonly number[]): number {
  const n = counts.reduce((a, b) => a + b, 0);
  const e = n / counts.length;
  return counts.reduce((acc, c) => acc + (c - e) ** 2 / e, 0);
}

describe('chi-square helper', () => {
  it('matches closed forms: df = 2 → e^(−x/2), df = 4 → e^(−x/2)(1 + x/2)', () => {
    for (const x of [5, 12, 30, 60]) {
      expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 14);
      const rel = chiSquareSurvival(x, 4) / (Math.exp(-x / 2) * (1 + x / 2)) - 1;
      expect(Math.abs(rel)).toBeLessThan(1e-12);
    }
  });

  it('matches printed tables: df 5 at p = 0.05 is 11.0705, df 11 is 19.6751', () => {
    expect(chiSquareSurvival(11.0705, 5)).toBeCloseTo(0.05, 5);
    expect(chiSquareSurvival(19.6751, 11)).toBeCloseTo(0.05, 5);
  });

  it('the hardcoded critical values have upper tail 1e-7', () => {
    for (const df of [5, 11] as const) {
      const p = chiSquareSurvival(CHI2_CRITICAL_1E7[df], df);
      expect(Math.abs(p / 1e-7 - 1)).toBeLessThan(1e-9);
    }
  });
});

describe('appRoller', () => {
  const real = appRoller((a) => crypto.getRandomValues(a));

  it.each([
    [6, 5],
    [12, 11]
  ] as const)('60,000 real d%i rolls pass chi-square at p = 1e-7', (sides, df) => {
    const counts = new Array<number>(sides).fill(0);
    for (let i = 0; i < 60_000; i++) counts[real.roll(sides).face - 1]++;
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(chiSquare(counts)).toBeLessThan(CHI2_CRITICAL_1E7[df]);
  });

  it('rejection sampling discards the biased top range and uses the next value', () => {
    // For a d6, 2^32 = 715,827,882 · 6 + 4: values >= 4,294,967,292 would favour faces 1–4.
    const limit = Math.floor(2 ** 32 / 6) * 6;
    expect(limit).toBe(4_294_967_292);
    const script = [2 ** 32 - 1, limit, limit + 3, 7, limit - 1];
    // The roller asks for a batch of values; the scripted source hands out the script, then zeros.
    const source = (a: Uint32Array): Uint32Array => {
      a.fill(0);
      a.set(script.slice(0, a.length));
      return a;
    };
    const r = appRoller(source);
    // Three values at or above the limit are rejected; the fourth (7) is used: 7 mod 6 + 1 = 2.
    expect(r.roll(6, 'test')).toEqual({ sides: 6, face: 2, label: 'test' });
    // Just below the limit is kept: (limit − 1) mod 6 + 1 = 6.
    expect(r.roll(6).face).toBe(6);
    // Then the zeros: face 1.
    expect(r.roll(6).face).toBe(1);
  });

  it('a d6 over every residue near the limit: kept below it, rejected from it', () => {
    const limit = Math.floor(2 ** 32 / 6) * 6;
    for (let u = limit - 6; u < 2 ** 32; u++) {
      const r = appRoller((a) => {
        a.fill(5); // the fallback value after a rejection: face 5 mod 6 + 1 = 6
        a[0] = u;
        return a;
      });
      expect(r.roll(6).face).toBe(u < limit ? (u % 6) + 1 : 6);
    }
  });

  it('a power-of-two die never rejects (2^32 is a multiple of 8)', () => {
    const r = appRoller((a) => a.fill(2 ** 32 - 1));
    expect(r.roll(8).face).toBe(8);
  });

  it('refuses impossible dice', () => {
    expect(() => real.roll(0)).toThrow(RangeError);
    expect(() => real.roll(2.5)).toThrow(RangeError);
    expect(() => real.roll(1001)).toThrow(RangeError);
  });
});

describe('scripted and entered dice', () => {
  it('scripted dice come out in order and throw past the script', () => {
    const r = scriptedRoller([6, 5, 2]);
    expect(rollDice(r, 3, 6).map((d) => d.face)).toEqual([6, 5, 2]);
    expect(() => r.roll(6)).toThrow(/exhausted/);
    expect(() => scriptedRoller([7]).roll(6)).toThrow(/not on a d6/);
  });

  it('entered dice that fit come back as faces with the source recorded', () => {
    const r = enteredRoller([3, 12]);
    expect(r.source).toBe('entered');
    expect(tryRollDice(r, 1, 6, 'hit')).toEqual({
      ok: true,
      value: [{ sides: 6, face: 3, label: 'hit' }]
    });
    expect(tryRollDice(r, 1, 12)).toEqual({ ok: true, value: [{ sides: 12, face: 12 }] });
  });

  it('an out-of-range, fractional or missing face is a Result error, never a throw', () => {
    const bad = (faces: number[], count: number, sides: number) =>
      tryRollDice(enteredRoller(faces), count, sides, 'morale');
    const e1 = bad([7], 1, 6);
    expect(e1).toEqual({ ok: false, error: 'Die 1 (morale): 7 is not a face of a d6 (1–6).' });
    expect(bad([0], 1, 6).ok).toBe(false);
    expect(bad([2.5], 1, 6).ok).toBe(false);
    expect(bad([Number.NaN], 1, 6).ok).toBe(false);
    const short = bad([4, 4], 3, 6);
    expect(short).toEqual({ ok: false, error: 'Die 3 (morale) is missing: 2 entered.' });
  });
});

describe('diceRollSchema', () => {
  it('accepts a stored roll', () => {
    const roll = { source: 'entered', dice: [{ sides: 12, face: 9, label: 'morale' }] };
    expect(diceRollSchema.safeParse(roll).success).toBe(true);
  });

  it('rejects faces off the die, unknown sources and unknown keys', () => {
    const bad = [
      { source: 'app', dice: [{ sides: 6, face: 7 }] },
      { source: 'app', dice: [{ sides: 6, face: 0 }] },
      { source: 'app', dice: [{ sides: 6, face: 1.5 }] },
      { source: 'psychic', dice: [] },
      { source: 'app', dice: [{ sides: 6, face: 1, extra: true }] },
      { source: 'app', dice: [], when: 0 }
    ];
    for (const b of bad) expect(diceRollSchema.safeParse(b).success, JSON.stringify(b)).toBe(false);
  });
});
