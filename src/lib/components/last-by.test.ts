import { describe, expect, it } from 'vitest';
import { lastBy } from './last-by';

describe('lastBy', () => {
  it('answers the same arguments from its last answer, and works out new ones', () => {
    let calls = 0;
    const sum = lastBy((o: { n: number }, list: readonly number[]) => {
      calls++;
      return { total: o.n + list.reduce((a, b) => a + b, 0) };
    });
    const o = { n: 1 };
    const first = sum(o, [2, 3]);
    // A list derived afresh with the same values is the same question.
    expect(sum(o, [2, 3])).toBe(first);
    expect(calls).toBe(1);
    // Another object, even equal, is another question (a state is compared by identity).
    expect(sum({ n: 1 }, [2, 3])).not.toBe(first);
    expect(sum(o, [2, 4]).total).toBe(7);
    expect(calls).toBe(3);
  });
});
