import {
  INITIAL_STATE,
  type BattleEvent,
  type BattleState,
  type Json,
  type Op
} from '../engine/events';
import { isUndoable } from './actions';
import { invertOps, jsonEqual } from './diff';
import { applyEvent, applyOps } from './fold';
import { getAt } from './merge-journal';
import { formatPath, zodIssues, type Issue } from '../engine/issues';
import type { SystemSchemas } from '../engine/system';

/**
 * Where a sheet or a system state enters the log it is checked against the system's schemas
 * (`RuleSystem.loadSchemas`): the sheet moves, an import, a merge, the upgrade pass. Reading one
 * does not parse (sheets.ts), so these checks are what keeps the fold's sheets valid (issue 40).
 */

/** The first problem of `sheet` as a ship log of the system ("hull.damage: expected …"), or null. */
export function sheetIssue(schemas: SystemSchemas, sheet: unknown, prefix = ''): Issue | null {
  const r = schemas.sheet.safeParse(sheet);
  return r.success ? null : (zodIssues(r.error, prefix, sheet)[0] ?? { path: prefix, reason: '' });
}

/**
 * The first problem of the sheets and system state `state` holds that `before` did not hold (the
 * fold shares what an event left unchanged, so only what it wrote is checked), each path from the
 * state ("ships.<id>.sheet.hull.damage"); null when all is valid. A system state of null is a
 * battle not set up yet.
 */
export function stateIssue(
  schemas: SystemSchemas,
  state: BattleState,
  before?: BattleState
): Issue | null {
  for (const [id, ship] of Object.entries(state.ships)) {
    if (before?.ships[id]?.sheet === ship.sheet) continue;
    const bad = sheetIssue(schemas, ship.sheet, formatPath(['ships', id, 'sheet']));
    if (bad) return bad;
  }
  if (state.system === null || before?.system === state.system) return null;
  const r = schemas.systemState.safeParse(state.system);
  return r.success
    ? null
    : (zodIssues(r.error, 'system', state.system)[0] ?? { path: 'system', reason: '' });
}

/** Where a log first holds a sheet or system state that is not valid (`logIssue`). */
export interface LogIssue {
  /** The event's index in the log. */
  at: number;
  issue: Issue;
  /** The state an undo of that event would make, not the state after it. */
  isUndo: boolean;
}

/**
 * Every state of the log checked: the state after each event, and the state an undo of it would
 * make (its ops' `prev` values), whenever that is not simply the state before it. A log from
 * outside (an import) can then never bring an invalid sheet into the fold, now or by an undo.
 * Only what each event wrote is checked, so this costs a parse per sheet an event changes.
 */
export function logIssue(
  schemas: SystemSchemas,
  events: readonly Pick<BattleEvent, 'kind' | 'ops'>[],
  initial: BattleState = INITIAL_STATE
): LogIssue | null {
  let state = initial;
  for (let at = 0; at < events.length; at++) {
    const e = events[at];
    const next = applyEvent(state, e);
    const bad = stateIssue(schemas, next, state);
    if (bad) return { at, issue: bad, isUndo: false };
    if (isUndoable(e.kind) && !undoesToBefore(state, e.ops)) {
      let undone: BattleState | null = null;
      try {
        undone = applyOps(next as unknown as Json, invertOps(e.ops)) as unknown as BattleState;
      } catch {
        // An undo its ops cannot make is refused when tried; no state to check.
      }
      const badUndo = undone && stateIssue(schemas, undone, next);
      if (badUndo) return { at, issue: badUndo, isUndo: true };
    }
    state = next;
  }
  return null;
}

/** Whether every op's `prev` is what `before` holds there: then an undo makes `before` again. */
function undoesToBefore(before: BattleState, ops: readonly Op[]): boolean {
  return ops.every((op) => jsonEqual(op.prev, getAt(before as unknown as Json, op.path)));
}
