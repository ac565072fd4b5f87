import type { BattleState } from '../engine/events';

/**
 * Checkpoints of a battle's folded state (issue 18), so opening a long battle folds only the tail of
 * its log. A checkpoint says "the first `seq` events fold to `state`" and carries a hash of those
 * events' ids and a hash of the state, so it is never trusted over the log: one whose
 * record fails its schema, whose seq is beyond the log or whose hash does not match the log's prefix
 * is ignored and deleted, and the state is folded from the log. They are written lazily after an
 * open folded past a boundary (every CHECKPOINT_EVERY events), in a transaction of their own: a
 * failed or skipped write only costs the next open a longer fold. Nothing else reads them; a backup
 * does not carry them.
 */

export const CHECKPOINT_EVERY = 500;
/** Checkpoints kept per battle (the newest); older ones are deleted when a new one is written. */
export const KEEP_CHECKPOINTS = 2;
/** A stored checkpoint (its schema: checkpoint-store.ts). */
export interface CheckpointRecord {
  battleId: string;
  seq: number;
  /** prefixHash of events 1…seq. */
  hash: string;
  state: BattleState;
  /** stateHash of `state`: a damaged state is caught even when it still fits the schema. */
  stateHash: string;
  at: number;
}

/**
 * A 53-bit hash of the log's first `count` events, from their ids (in seq order). An event is never
 * rewritten and its id is a UUIDv7 written once, so the same ids in the same order are the same
 * prefix — and the ids can be read from the [battleId+seq] index without reading the events
 * themselves, which is what lets an open check a checkpoint before reading the older events.
 */
export function prefixHash(ids: readonly string[], count = ids.length): string {
  const h = new Hash();
  for (let i = 0; i < count; i++) {
    h.mix(ids[i]);
    h.mix(`\u0000${i + 1}\u0001`);
  }
  return h.digest();
}

/** The hash of a state, independent of the order of its keys (a parsed copy may reorder them). */
export function stateHash(state: BattleState): string {
  const h = new Hash();
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object') h.mix(JSON.stringify(v) ?? 'undefined');
    else if (Array.isArray(v)) {
      h.mix('[');
      for (const x of v) {
        walk(x);
        h.mix(',');
      }
      h.mix(']');
    } else {
      h.mix('{');
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o).sort()) {
        h.mix(JSON.stringify(k));
        h.mix(':');
        walk(o[k]);
        h.mix(',');
      }
      h.mix('}');
    }
  };
  walk(state);
  return h.digest();
}

/** cyrb53: two 32-bit lanes, 53 bits out. Not cryptographic; it guards against accidents, not attacks. */
class Hash {
  h1 = 0xdeadbeef;
  h2 = 0x41c6ce57;
  mix(s: string): void {
    let { h1, h2 } = this;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
  }
  digest(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
  }
}

export interface Usable {
  checkpoint: CheckpointRecord | null;
  /** Keys of stored checkpoints that failed a check (to delete). */
  invalid: [string, number][];
}

function keyOf(raw: unknown): [string, number] | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { battleId, seq } = raw as { battleId?: unknown; seq?: unknown };
  return typeof battleId === 'string' && typeof seq === 'number' ? [battleId, seq] : null;
}

/** The newest of `stored` (a battle's checkpoints as read, newest first) that holds against `ids`. */
export function usableCheckpoint(
  stored: readonly unknown[],
  ids: readonly string[],
  /** The record read through its schema, or null when it fails it. */
  read: (raw: unknown) => CheckpointRecord | null
): Usable {
  const invalid: [string, number][] = [];
  for (const raw of stored) {
    const record = read(raw);
    const key = keyOf(raw);
    if (
      record === null ||
      record.seq > ids.length ||
      prefixHash(ids, record.seq) !== record.hash ||
      stateHash(record.state) !== record.stateHash
    ) {
      if (key) invalid.push(key);
      continue;
    }
    return { checkpoint: record, invalid };
  }
  return { checkpoint: null, invalid };
}

/** The boundary a checkpoint of a log of `length` events would be taken at (0: none). */
export function boundaryOf(length: number, every: number = CHECKPOINT_EVERY): number {
  return Math.floor(length / every) * every;
}
