import type { BattleEvent } from '../engine/events';

/**
 * The events that follow `afterSeq` without a gap, in order: a watcher delivers only these, so a
 * consumer folding incrementally can never skip an event. Shared by the Dexie watch (live.ts) and
 * the plain-IndexedDB one (quick-watch.ts).
 */
export function contiguousAfter(events: readonly BattleEvent[], afterSeq: number): BattleEvent[] {
  const fresh: BattleEvent[] = [];
  let seq = afterSeq;
  for (const e of events) {
    if (e.seq !== seq + 1) break;
    fresh.push(e);
    seq = e.seq;
  }
  return fresh;
}
