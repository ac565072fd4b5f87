import {
  INITIAL_STATE,
  type BattleEvent,
  type BattleState,
  type Json,
  type Path
} from '../engine/events';
import { jsonEqual } from './diff';
import { isUndoable, type History } from './actions';
import { historyMerged } from './merge-undo';
import { Applier, MAX_STATE_DEPTH, depthOf, getAt, hasOwn, isPlainRecord } from './merge-journal';
import { touchedAreValid } from './merge-shape';

/**
 * The live table's fold (#19 item 4). Every device holds every event; the merged log is put in one
 * order that does not depend on arrival (`mergeOrder`, merge-order.ts), then folded by `foldMerged`, which — unlike
 * `fold`, the single-device replay that trusts its log — never throws on an event from another
 * device and never builds a state that fails the state schema. What it could not apply as written
 * is flagged, in the referee's words, for the log:
 *
 * - 'ghost-ship': ops editing a ship that is no longer in the battle (removed on another device) are
 *   skipped, the rest of the event applies; removing a ship already removed does nothing.
 * - 'conflict': an op whose `prev` no longer matches the merged state (two devices changed the same
 *   thing at once). For an ordinary action the later one wins (last writer wins, in merged order)
 *   and the flag says it was applied over the other change. For an UNDO or REDO the whole event is
 *   skipped instead: its ops would silently wipe another device's later edit of that path.
 * - 'repeat-undo': a second undo of the same action does nothing, likewise a second redo, an undo
 *   of an action that was never applied (refused, skipped) or of one not in this battle.
 * - 'refused': a move that is no longer legal on the merged state (the `MergeCheck` names the
 *   rule's reason) is not applied.
 * - 'bad-ops': an event whose ops do not fit the merged state (a path that is not there, a value
 *   that would break the state's shape) is not applied at all.
 *
 * Cost: like `fold`, one structurally shared state whose containers are copied once and then
 * mutated in place; an event is applied atomically through a journal of the writes it made, undone
 * when the event is skipped (merge-journal.ts), and only what it touched is checked against the
 * state's shape (merge-shape.ts). No deep clone per event.
 */

export type MergeFlagKind = 'ghost-ship' | 'conflict' | 'repeat-undo' | 'refused' | 'bad-ops';

export interface MergeFlag {
  eventId: string;
  kind: MergeFlagKind;
  /** For the log, in a referee's words: ship names, never ids. */
  text: string;
  /** True when the event's ops were (partly) applied: 'conflict' of an action, 'ghost-ship'. */
  applied: boolean;
}

/** Why `event` may not be applied to `stateBefore` (the rule's reason), or null when it may. */
export type MergeCheck = (stateBefore: BattleState, event: BattleEvent) => string | null;

export interface MergedFold {
  state: BattleState;
  /** One flag per event id, for events that were not applied exactly as written. */
  flags: Map<string, MergeFlag>;
  /** The undo stack of the merged log (events not applied left out): `historyMerged`. */
  history: History;
}

// ---------------------------------------------------------------------------------------------
// Names for the flags

function nameOf(ship: Json | undefined): string | null {
  if (!isPlainRecord(ship)) return null;
  const sheet = ship.sheet;
  if (isPlainRecord(sheet) && typeof sheet.name === 'string' && sheet.name.trim() !== '') {
    return sheet.name;
  }
  return null;
}

const quoted = (summary: string): string => `“${summary}”`;

// ---------------------------------------------------------------------------------------------
// The fold

type Status = 'applied' | 'undone' | 'skipped';

/**
 * The state after a merged log (in `mergeOrder`), starting from `initial`, and a flag for every
 * event that was not applied as written (see the rules at the top of this file). Never throws. On
 * a log with no concurrency (one device, or devices that always saw each other's events) and no
 * `check`, the state equals `fold(events)` and there are no flags.
 */
