import type {
  BattleEvent,
  BattleShip,
  BattleState,
  EventDraft,
  Json,
  Op,
  RollRecord
} from '../engine/events';
import type { Clock } from '../engine/clock';
import { diff, invertOps } from './diff';

/**
 * Actions and the undo stack. An action is one event whose ops are the diff between the state the
 * user saw and the state the action leads to. Undo appends an event with the inverse ops of the
 * latest non-voided action; redo re-appends the ops of the latest undone one while no new action
 * came after it. Nothing is ever rewritten: voided events stay in the log.
 */

/** Kinds that are not user actions and cannot be undone (a battle's or a campaign's set-up). */
const NOT_UNDOABLE = new Set(['undo', 'redo', 'battle.setup', 'campaign.setup']);

export function isUndoable(kind: string): boolean {
  return !NOT_UNDOABLE.has(kind);
}

export interface ActionInput {
  kind: string;
  summary: string;
  next: BattleState;
  roll?: RollRecord;
}

export function createAction(state: BattleState, input: ActionInput): EventDraft {
  if (input.kind === 'undo' || input.kind === 'redo') {
    throw new Error('undo and redo are made by undo() and redo(), not createAction');
  }
  const ops = diff(state as unknown as Json, input.next as unknown as Json);
  const draft: EventDraft = { kind: input.kind, summary: input.summary, ops };
  if (input.roll !== undefined) draft.roll = input.roll;
  return draft;
}

/**
 * What the undo stack reads of a logged event: a battle's, or a campaign's (campaign/events.ts),
 * whose log has the same shape and the same undo and redo (issue 36).
 */
export interface LogEntry {
  id: string;
  kind: string;
  summary: string;
  ops: Op[];
  target?: string;
  clock?: Clock;
}

export interface History<E extends LogEntry = BattleEvent> {
  /** Actions in effect, oldest first; the last one is what undo voids. */
  done: E[];
  /** Undone actions that redo can restore, most recently undone last. */
  undone: E[];
  /** Ids of actions currently undone (shown struck through in the log). */
  voided: Set<string>;
  /** Undo/redo event id → the event it voided or restored. */
  targets: Map<string, E>;
}

/**
 * Replays the undo stack over the log (sorted by seq). An undo or redo whose target is not the
 * stack top cannot come from undo()/redo(); `historyProblems` reports it so imports reject it
 * (fold applies every event's ops, so such a log would not mean what it says).
 *
 * Live table (#19): an undo or redo stamped with a clock comes from a merged log, where another
 * device may have acted after the target. There an undo of any action in effect is legal (it undoes
 * that action; the later ones stay), and a second undo of the same action counts once (nothing
 * more is voided); likewise a redo. merge-fold.ts's `foldMerged` applies them by the same rules.
 */
export function history<E extends LogEntry = BattleEvent>(events: readonly E[]): History<E> {
  return replayHistory(events, isClocked);
}

const isClocked = (e: LogEntry): boolean => e.clock !== undefined;

/**
 * The undo stack replay behind `history` and merge-undo.ts's `historyMerged`: `isMerged(e)` says
 * whether an undo or redo is judged by the merged log's rules; `skip(e)` leaves an event out
 * altogether (one the merged fold did not apply).
 */
export function replayHistory<E extends LogEntry = BattleEvent>(
  events: readonly E[],
  isMerged: (e: E) => boolean,
  skip?: (e: E) => boolean
): History<E> {
  const h: History<E> = { done: [], undone: [], voided: new Set(), targets: new Map() };
  const ever = new Map<string, E>();
  for (const e of events) if (!skip?.(e)) step(h, ever, e, isMerged);
  EVER_UNDONE.set(h, ever);
  return h;
}

/**
 * `history` of a log that is `prev`'s log followed by `added` (the log only grows: undo and redo are
 * appended events too), without replaying the older entries (issue 18). `prev` is not changed.
 */
