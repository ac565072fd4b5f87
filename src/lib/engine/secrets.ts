import type { Json } from './events';

/**
 * The private side of the live table (#19 item 5): what an opponent may not know (Privateers
 * hidden orders, the Master and Commander deck and held cards) lives in per-seat private
 * documents on the hub, never in the public battle document or its events. A seat's document is
 * opened only by that seat's devices and the referee's; the referee's own private document (the
 * M&C library and draw pile) is `REFEREE_SEAT` and only the referee opens it.
 *
 * This module is the contract between the moves (pure: they read a `SecretsView` and ask for
 * `SecretWrite`s beside their public draft) and the transport (the hub's per-seat Y.Docs and the
 * device's local copy of the seats it may open).
 */

/** The id of the referee's own private document. */
export const REFEREE_SEAT = '@referee';

/** What this device holds of the private documents: only the seats its link opens. */
export interface SecretsView {
  /** The seats whose private documents this device opens (its own; every seat on the referee's). */
  readonly seats: readonly string[];
  /** One value of a seat's private document, or undefined when absent or not opened here. */
  get(seat: string, key: string): Json | undefined;
}

/** A private write a move asks for beside its public draft (value null deletes the key). */
export interface SecretWrite {
  seat: string;
  key: string;
  value: Json | null;
}

/** A view over plain objects (tests; a battle on one device that keeps its secrets in memory). */
export function secretsViewOf(docs: Readonly<Record<string, Record<string, Json>>>): SecretsView {
  return {
    seats: Object.keys(docs),
    get: (seat, key) => (Object.hasOwn(docs, seat) ? docs[seat][key] : undefined)
  };
}
