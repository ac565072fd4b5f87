import { describe, expect, it } from 'vitest';
import { ONE, rational, ZERO } from '$lib/engine/rational';
import { formatChance, formatSigned } from './format';

describe('formatChance', () => {
  it('rounds to one decimal', () => {
    expect(formatChance(rational(3805, 7776))).toBe('48.9%');
    expect(formatChance(rational(1, 8))).toBe('12.5%');
  });

  it('never shows a possible outcome as 0% or an uncertain one as 100%', () => {
    expect(formatChance(rational(1, 7776))).toBe('<0.1%');
    expect(formatChance(rational(7775, 7776))).toBe('>99.9%');
    expect(formatChance(rational(1, 7776), 0)).toBe('<1%');
  });

  it('shows certainty and impossibility as they are', () => {
    expect(formatChance(ZERO)).toBe('0.0%');
    expect(formatChance(ONE)).toBe('100.0%');
  });
});

describe('formatSigned', () => {
  it('signs modifiers', () => {
    expect(formatSigned(2)).toBe('+2');
    expect(formatSigned(-1)).toBe('−1');
    expect(formatSigned(0)).toBe('0');
  });
});