export function extendHistory<E extends LogEntry = BattleEvent>(
  prev: History<E>,
  added: readonly E[]
): History<E> {
  if (added.length === 0) return prev;
  const isUndoOrRedo = added.some((e) => e.kind === 'undo' || e.kind === 'redo');
  const h: History<E> = {
    done: prev.done.slice(),
    undone: prev.undone.slice(),
    // The sets only change on undo and redo; otherwise the new history shares them.
    voided: isUndoOrRedo ? new Set(prev.voided) : prev.voided,
    targets: isUndoOrRedo ? new Map(prev.targets) : prev.targets
  };
  const ever = new Map((EVER_UNDONE.get(prev) as Map<string, E> | undefined) ?? everUndoneOf(prev));
  for (const e of added) step(h, ever, e, isClocked);
  EVER_UNDONE.set(h, ever);
  return h;
}

/**
 * Merged logs only: every action ever undone, by id, so a redo that is not on top finds its target
 * and a second undo of the same action is recognised. Kept beside each History (not in it: callers
 * compare and copy histories) so `extendHistory` can go on from where a replay stopped.
 */
const EVER_UNDONE = new WeakMap<History<LogEntry>, Map<string, LogEntry>>();

function everUndoneOf<E extends LogEntry>(h: History<E>): Map<string, E> {
  const ever = new Map<string, E>();
  for (const t of h.targets.values()) ever.set(t.id, t);
  return ever;
}

function lastIndexOf(list: readonly LogEntry[], id: string | undefined): number {
  for (let i = list.length - 1; i >= 0; i--) if (list[i].id === id) return i;
  return -1;
}

function step<E extends LogEntry>(
  h: History<E>,
  ever: Map<string, E>,
  e: E,
  isMerged: (e: E) => boolean
): void {
  if (e.kind === 'undo') {
    const top = h.done[h.done.length - 1];
    if (top && top.id === e.target) {
      h.done.pop();
      h.undone.push(top);
      h.voided.add(top.id);
      ever.set(top.id, top);
      h.targets.set(e.id, top);
    } else if (isMerged(e)) {
      const i = lastIndexOf(h.done, e.target);
      if (i >= 0) {
        const [t] = h.done.splice(i, 1);
        h.undone.push(t);
        h.voided.add(t.id);
        ever.set(t.id, t);
        h.targets.set(e.id, t);
      } else {
        // A second undo of the same action: it counts once (legal in a merged log, no effect).
        const t = e.target === undefined ? undefined : ever.get(e.target);
        if (t) h.targets.set(e.id, t);
      }
    }
  } else if (e.kind === 'redo') {
    const top = h.undone[h.undone.length - 1];
    if (top && top.id === e.target) {
      h.undone.pop();
      h.done.push(top);
      h.voided.delete(top.id);
      h.targets.set(e.id, top);
    } else if (isMerged(e)) {
      const t = e.target === undefined ? undefined : ever.get(e.target);
      if (t && h.voided.has(t.id)) {
        const i = lastIndexOf(h.undone, t.id);
        if (i >= 0) h.undone.splice(i, 1);
        h.done.push(t);
        h.voided.delete(t.id);
        h.targets.set(e.id, t);
      } else if (t || lastIndexOf(h.done, e.target) >= 0) {
        // A second redo of the same action (it is in effect already): counts once.
        h.targets.set(e.id, t ?? h.done[lastIndexOf(h.done, e.target)]);
      }
    }
  } else if (isUndoable(e.kind)) {
    h.done.push(e);
    // A new action after an undo ends the redo chain (the undone stay voided).
    if (h.undone.length > 0) h.undone = [];
  }
}

/** Problems that make a log's undo/redo events inconsistent with the stack (for import checks). */
export function historyProblems(events: readonly (LogEntry & { seq: number })[]): string[] {
  const h = history(events);
  const problems: string[] = [];
  for (const e of events) {
    if ((e.kind === 'undo' || e.kind === 'redo') && !h.targets.has(e.id)) {
      problems.push(
        `event ${e.seq}: ${e.kind} of ${e.target ?? '(no target)'} does not match the undo stack`
      );
    }
  }
  return problems;
}

export function canUndo(events: readonly LogEntry[]): boolean {
  return history(events).done.length > 0;
}

