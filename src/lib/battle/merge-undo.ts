import type { BattleEvent, EventDraft } from '../engine/events';
import { invertOps } from './diff';
import { replayHistory, type History } from './actions';
import type { MergeFlag } from './merge-fold';

/** Undo and redo on the live table's merged log: who may undo what, and the events they write. */

/**
 * The undo stack of a merged log: an undo of any action in effect undoes it (later actions stay), a
 * second undo of the same action counts once, likewise a redo. Events that `flags` (from
 * foldMerged) say were not applied are left out, so what the log strikes through is what the state
 * left out.
 */
export function historyMerged(
  events: readonly BattleEvent[],
  flags?: ReadonlyMap<string, MergeFlag>
): History {
  return replayHistory(
    events,
    () => true,
    flags && flags.size > 0
      ? (e) => {
          const f = flags.get(e.id);
          return f !== undefined && !f.applied;
        }
      : undefined
  );
}

export interface Undoer {
  deviceId: string;
  isReferee: boolean;
}

/**
 * The action `who` may undo: a player their own device's last action still in effect, the referee
 * anyone's last one. Null when there is none.
 */
export function undoableBy(
  events: readonly BattleEvent[],
  who: Undoer,
  flags?: ReadonlyMap<string, MergeFlag>
): BattleEvent | null {
  const { done } = historyMerged(events, flags);
  if (who.isReferee) return done.at(-1) ?? null;
  return done.findLast((e) => e.deviceId === who.deviceId) ?? null;
}

/** The action `who` may redo: the latest undone one (a player's: their own device's). */
export function redoableBy(
  events: readonly BattleEvent[],
  who: Undoer,
  flags?: ReadonlyMap<string, MergeFlag>
): BattleEvent | null {
  const { undone } = historyMerged(events, flags);
  if (who.isReferee) return undone.at(-1) ?? null;
  return undone.findLast((e) => e.deviceId === who.deviceId) ?? null;
}

/** The undo event for `target` (from undoableBy), as actions.ts's undo() makes it. */
export function undoDraftOf(target: BattleEvent): EventDraft {
  return {
    kind: 'undo',
    summary: `Undid: ${target.summary}`,
    ops: invertOps(target.ops),
    target: target.id
  };
}

/** The redo event for `target` (from redoableBy), as actions.ts's redo() makes it. */
export function redoDraftOf(target: BattleEvent): EventDraft {
  return {
    kind: 'redo',
    summary: `Redid: ${target.summary}`,
    ops: target.ops.slice(),
    target: target.id
  };
}
