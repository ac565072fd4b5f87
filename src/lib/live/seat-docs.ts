import * as Y from 'yjs';
import type { Json } from '../engine/events';
import { REFEREE_SEAT, type SecretWrite, type SecretsView } from '../engine/secrets';
import { docNameOf } from './wire';

/**
 * The private documents one device opens on the live table (#19 item 5): one Y.Doc per seat,
 * named `battle:<hub key>/seat/<seat>` on the hub, which lets only that seat's token and the referee's
 * open it. Each holds a Y.Map `secrets` key → JSON. A player's device opens its own seat; the
 * referee's every seat and REFEREE_SEAT; a spectator's none. Nothing else of another seat's is ever
 * on the device: no other document is opened, and the local copy (below) holds only these.
 *
 * The local copy is each document's Yjs state, kept so secrets written offline reach the hub on
 * reconnect and a reload keeps them (a CRDT state, not the plain values: written back as fresh
 * values, they would override later writes from the seat's other device or the referee's).
 */

export const SECRETS_MAP = 'secrets';

export function seatDocName(hubKey: string, seat: string): string {
  return `${docNameOf(hubKey)}/seat/${encodeURIComponent(seat)}`;
}

/** The seats a link opens: its own seat (a player), every seat and the referee's own (referee). */
export function seatsOpenedBy(
  role: 'referee' | 'player' | 'spectator',
  seat: string | undefined,
  knownSeats: readonly string[]
): string[] {
  if (role === 'spectator') return [];
  if (role === 'player') return seat !== undefined && seat !== REFEREE_SEAT ? [seat] : [];
  const seats = [...new Set(knownSeats.filter((s) => s !== REFEREE_SEAT && s !== ''))].sort();
  return [...seats, REFEREE_SEAT];
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export class SeatDocs {
  readonly docs = new Map<string, Y.Doc>();
  /** Called after any change to any of the documents (this device's or the hub's). */
  onUpdate: () => void = () => {};

  constructor(readonly seats: readonly string[]) {
    for (const seat of seats) {
      const doc = new Y.Doc();
      doc.on('update', () => this.onUpdate());
      this.docs.set(seat, doc);
    }
  }

  #map(seat: string): Y.Map<unknown> | undefined {
    return this.docs.get(seat)?.getMap(SECRETS_MAP);
  }

  /** The documents as moves read them. */
  view(): SecretsView {
    return {
      seats: this.seats,
      get: (seat, key) => this.#map(seat)?.get(key) as Json | undefined
    };
  }

  /** Why these writes cannot be made here (a seat this device does not open), or null. */
  refusalOf(writes: readonly SecretWrite[]): string | null {
    const shut = writes.find((w) => !this.docs.has(w.seat));
    if (!shut) return null;
    return shut.seat === REFEREE_SEAT
      ? 'Only the referee’s device keeps the referee’s secrets.'
      : `This device does not hold ${shut.seat}’s secrets: make this move on their device or the referee’s.`;
  }

  /** Applies the writes, one Yjs transaction per document (refusalOf first: unknown seats throw). */
  apply(writes: readonly SecretWrite[]): void {
    const refusal = this.refusalOf(writes);
    if (refusal) throw new Error(refusal);
    for (const seat of new Set(writes.map((w) => w.seat))) {
      const doc = this.docs.get(seat)!;
      const map = doc.getMap(SECRETS_MAP);
      doc.transact(() => {
        for (const w of writes) {
          if (w.seat !== seat) continue;
          if (w.value === null) map.delete(w.key);
          else map.set(w.key, w.value);
        }
      });
    }
  }

  /** The local copy: each opened document's state, as text. */
  saved(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [seat, doc] of this.docs) out[seat] = toBase64(Y.encodeStateAsUpdate(doc));
    return out;
  }

  /** Restores the local copy (only the seats this device opens; anything else is ignored). */
  load(saved: Json | undefined): void {
    if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return;
    for (const [seat, doc] of this.docs) {
      const text = Object.hasOwn(saved, seat) ? saved[seat] : undefined;
      if (typeof text !== 'string') continue;
      try {
        Y.applyUpdate(doc, fromBase64(text));
      } catch {
        // A damaged copy: the hub's copy fills the document on connect.
      }
    }
  }

  destroy(): void {
    for (const doc of this.docs.values()) doc.destroy();
  }
}

/** The settings key of a battle's local copy of the private documents this device opens. */
export const liveSecretsKey = (battleId: string): string => `live-secrets:${battleId}`;