export function canRedo(events: readonly LogEntry[]): boolean {
  return history(events).undone.length > 0;
}

/** The undo event for the latest action still in effect, or null when there is none. */
export function undo(events: readonly LogEntry[]): EventDraft | null {
  return undoOf(history(events));
}

/** `undo` from the log's history (a screen keeps one, extended as the log grows). */
export function undoOf(h: History<LogEntry>): EventDraft | null {
  const top = h.done.at(-1);
  if (!top) return null;
  return {
    kind: 'undo',
    summary: `Undid: ${top.summary}`,
    ops: invertOps(top.ops),
    target: top.id
  };
}

/** The redo event for the latest undone action, or null when there is none. */
export function redo(events: readonly LogEntry[]): EventDraft | null {
  return redoOf(history(events));
}

/** `redo` from the log's history. */
export function redoOf(h: History<LogEntry>): EventDraft | null {
  const top = h.undone.at(-1);
  if (!top) return null;
  return {
    kind: 'redo',
    summary: `Redid: ${top.summary}`,
    ops: top.ops.slice(),
    target: top.id
  };
}

// ---- Actions of the battle layer itself (rule systems add theirs through createAction) ----

export function setupBattle(
  state: BattleState,
  system: Json,
  summary = 'Battle set up'
): EventDraft {
  return createAction(state, {
    kind: 'battle.setup',
    summary,
    next: { ...state, system }
  });
}

export function addShip(state: BattleState, ship: BattleShip, name: string): EventDraft {
  if (Object.prototype.hasOwnProperty.call(state.ships, ship.id)) {
    throw new Error(`ship ${ship.id} is already in the battle`);
  }
  const next = { ...state, ships: { ...state.ships, [ship.id]: ship } };
  const side = ship.side ? ` (${ship.side})` : '';
  return createAction(state, {
    kind: 'ship.add',
    summary: `${name}${side} joins the battle`,
    next
  });
}

/** Test seam (issue 35): the draft of a ship's removal for the merge and report tests; the app
 *  removes a ship through battle/ship-moves.ts. */
export function removeShip(state: BattleState, shipId: string, name: string): EventDraft {
  if (!Object.prototype.hasOwnProperty.call(state.ships, shipId)) {
    throw new Error(`ship ${shipId} is not in the battle`);
  }
  const ships = { ...state.ships };
  delete ships[shipId];
  return createAction(state, {
    kind: 'ship.remove',
    summary: `${name} removed from the battle`,
    next: { ...state, ships }
  });
}

/** A sheet edit; `summary` names what changed, e.g. "Surprise: hull damage 3 → 5". Test seam (issue
 *  35): the app edits through battle/ship-moves.ts; the fold, database and merge tests build logs
 *  with it. */
export function editSheet(
  state: BattleState,
  shipId: string,
  sheet: Json,
  summary: string
): EventDraft {
  const ship = state.ships[shipId];
  if (!ship) throw new Error(`ship ${shipId} is not in the battle`);
  const next = {
    ...state,
    ships: { ...state.ships, [shipId]: { ...ship, sheet } }
  };
  return createAction(state, { kind: 'sheet.edit', summary, next });
}

export function advanceTurn(state: BattleState): EventDraft {
  const next = { ...state, turn: state.turn + 1, phase: 0 };
  return createAction(state, {
    kind: 'turn.advance',
    summary: `Turn ${next.turn} begins`,
    next
  });
}

/** Next phase; past the last phase (of `phaseNames`) the next turn begins. */
export function advancePhase(state: BattleState, phaseNames: readonly string[]): EventDraft {
  if (phaseNames.length === 0 || state.phase + 1 >= phaseNames.length) return advanceTurn(state);
  const phase = state.phase + 1;
  return createAction(state, {
    kind: 'phase.advance',
    summary: `Turn ${state.turn}: ${phaseNames[phase]}`,
    next: { ...state, phase }
  });
}

export function note(text: string): EventDraft {
  return { kind: 'note', summary: text, ops: [] };
}
