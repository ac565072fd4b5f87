import { describe, expect, it } from 'vitest';
import { keepUnchanged, sameItems } from './keep-unchanged';

interface Row {
  id: string;
  hull: number;
}

describe('keepUnchanged', () => {
  const sameRow = (a: Row, b: Row) => a.id === b.id && a.hull === b.hull;

  it("hands back last time's row for an unchanged ship and a new one for a changed ship", () => {
    const keep = keepUnchanged<Row>((r) => r.id, sameRow);
    const first = keep([
      { id: 'a', hull: 10 },
      { id: 'b', hull: 8 }
    ]);
    const second = keep([
      { id: 'a', hull: 9 },
      { id: 'b', hull: 8 }
    ]);
    expect(second).not.toBe(first);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0].hull).toBe(9);
    expect(second[1]).toBe(first[1]);
  });

  it("hands back last time's list when every row is unchanged", () => {
    const keep = keepUnchanged<Row>((r) => r.id, sameRow);
    const first = keep([{ id: 'a', hull: 10 }]);
    expect(keep([{ id: 'a', hull: 10 }])).toBe(first);
  });

  it('follows a ship leaving the list and the order changing', () => {
    const keep = keepUnchanged<Row>((r) => r.id, sameRow);
    const first = keep([
      { id: 'a', hull: 10 },
      { id: 'b', hull: 8 }
    ]);
    const swapped = keep([
      { id: 'b', hull: 8 },
      { id: 'a', hull: 10 }
    ]);
    expect(swapped).toEqual([first[1], first[0]]);
    expect(swapped[0]).toBe(first[1]);
    expect(keep([{ id: 'a', hull: 10 }])).toEqual([{ id: 'a', hull: 10 }]);
  });

  it('compares by identity unless told', () => {
    const keep = keepUnchanged<Row>((r) => r.id);
    const a = { id: 'a', hull: 1 };
    const first = keep([a]);
    expect(keep([a])).toBe(first);
    expect(keep([{ ...a }])).not.toBe(first);
  });
});

describe('sameItems', () => {
  it('is true for the same items in the same order only', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    expect(sameItems([a, b], [a, b])).toBe(true);
    expect(sameItems([a, b], [b, a])).toBe(false);
    expect(sameItems([a], [{ id: 'a' }])).toBe(false);
  });
});
