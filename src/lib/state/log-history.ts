import { extendHistory, history, type History } from '$lib/battle/actions';
import type { BattleEvent } from '$lib/engine/events';

/**
 * The history (done, undone, voided) of the log a screen shows, kept from one log to the next: a
 * log that is the last one followed by more events extends it, without replaying the older
 * entries (issue 18); any other log is read whole.
 */
export class LogHistory {
  #last: { events: readonly BattleEvent[]; value: History } | null = null;

  of(events: readonly BattleEvent[]): History {
    const prev = this.#last;
    const value =
      prev && extendsLog(prev.events, events)
        ? extendHistory(prev.value, events.slice(prev.events.length))
        : history(events);
    this.#last = { events, value };
    return value;
  }
}

/** `next` is `prev` followed by more events (the same event objects: the session only appends). */
export function extendsLog(prev: readonly BattleEvent[], next: readonly BattleEvent[]): boolean {
  if (next.length < prev.length) return false;
  if (prev.length === 0) return true;
  return next[0] === prev[0] && next[prev.length - 1] === prev[prev.length - 1];
}
