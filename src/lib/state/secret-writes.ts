import type { EventDraft } from '$lib/engine/events';
import type { Json } from '$lib/engine/events';
import { secretWritesOf, undoSecretWritesOf } from '$lib/battle/move';
import type { SecretWrite, SecretsView } from '$lib/engine/secrets';
import { err, ok, type Result } from '$lib/engine/result';

/**
 * The private half of one user action on the live table (#19 item 5): the writes a move asks for
 * (`withSecretWrites`) and the ones its screen hands in (the seat's sealed orders, sealed before
 * the move), checked with the draft — so a write this device may not make refuses the action and
 * nothing is saved — and made once the public event is committed. They never go into the event.
 */

/** Where the writes go: the live link's private documents. */
export interface SecretSink {
  refusalOf(writes: readonly SecretWrite[]): string | null;
  writeSecrets(writes: readonly SecretWrite[]): Promise<void>;
}

export const NOT_LIVE_SECRETS =
  'This battle is not shared live: there is no private document to keep this secret in.';

export interface SecretWriter {
  /** The draft, or the reason its private writes cannot be made here. */
  check(r: Result<EventDraft>): Result<EventDraft>;
  /**
   * After the commit of event `eventId`: the writes of the draft last checked, and beside them in
   * each seat's document what undoing (and redoing) the event writes there (`undoSecretsKey`).
   */
  commit(eventId: string): Promise<void>;
}

export function secretWriter(
  sink: SecretSink | null,
  handedIn: readonly SecretWrite[] = []
): SecretWriter {
  let pending: readonly SecretWrite[] = [];
  let pendingUndo: readonly SecretWrite[] = [];
  return {
    check(r) {
      pending = [];
      pendingUndo = [];
      if (!r.ok) return r;
      const writes = [...handedIn, ...secretWritesOf(r.value)];
      const undo = undoSecretWritesOf(r.value);
      if (writes.length === 0 && undo.length === 0) return r;
      if (!sink) return err(NOT_LIVE_SECRETS);
      const refusal = sink.refusalOf([...writes, ...undo]);
      if (refusal) return err(refusal);
      pending = writes;
      pendingUndo = undo;
      return r;
    },
    async commit(eventId) {
      if (!sink || pending.length + pendingUndo.length === 0) return;
      await sink.writeSecrets([...pending, ...undoRecordsOf(eventId, pending, pendingUndo)]);
    }
  };
}

/**
 * The key, in a seat's private document, of what undoing event `eventId` writes back there: the
 * undo of a private move runs on a device that opens the seat (the referee's, or the holder's own),
 * so the old values stay as private as the new ones and never go into the public undo event.
 */
export const undoSecretsKey = (eventId: string): string => `undo/${eventId}`;

interface UndoRecord {
  undo: { key: string; value: Json | null }[];
  redo: { key: string; value: Json | null }[];
}

function undoRecordsOf(
  eventId: string,
  writes: readonly SecretWrite[],
  undo: readonly SecretWrite[]
): SecretWrite[] {
  if (undo.length === 0) return [];
  const seats = [...new Set(undo.map((w) => w.seat))];
  return seats.map((seat) => {
    const only = (ws: readonly SecretWrite[]) =>
      ws.filter((w) => w.seat === seat).map((w) => ({ key: w.key, value: w.value }));
    const record: UndoRecord = { undo: only(undo), redo: only(writes) };
    return { seat, key: undoSecretsKey(eventId), value: record as unknown as Json };
  });
}

/** Two JSON values alike (object keys in any order): what a seat's document holds now. */
function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) || Array.isArray(y)) {
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    return x.every((v, i) => sameJson(v, y[i]));
  }
  const kx = Object.keys(x);
  if (kx.length !== Object.keys(y).length) return false;
  return kx.every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]));
}

/**
 * The private writes of undoing (or redoing) event `eventId`, in the seats this device opens; []
 * for an event that wrote nothing privately. The record stays, so undo and redo can alternate.
 * Refused where a seat's value is no longer the one the event (or its undo) left there: a later
 * move wrote it too (the referee drew into the hand a play took a card from), and writing the old
 * value back would lose that move's write.
 */
export function undoSecretWrites(
  view: SecretsView | undefined,
  eventId: string,
  kind: 'undo' | 'redo'
): Result<SecretWrite[]> {
  if (!view) return ok([]);
  const out: SecretWrite[] = [];
  for (const seat of view.seats) {
    const raw = view.get(seat, undoSecretsKey(eventId));
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const list = raw[kind];
    if (!Array.isArray(list)) continue;
    // What the event (for an undo) or its undo (for a redo) wrote: still there, or refused.
    const left = raw[kind === 'undo' ? 'redo' : 'undo'];
    for (const w of list) {
      if (w === null || typeof w !== 'object' || Array.isArray(w)) continue;
      if (typeof w.key !== 'string' || w.key.startsWith('undo/')) continue;
      const key = w.key;
      const wrote = Array.isArray(left)
        ? left.find(
            (l): l is { [k: string]: Json } =>
              l !== null && typeof l === 'object' && !Array.isArray(l) && l.key === key
          )
        : undefined;
      if (wrote && !sameJson(view.get(seat, key), wrote.value))
        return err(
          `${kind === 'undo' ? 'Not undone' : 'Not redone'}: ${seat}'s private document has changed since (a later move wrote there too); ${kind} that move first.`
        );
      out.push({ seat, key, value: w.value ?? null });
    }
  }
  return ok(out);
}
