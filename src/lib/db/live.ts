import { liveQuery } from 'dexie';
import type { BattleEvent } from '../engine/events';
import { battleEventSchema } from '../engine/events-schema';
import type { Db } from './db';
import { contiguousAfter } from './contiguous';
import { parseRecord } from './parse';

/**
 * Live updates of a battle log (this tab's writes and other tabs'), for the state glue. Only new
 * events are read on each change (seq > the last one delivered, or the last the screen has: its
 * own writes are on it already), so a 10,000-event battle does not re-read its whole log on every
 * roll, nor a long evening every tap of it (issue 39).
 */

export interface LogWatch {
  stop(): void;
}

export function watchBattleLog(
  db: Db,
  battleId: string,
  afterSeq: () => number,
  onEvents: (events: BattleEvent[]) => void,
  onError: (error: unknown) => void
): LogWatch {
  let lastSeq = afterSeq();
  const subscription = liveQuery(async () => {
    lastSeq = Math.max(lastSeq, afterSeq());
    const raw = await db
      .table('events')
      .where('[battleId+seq]')
      .between([battleId, lastSeq + 1], [battleId, Infinity], true, true)
      .toArray();
    return raw.map((e) => parseRecord(battleEventSchema, 'event', e));
  }).subscribe({
    next: (events) => {
      const fresh = contiguousAfter(events, lastSeq);
      if (fresh.length === 0) return;
      lastSeq = fresh[fresh.length - 1].seq;
      onEvents(fresh);
    },
    error: onError
  });
  return { stop: () => subscription.unsubscribe() };
}
