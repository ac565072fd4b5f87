import { uuidv7 } from '$lib/battle/ids';

/**
 * The one id source of the screens: UUIDv7 from the clock and `crypto.getRandomValues`, which every
 * browser has, also on a plain-http page of the table's Wi-Fi (`crypto.randomUUID` exists only in
 * secure contexts). Moves get theirs from `MoveContext.newId`; this is for everything else.
 */
export function newId(): string {
  return uuidv7(Date.now(), crypto.getRandomValues(new Uint8Array(10)));
}
