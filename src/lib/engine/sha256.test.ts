import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sha256HexSync } from './sha256';

describe('SHA-256 without crypto.subtle', () => {
  it('gives the FIPS 180-4 / NIST test vectors', () => {
    expect(sha256HexSync('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
    );
    expect(sha256HexSync('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    );
    expect(sha256HexSync('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'
    );
    expect(sha256HexSync('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'
    );
  });

  it('matches node’s SHA-256 on any text, across the 55/56/64-byte padding edges (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 200 }),
          fc.string({ minLength: 50, maxLength: 70 })
        ),
        (text) => {
          expect(sha256HexSync(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
        }
      )
    );
  });
});
