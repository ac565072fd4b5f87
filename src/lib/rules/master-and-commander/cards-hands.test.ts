import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { isHeldSecret } from './cards-hands';
import { CARD_EFFECTS } from './sheet';
import { mcCardSchema } from './sheet-schema';

// The hand a seat's document keeps is checked by hand (issue 40: the fleet list reads it, and a
// deep-linked battle loads no zod); it accepts exactly what the schema it replaced accepts, for the
// JSON values a document can hold.
const heldSchema = z.strictObject({ card: mcCardSchema, salt: z.string() });

const sometimes = <T>(valid: fc.Arbitrary<T>, wild: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 8 }, { arbitrary: wild, weight: 1 });
const card = fc.record(
  {
    id: sometimes(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ maxLength: 45 })),
    text: sometimes(fc.string({ maxLength: 1000 }), fc.string({ minLength: 995, maxLength: 1005 })),
    keepUntilApplies: sometimes(fc.boolean(), fc.jsonValue({ maxDepth: 0 })),
    effect: sometimes(fc.constantFrom(...CARD_EFFECTS.map((e) => e.id)), fc.string()),
    extra: fc.jsonValue({ maxDepth: 1 })
  },
  { requiredKeys: ['id', 'text'] }
);
const held = sometimes(
  fc.record(
    {
      card: sometimes(card, fc.jsonValue({ maxDepth: 1 })),
      salt: sometimes(fc.string({ unit: fc.constantFrom(...'0123456789abcdef') }), fc.integer())
    },
    { requiredKeys: [] }
  ),
  fc.jsonValue({ maxDepth: 2 })
);

describe('a held card read from a seat’s document', () => {
  it('is accepted exactly when the schema accepts it', () => {
    fc.assert(
      fc.property(held, (v) => {
        expect(isHeldSecret(v)).toBe(heldSchema.safeParse(v).success);
      }),
      { numRuns: 2000 }
    );
  });
  it('a valid card, with and without its effect', () => {
    const c = { id: 'c1', text: 'Extra move', keepUntilApplies: false };
    expect(isHeldSecret({ card: c, salt: 'ab' })).toBe(true);
    expect(isHeldSecret({ card: { ...c, effect: 'gainDisk' }, salt: 'ab' })).toBe(true);
    expect(isHeldSecret({ card: { ...c, effect: 'fly' }, salt: 'ab' })).toBe(false);
    expect(isHeldSecret({ card: { ...c, id: '' }, salt: 'ab' })).toBe(false);
  });
});
