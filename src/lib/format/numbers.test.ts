import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers';

describe('groupThousands', () => {
  it("writes every whole number as toLocaleString('en-GB') does", () => {
    const values = [0, 1, 9, 10, 999, 1000, 7000, 12_500, 100_000, 999_999, 1_000_000, 123_456_789];
    for (const n of [...values, ...values.map((v) => -v), Number.MAX_SAFE_INTEGER])
      expect(groupThousands(n)).toBe(n.toLocaleString('en-GB'));
    for (let n = -20_000; n <= 20_000; n += 7)
      expect(groupThousands(n)).toBe(n.toLocaleString('en-GB'));
  });

  it('leaves fractions, -0 and huge numbers to the formatter', () => {
    for (const n of [1234.5678, -0, 1e21, 0.5])
      expect(groupThousands(n)).toBe(n.toLocaleString('en-GB'));
  });
});
