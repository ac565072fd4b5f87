import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commitment, saltOf, verifyReveal } from './secret';
import type { Json } from '../engine/events';

const SALT = saltOf(new Uint8Array(16).map((_, i) => i * 17));

describe('commitments for hidden information (#19)', () => {
  it('a reveal checks against the commitment; another order, salt or a forged hash does not', () => {
    const orders = { shipId: 's1', sail: 2, maneuver: 'starboard' };
    const h = commitment(orders, SALT);
    expect(h).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(verifyReveal(h, orders, SALT)).toBe(true);
    // Key order does not matter (every device hashes the same secret the same way).
    expect(verifyReveal(h, { maneuver: 'starboard', sail: 2, shipId: 's1' }, SALT)).toBe(true);
    expect(verifyReveal(h, { ...orders, maneuver: 'larboard' }, SALT)).toBe(false);
    expect(verifyReveal(h, orders, saltOf(new Uint8Array(16)))).toBe(false);
    expect(verifyReveal('sha256:' + '0'.repeat(64), orders, SALT)).toBe(false);
    expect(verifyReveal(h, orders, 'short')).toBe(false);
  });

  it('refuses a weak salt, and the commitment does not contain the secret', () => {
    expect(() => commitment('full sail', 'abc')).toThrow();
    expect(() => saltOf(new Uint8Array(8))).toThrow();
    expect(commitment('full sail', SALT)).not.toContain('full');
  });

  it('binds secret and salt (property)', () => {
    const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
    fc.assert(
      fc.property(json, json, fc.uint8Array({ minLength: 16, maxLength: 16 }), (a, b, bytes) => {
        const salt = saltOf(bytes);
        expect(verifyReveal(commitment(a, salt), a, salt)).toBe(true);
        if (
          JSON.stringify(a) !== JSON.stringify(b) &&
          typeof a !== 'object' &&
          typeof b !== 'object'
        )
          expect(verifyReveal(commitment(a, salt), b, salt)).toBe(false);
      })
    );
  });
});
