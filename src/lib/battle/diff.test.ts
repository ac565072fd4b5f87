import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diff, invertOps, jsonEqual } from './diff';
import { applyOps } from './fold';
import type { Json } from '../engine/events';

const jsonArb: fc.Arbitrary<Json> = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom('a', 'b', ''),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z', 'hull', 'crew'), tie('json'), {
      maxKeys: 4
    })
  )
})).json;

describe('diff', () => {
  it('produces ops that turn before into after, and whose inverse turns it back', () => {
    fc.assert(
      fc.property(jsonArb, jsonArb, (before, after) => {
        const ops = diff(before, after);
        const forward = applyOps(before, ops);
        expect(jsonEqual(forward, after)).toBe(true);
        expect(jsonEqual(applyOps(forward, invertOps(ops)), before)).toBe(true);
      }),
      { numRuns: 500 }
    );
  });

  it('never mutates its inputs', () => {
    fc.assert(
      fc.property(jsonArb, jsonArb, (before, after) => {
        const b = structuredClone(before);
        const ops = diff(before, after);
        applyOps(before, ops);
        applyOps(after, invertOps(ops));
        expect(before).toEqual(b);
      }),
      { numRuns: 200 }
    );
  });

  it('records only the changed field of a ship log', () => {
    const before = {
      ships: { a: { sheet: { hull: 3, crew: 10 } }, b: { sheet: { hull: 1 } } }
    };
    const after = {
      ships: { a: { sheet: { hull: 5, crew: 10 } }, b: before.ships.b }
    };
    expect(diff(before, after)).toEqual([
      { op: 'set', path: ['ships', 'a', 'sheet', 'hull'], value: 5, prev: 3 }
    ]);
  });

  it('records removed and added keys as del and set without prev', () => {
    expect(diff({ a: 1 }, { b: 2 })).toEqual([
      { op: 'del', path: ['a'], prev: 1 },
      { op: 'set', path: ['b'], value: 2 }
    ]);
  });
});
