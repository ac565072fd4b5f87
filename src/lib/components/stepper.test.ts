import { describe, expect, it } from 'vitest';
import { clampStep, keepTyped } from './stepper';

describe('clampStep', () => {
  it('keeps values inside min and max', () => {
    expect(clampStep(-1, 0, 10)).toBe(0);
    expect(clampStep(11, 0, 10)).toBe(10);
    expect(clampStep(5, 0, 10)).toBe(5);
    expect(clampStep(1e9, 0, Number.POSITIVE_INFINITY)).toBe(1e9);
  });

  it('snaps typed decimals to whole steps', () => {
    expect(clampStep(2.4, 0, 10)).toBe(2);
    expect(clampStep(2.6, 0, 10)).toBe(3);
    expect(clampStep(7, 1, 20, 2)).toBe(7);
    expect(clampStep(8, 1, 20, 2)).toBe(9);
    expect(clampStep(20, 1, 20, 2)).toBe(19);
  });

  it('falls back to min for something that is not a number', () => {
    expect(clampStep(Number.NaN, 3, 10)).toBe(3);
    expect(clampStep(-0.2, Number.NEGATIVE_INFINITY, 10)).toBe(0);
    expect(Object.is(clampStep(-0.2, Number.NEGATIVE_INFINITY, 10), 0)).toBe(true);
  });
});

describe("keepTyped (a stepper in 'typed' mode)", () => {
  it('keeps what was typed to 0.1, not snapped to the step', () => {
    expect(keepTyped(44, { period: 360 })).toBe(44);
    expect(keepTyped(44.26, { period: 360 })).toBe(44.3);
    expect(keepTyped(12, { min: 0, max: 45 })).toBe(12);
  });

  it('goes round a period, or is clamped to [min, max]', () => {
    expect(keepTyped(360, { period: 360 })).toBe(0);
    expect(keepTyped(-5, { period: 360 })).toBe(355);
    expect(keepTyped(359.96, { period: 360 })).toBe(0);
    expect(keepTyped(52, { min: 0, max: 45 })).toBe(45);
    expect(Object.is(keepTyped(-0.01, { min: 0, max: 45 }), 0)).toBe(true);
  });

  it('keeps nothing for something that is not a number', () => {
    expect(keepTyped(Number.NaN, { period: 360 })).toBeNull();
    expect(keepTyped(Number.POSITIVE_INFINITY, { min: 0, max: 45 })).toBeNull();
  });
});