export function foldMerged(
  events: readonly BattleEvent[],
  check?: MergeCheck,
  initial: BattleState = INITIAL_STATE
): MergedFold {
  const a = new Applier(initial as unknown as Json);
  const flags = new Map<string, MergeFlag>();
  // The actions seen so far and what became of each. An undo's target is nearly always recent: it
  // is looked for among the last few, and only past those through an index built on first need
  // (no Map write per event on the common path: that cost more than the fold itself).
  const actEvents: BattleEvent[] = [];
  const actStatus: Status[] = [];
  let index: Map<string, number> | null = null;
  const findAction = (id: string | undefined): number => {
    if (id === undefined) return -1;
    for (let i = actEvents.length - 1, n = 0; i >= 0 && n < 64; i--, n++) {
      if (actEvents[i].id === id) return i;
    }
    if (index === null) {
      index = new Map();
      for (let i = 0; i < actEvents.length; i++) index.set(actEvents[i].id, i);
    }
    return index.get(id) ?? -1;
  };
  const addAction = (e: BattleEvent, st: Status): void => {
    actEvents.push(e);
    actStatus.push(st);
    index?.set(e.id, actEvents.length - 1);
  };
  /** Last name each ship had, so a flag can name a ship that has gone. */
  const names = new Map<string, string>();
  for (const [id, ship] of Object.entries(initial.ships)) {
    const n = nameOf(ship as unknown as Json);
    if (n) names.set(id, n);
  }
  const shipName = (id: string | number | undefined): string =>
    (id === undefined ? undefined : names.get(String(id))) ?? 'a ship';
  const whereOf = (path: Path): string => {
    if (path[0] === 'ships') return path.length >= 2 ? shipName(path[1]) : 'the ships';
    if (path[0] === 'turn' || path[0] === 'phase') return 'the turn and phase';
    return 'the battle’s own state';
  };
  const flag = (e: BattleEvent, kind: MergeFlagKind, text: string, applied: boolean): void => {
    const had = flags.get(e.id);
    // One flag per event: one that kept the event out wins over one that only marked it.
    if (had && (had.applied === applied || !had.applied)) return;
    flags.set(e.id, { eventId: e.id, kind, text, applied });
  };

  const touchedShips: string[] = [];
  const touchedTop: string[] = [];

  for (const e of events) {
    const isUndo = e.kind === 'undo';
    const isRedo = e.kind === 'redo';
    const isAction = !isUndo && !isRedo && isUndoable(e.kind);
    const verb = isUndo ? 'Undo' : 'Redo';
    let target: BattleEvent | undefined;
    let targetAt = -1;
    try {
      if (isUndo || isRedo) {
        targetAt = findAction(e.target);
        target = targetAt >= 0 ? actEvents[targetAt] : undefined;
        const st = targetAt >= 0 ? actStatus[targetAt] : undefined;
        if (!target) {
          flag(
            e,
            'repeat-undo',
            `${verb} did nothing: the action it names is not in this battle.`,
            false
          );
          continue;
        }
        if (st === 'skipped') {
          flag(
            e,
            'repeat-undo',
            `${verb} of ${quoted(target.summary)} did nothing: that action was not applied.`,
            false
          );
          continue;
        }
        if (isUndo && st !== 'applied') {
          flag(
            e,
            'repeat-undo',
            `Undo of ${quoted(target.summary)} did nothing: it was already undone.`,
            false
          );
          continue;
        }
        if (isRedo && st !== 'undone') {
          flag(
            e,
            'repeat-undo',
            `Redo of ${quoted(target.summary)} did nothing: it was already in effect.`,
            false
          );
          continue;
        }
      } else if (check) {
        let reason: string | null;
        try {
          a.handOut();
          reason = check(a.root as unknown as BattleState, e);
        } catch {
          reason = 'it could not be checked again on the merged battle.';
        }
        if (reason !== null) {
          flag(e, 'refused', `${quoted(e.summary)} not applied: ${reason}`, false);
          if (isAction) addAction(e, 'skipped');
          continue;
        }
      }

      touchedShips.length = 0;
      touchedTop.length = 0;
      let ghost: string | null = null;
      let ghostRemoved = false;
      let conflictAt: string | null = null;
      let bad = false;
      for (const op of e.ops) {
        const path = op.path;
        if (path[0] === 'ships' && path.length >= 2) {
          const ships = isPlainRecord(a.root) ? a.root.ships : undefined;
          const exists = isPlainRecord(ships) && hasOwn(ships, path[1]);
          if (!exists && (path.length >= 3 || op.op === 'del')) {
            ghost ??= shipName(path[1]);
            if (path.length === 2) ghostRemoved = true;
            continue;
          }
        }
        if (conflictAt === null) {
          const cur = getAt(a.root, path);
          const holds =
            op.op === 'del' || op.prev !== undefined
              ? cur !== undefined && jsonEqual(cur, op.prev)
              : cur === undefined;
          if (!holds) {
            conflictAt = whereOf(path);
            if (isUndo || isRedo) break;
          }
        }
        if (
          path.length > MAX_STATE_DEPTH ||
          (op.op === 'set' && path.length + depthOf(op.value, MAX_STATE_DEPTH) > MAX_STATE_DEPTH) ||
          !a.apply(op)
        ) {
          bad = true;
          break;
        }
        if (path.length <= 1) {
          if (path.length === 0) touchedTop.push('*');
          else touchedTop.push(String(path[0]));
        } else if (path[0] === 'ships') {
          // Below a ship's sheet (path ships.id.sheet.…) the ship's own fields cannot change.
          if (path.length <= 3 || path[2] !== 'sheet' || path[3] === 'name')
            touchedShips.push(String(path[1]));
        } else touchedTop.push(String(path[0]));
      }
      if (!bad && conflictAt !== null && (isUndo || isRedo)) {
        a.rollback();
        flag(
          e,
          'conflict',
          `${verb} of ${quoted(target?.summary ?? '')} not applied: ${conflictAt} was changed since on another device, and it would wipe that change.`,
          false
        );
        continue;
      }
      if (!bad) bad = !touchedAreValid(a.root, touchedTop, touchedShips);
      if (bad) {
        a.rollback();
        flag(
          e,
          'bad-ops',
          `${quoted(e.summary)} not applied: its changes do not fit the battle as merged.`,
          false
        );
        if (isAction) {
          addAction(e, 'skipped');
        }
        continue;
      }
      a.commit();
      // Names after the event, for later flags about ships that have gone.
      if (touchedShips.length > 0 && isPlainRecord(a.root) && isPlainRecord(a.root.ships)) {
        for (const id of touchedShips) {
          const n = nameOf(a.root.ships[id]);
          if (n) names.set(id, n);
        }
      }
      if (ghost !== null) {
        flag(
          e,
          'ghost-ship',
          ghostRemoved
            ? `${quoted(e.summary)}: ${ghost} had already been removed from the battle.`
            : `${quoted(e.summary)}: ${ghost} is no longer in the battle (removed on another device); its changes to ${ghost} were not applied.`,
          true
        );
      }
      if (conflictAt !== null) {
        flag(
          e,
          'conflict',
          `${quoted(e.summary)}: ${conflictAt} had been changed meanwhile on another device; this change was applied over it.`,
          true
        );
      }
      if (isAction) addAction(e, 'applied');
      else if (targetAt >= 0) actStatus[targetAt] = isUndo ? 'undone' : 'applied';
    } catch {
      // Last line of defence: nothing from another device may stop the fold.
      a.rollback();
      flag(e, 'bad-ops', `${quoted(e.summary)} not applied: it could not be read.`, false);
      if (isAction) {
        addAction(e, 'skipped');
      }
    }
  }
  let history: History | null = null;
  return {
    state: a.root as unknown as BattleState,
    flags,
    // Worked out when first read (most callers want only the state and the flags).
    get history(): History {
      return (history ??= historyMerged(events, flags));
    }
  };
}
