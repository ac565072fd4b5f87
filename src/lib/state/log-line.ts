import { describe } from '$lib/battle/describe';
import type { BattleEvent } from '$lib/engine/events';
import type { MergeFlag } from '$lib/live/merge-api';

/** One line of the battle's log as the screens show it (the session builds them, one per event). */
export interface LogLine {
  seq: number;
  id: string;
  kind: string;
  at: number;
  text: string;
  isVoided: boolean;
  /** Live table: written on another device and arrived after events that sort after it. */
  isLate?: boolean;
  /** Live table: what the merge did with it (skipped, refused, a conflict), for the log. */
  flag?: string;
}

/**
 * The log panel's lines, newest first. A line is made once per event and again only when its
 * marks change (undone, late, flagged), so an action costs one new line and the panel redraws
 * nothing else.
 */
export class LogLines {
  #lineOf = new WeakMap<BattleEvent, LogLine>();

  of(
    events: readonly BattleEvent[],
    voided: ReadonlySet<string>,
    late: ReadonlySet<string>,
    flags: ReadonlyMap<string, MergeFlag>
  ): LogLine[] {
    const lines = new Array<LogLine>(events.length);
    for (let i = 0; i < events.length; i++) {
      const e = events[events.length - 1 - i];
      const isVoided = voided.has(e.id);
      const isLate = late.has(e.id);
      const flag = flags.get(e.id)?.text;
      let line = this.#lineOf.get(e);
      if (
        !line ||
        line.isVoided !== isVoided ||
        (line.isLate ?? false) !== isLate ||
        line.flag !== flag
      ) {
        line = {
          seq: e.seq,
          id: e.id,
          kind: e.kind,
          at: e.at,
          text: describe(e, { voided }),
          isVoided
        };
        if (isLate) line.isLate = true;
        if (flag !== undefined) line.flag = flag;
        this.#lineOf.set(e, line);
      }
      lines[i] = line;
    }
    return lines;
  }
}
