import { uuidv7 } from '$lib/battle/ids';

/**
 * The one id source of the screens: UUIDv7 from the clock and `crypto.getRandomValues`, which every
 * browser has, also on a plain-http page of the table's Wi-Fi (`crypto.randomUUID` exists only in
 * secure contexts). Moves get theirs from `MoveContext.newId`; this is for everything else.
 */
export function newId(): string {
  return uuidv7(Date.now(), crypto.getRandomValues(new Uint8Array(10)));
}

/**
 * A secret for a live table link (issue 19): 128 random bits from `crypto.getRandomValues` (there on
 * plain-http pages too), as 22 URL-safe characters.
 */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
