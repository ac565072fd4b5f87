import { describe } from '$lib/battle/describe';
import type { BattleEvent } from '$lib/engine/events';
import type { MergeFlag } from '$lib/live/merge-api';
import { extendsLog } from './log-history';

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
 * nothing else. A log that is the last one followed by more events (the session only appends) is
 * extended: its new lines go in front of the last list and only the lines an undo or redo marked
 * are made again, so an action does not walk the older lines (issue 39).
 */
export class LogLines {
  #lineOf = new WeakMap<BattleEvent, LogLine>();
  #last: {
    events: readonly BattleEvent[];
    voided: ReadonlySet<string>;
    late: ReadonlySet<string>;
    flags: ReadonlyMap<string, MergeFlag>;
    lines: LogLine[];
  } | null = null;

  of(
    events: readonly BattleEvent[],
    voided: ReadonlySet<string>,
    late: ReadonlySet<string>,
    flags: ReadonlyMap<string, MergeFlag>
  ): LogLine[] {
    const prev = this.#last;
    const lines =
      prev && prev.late === late && prev.flags === flags && extendsLog(prev.events, events)
        ? this.#extended(prev.lines, prev.events.length, prev.voided, events, voided, late, flags)
        : this.#all(events, voided, late, flags);
    this.#last = { events, voided, late, flags, lines };
    return lines;
  }

  #all(
    events: readonly BattleEvent[],
    voided: ReadonlySet<string>,
    late: ReadonlySet<string>,
    flags: ReadonlyMap<string, MergeFlag>
  ): LogLine[] {
    const lines = new Array<LogLine>(events.length);
    for (let i = 0; i < events.length; i++)
      lines[i] = this.#line(events[events.length - 1 - i], voided, late, flags);
    return lines;
  }

  /** The last lines (of the log's first `before` events) with the events after them in front. */
  #extended(
    last: readonly LogLine[],
    before: number,
    lastVoided: ReadonlySet<string>,
    events: readonly BattleEvent[],
    voided: ReadonlySet<string>,
    late: ReadonlySet<string>,
    flags: ReadonlyMap<string, MergeFlag>
  ): LogLine[] {
    const added = events.length - before;
    if (added === 0 && voided === lastVoided) return last as LogLine[];
    const lines = new Array<LogLine>(events.length);
    for (let i = 0; i < added; i++)
      lines[i] = this.#line(events[events.length - 1 - i], voided, late, flags);
    for (let i = 0; i < before; i++) lines[added + i] = last[i];
    if (voided === lastVoided) return lines;
    // An undo or redo: the lines it struck through or restored, found from the newest.
    const marked = new Set<string>();
    for (const id of voided) if (!lastVoided.has(id)) marked.add(id);
    for (const id of lastVoided) if (!voided.has(id)) marked.add(id);
    for (let i = added; i < lines.length && marked.size > 0; i++) {
      if (!marked.delete(lines[i].id)) continue;
      lines[i] = this.#line(events[events.length - 1 - i], voided, late, flags);
    }
    return lines;
  }

  #line(
    e: BattleEvent,
    voided: ReadonlySet<string>,
    late: ReadonlySet<string>,
    flags: ReadonlyMap<string, MergeFlag>
  ): LogLine {
    const isVoided = voided.has(e.id);
    const isLate = late.has(e.id);
    const flag = flags.get(e.id)?.text;
    const line = this.#lineOf.get(e);
    if (
      line &&
      line.isVoided === isVoided &&
      (line.isLate ?? false) === isLate &&
      line.flag === flag
    )
      return line;
    // The text is worked out when a screen first reads it: a deep-linked battle opened without a
    // checkpoint makes a line per event of its log, and the panel shows the newest 50 (issue 40).
    // `voided` is the history's set of this moment (a new one is made at each undo or redo).
    let text: string | undefined;
    const made: LogLine = {
      seq: e.seq,
      id: e.id,
      kind: e.kind,
      at: e.at,
      get text() {
        return (text ??= describe(e, { voided }));
      },
      isVoided
    };
    if (isLate) made.isLate = true;
    if (flag !== undefined) made.flag = flag;
    this.#lineOf.set(e, made);
    return made;
  }
}
