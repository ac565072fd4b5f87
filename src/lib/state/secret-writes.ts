import type { EventDraft } from '$lib/battle/events';
import { secretWritesOf } from '$lib/battle/move';
import type { SecretWrite } from '$lib/live/secrets';
import { err, type Result } from '$lib/rules/core/result';

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
  /** After the commit: the writes of the draft last checked. */
  commit(): Promise<void>;
}

export function secretWriter(
  sink: SecretSink | null,
  handedIn: readonly SecretWrite[] = []
): SecretWriter {
  let pending: readonly SecretWrite[] = [];
  return {
    check(r) {
      pending = [];
      if (!r.ok) return r;
      const writes = [...handedIn, ...secretWritesOf(r.value)];
      if (writes.length === 0) return r;
      if (!sink) return err(NOT_LIVE_SECRETS);
      const refusal = sink.refusalOf(writes);
      if (refusal) return err(refusal);
      pending = writes;
      return r;
    },
    async commit() {
      if (pending.length > 0 && sink) await sink.writeSecrets(pending);
    }
  };
}
