import { describe, expect, it } from 'vitest';
import { UUID_RE, idFactory, uuidv7 } from './ids';

describe('uuidv7', () => {
  it('encodes the timestamp, version 7 and the RFC variant', () => {
    const id = uuidv7(0x0189_abcd_ef01, new Uint8Array(10).fill(0xff));
    expect(id).toMatch(UUID_RE);
    expect(id.slice(0, 13)).toBe('0189abcd-ef01');
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('sorts by time: a later millisecond gives a larger id', () => {
    const r = new Uint8Array(10).fill(0xff);
    const z = new Uint8Array(10);
    expect(uuidv7(1_700_000_000_001, z) > uuidv7(1_700_000_000_000, r)).toBe(true);
  });

  it('takes its clock and randomness from the caller', () => {
    let n = 0;
    const make = idFactory(
      () => 1000,
      (k) => new Uint8Array(k).fill(n++)
    );
    expect(make()).not.toBe(make());
  });
});
