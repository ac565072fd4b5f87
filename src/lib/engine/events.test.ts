import { describe, expect, it } from 'vitest';
import { findJsonProblem } from './events';
import { jsonSchema } from './state-schema';
import { battleEventSchema } from './events-schema';

describe('event schemas', () => {
  it('accepts a JSON value and rejects what JSON cannot hold', () => {
    expect(jsonSchema.safeParse({ a: [1, 'x', null, true] }).success).toBe(true);
    expect(jsonSchema.safeParse({ a: Number.NaN }).success).toBe(false);
    expect(jsonSchema.safeParse({ a: () => 1 }).success).toBe(false);
    expect(jsonSchema.safeParse(new Date(0)).success).toBe(false);
  });

  it('rejects a __proto__ key with its path', () => {
    const v: unknown = JSON.parse('{"a":{"__proto__":{"polluted":1}}}');
    expect(findJsonProblem(v)).toEqual({
      path: ['a', '__proto__'],
      reason: 'forbidden key "__proto__"'
    });
  });

  it('rejects absurd nesting instead of overflowing the stack', () => {
    const deep: unknown = JSON.parse('['.repeat(5000) + ']'.repeat(5000));
    expect(findJsonProblem(deep)?.reason).toBe('nested too deeply');
  });

  it('parses a full event strictly', () => {
    const e = {
      id: 'x',
      battleId: 'b',
      seq: 1,
      deviceId: 'd',
      at: 5,
      kind: 'sheet.edit',
      summary: 's',
      ops: [{ op: 'set', path: ['ships', 'a', 'sheet'], value: { hull: 1 } }]
    };
    expect(battleEventSchema.safeParse(e).success).toBe(true);
    expect(battleEventSchema.safeParse({ ...e, extra: 1 }).success).toBe(false);
    expect(battleEventSchema.safeParse({ ...e, seq: 0 }).success).toBe(false);
    expect(battleEventSchema.safeParse({ ...e, ops: [{ op: 'del', path: ['a'] }] }).success).toBe(
      false
    );
  });
});
