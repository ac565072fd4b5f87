import type { Json } from '../engine/events';
import { sha256HexSync } from '../engine/sha256';

/**
 * Hidden information on the live table (#19 item 5): what an opponent may not know (Privateers
 * hidden orders, the Master and Commander deck and held cards) never goes into the public log.
 * The public event holds a commitment — the SHA-256 of the secret and a random salt — and the
 * secret with its salt goes to the seat's private document (opened only by that seat and the
 * referee). The reveal, later, is a public event that carries secret and salt; anyone can check it
 * against the commitment, so the orders revealed are the orders given, and the salt (128 random
 * bits) keeps a guess of a small secret ("full sail, starboard") from being checked against it.
 * Pure and synchronous (the pure SHA-256 works on plain-http pages too); the salt comes from the
 * caller (`getRandomValues` in the UI, never Math.random).
 */

export const COMMITMENT_PATTERN = /^sha256:[0-9a-f]{64}$/;
/** At least 128 bits as hex; at most 128 characters. */
export const SALT_PATTERN = /^[0-9a-f]{32,128}$/;

export type Commitment = string;

/** JSON with sorted keys, so the same secret always hashes the same on every device. */
export function canonicalJsonOf(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJsonOf).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJsonOf(value[k])}`).join(',')}}`;
}

export function isSalt(v: unknown): v is string {
  return typeof v === 'string' && SALT_PATTERN.test(v);
}

/** The commitment to `secret` under `salt` (throws on a salt that is not at least 128 bits of hex). */
export function commitment(secret: Json, salt: string): Commitment {
  if (!isSalt(salt)) throw new Error('a commitment needs a salt of at least 32 hex digits');
  return `sha256:${sha256HexSync(`quarterdeck-commitment:${salt}:${canonicalJsonOf(secret)}`)}`;
}

/** True when `secret` and `salt` are what `hash` committed to. */
export function verifyReveal(hash: string, secret: Json, salt: string): boolean {
  if (!COMMITMENT_PATTERN.test(hash) || !isSalt(salt)) return false;
  return commitment(secret, salt) === hash;
}

/** A salt from random bytes the caller drew (`crypto.getRandomValues(new Uint8Array(16))`). */
export function saltOf(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new Error('a salt needs at least 16 random bytes');
  let s = '';
  for (const b of bytes.subarray(0, 64)) s += b.toString(16).padStart(2, '0');
  return s;
}
