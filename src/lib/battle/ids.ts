/**
 * UUIDv7 (RFC 9562 §5.7) from an injected clock and injected random bytes, so ids are globally
 * unique across devices (logs will merge) and roughly time-ordered, while this module stays pure.
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** `ms`: Unix time in milliseconds; `random`: at least 10 random bytes. */
export function uuidv7(ms: number, random: Uint8Array): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > 0xffff_ffff_ffff)
    throw new RangeError('bad timestamp');
  if (random.length < 10) throw new RangeError('uuidv7 needs 10 random bytes');
  const b = new Uint8Array(16);
  // 48-bit big-endian timestamp; split because bitwise ops in JS are 32-bit.
  const hi = Math.floor(ms / 0x1_0000_0000);
  const lo = ms >>> 0;
  b[0] = (hi >>> 8) & 0xff;
  b[1] = hi & 0xff;
  b[2] = (lo >>> 24) & 0xff;
  b[3] = (lo >>> 16) & 0xff;
  b[4] = (lo >>> 8) & 0xff;
  b[5] = lo & 0xff;
  b.set(random.subarray(0, 10), 6);
  b[6] = 0x70 | (b[6] & 0x0f); // version 7
  b[8] = 0x80 | (b[8] & 0x3f); // variant 10
  let s = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
    s += HEX[b[i]];
  }
  return s;
}

/** Test seam (issue 35): what the ids tests check an id against. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An id factory from a clock and a random-bytes source. Test seam (issue 35): tests pass
 *  deterministic ones. */
export function idFactory(now: () => number, randomBytes: (n: number) => Uint8Array): () => string {
  return () => uuidv7(now(), randomBytes(10));
}
