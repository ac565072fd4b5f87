import {
  INITIAL_STATE,
  type BattleEvent,
  type BattleState,
  type Json,
  type Op,
  type Path
} from '../engine/events';
import { jsonEqual } from './diff';
import { isUndoable, type History } from './actions';
import { historyMerged } from './merge-undo';

/**
 * The live table's fold (#19 item 4). Every device holds every event; the merged log is put in one
 * order that does not depend on arrival (`mergeOrder`), then folded by `foldMerged`, which — unlike
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
 * when the event is skipped. No deep clone per event.
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
// Order

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The merged order: events without a clock (the log one device kept before the battle was shared
 * live) first, in seq order; then by (clock, deviceId, id). A device's clock only grows, so its own
 * events keep their order; every device sorts the same set the same way.
 */
export function compareMerged(a: BattleEvent, b: BattleEvent): number {
  const ac = a.clock;
  const bc = b.clock;
  if (ac === undefined || bc === undefined) {
    if (ac !== bc) return ac === undefined ? -1 : 1;
    return a.seq - b.seq || cmp(a.deviceId, b.deviceId) || cmp(a.id, b.id);
  }
  return cmp(ac, bc) || cmp(a.deviceId, b.deviceId) || cmp(a.id, b.id);
}

/** Sorted-key JSON, only to choose between two different events claiming one id (hostile). */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

/** Deduplicated by id, in the merged order (see compareMerged), whatever order they came in. */
export function mergeOrder(events: Iterable<BattleEvent>): BattleEvent[] {
  const byId = new Map<string, BattleEvent>();
  for (const e of events) {
    const had = byId.get(e.id);
    if (had === undefined || had === e) {
      byId.set(e.id, e);
      continue;
    }
    // Two different events with one id (a forged or damaged copy): the same one wins everywhere.
    const c = compareMerged(e, had);
    if (c < 0 || (c === 0 && cmp(canonical(e), canonical(had)) < 0)) byId.set(e.id, e);
  }
  return [...byId.values()].sort(compareMerged);
}

// ---------------------------------------------------------------------------------------------
// Applying ops with a journal

type Container = Json[] | { [k: string]: Json };

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function isPlainRecord(v: unknown): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const hasOwn = (o: object, k: string | number): boolean =>
  Object.prototype.hasOwnProperty.call(o, k);

function getChild(c: Container, key: string | number): Json | undefined {
  if (Array.isArray(c)) return typeof key === 'number' ? c[key] : undefined;
  return hasOwn(c, key) ? c[key as string] : undefined;
}

function getAt(root: Json, path: Path): Json | undefined {
  let v: Json | undefined = root;
  for (const key of path) {
    if (!isContainer(v)) return undefined;
    v = getChild(v, key);
  }
  return v;
}

/** Nesting depth of a value, stopping once past `limit`. */
function depthOf(v: Json, limit: number): number {
  if (!isContainer(v)) return 0;
  if (limit <= 0) return 1;
  let max = 0;
  for (const child of Array.isArray(v) ? v : Object.values(v)) {
    if (isContainer(child)) {
      const d = depthOf(child, limit - 1);
      if (d > max) max = d;
      if (max >= limit) break;
    }
  }
  return max + 1;
}

/** Paths and values nested past this are refused (the state schema allows 64 below a sheet). */
const MAX_STATE_DEPTH = 60;

/**
 * One write to undo: container, key, whether it had the key, the old value, an array's old length.
 * `c === null` is the root itself.
 */
interface Write {
  c: Container | null;
  key: string | number;
  had: boolean;
  old: Json | undefined;
  len: number;
}

class Applier {
  root: Json;
  fresh = new WeakSet<object>();
  readonly journal: Write[] = [];

  constructor(root: Json) {
    this.root = root;
  }

  #own(c: Container): Container {
    if (this.fresh.has(c)) return c;
    const copy = Array.isArray(c) ? c.slice() : { ...c };
    this.fresh.add(copy);
    return copy;
  }

  #set(c: Container, key: string | number, value: Json): boolean {
    if (Array.isArray(c)) {
      if (typeof key !== 'number' || key > c.length) return false;
      this.journal.push({ c, key, had: key < c.length, old: c[key], len: c.length });
      c[key] = value;
      return true;
    }
    if (key === '__proto__') return false;
    const k = String(key);
    this.journal.push({ c, key: k, had: hasOwn(c, k), old: c[k], len: 0 });
    c[k] = value;
    return true;
  }

  #del(c: Container, key: string | number): boolean {
    if (Array.isArray(c)) {
      if (typeof key !== 'number' || key !== c.length - 1) return false;
      this.journal.push({ c, key, had: true, old: c[key], len: c.length });
      c.pop();
      return true;
    }
    const k = String(key);
    if (!hasOwn(c, k)) return true;
    this.journal.push({ c, key: k, had: true, old: c[k], len: 0 });
    delete c[k];
    return true;
  }

  /** Applies one op in place (copy-on-first-write); false when it does not fit the state. */
  apply(op: Op): boolean {
    const path = op.path;
    if (path.length === 0) {
      if (op.op === 'del') return false;
      this.journal.push({ c: null, key: 0, had: true, old: this.root, len: 0 });
      this.root = op.value;
      return true;
    }
    if (!isContainer(this.root)) return false;
    const newRoot = this.#own(this.root);
    if (newRoot !== this.root) {
      this.journal.push({ c: null, key: 0, had: true, old: this.root, len: 0 });
      this.root = newRoot;
    }
    let parent = newRoot;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i];
      const child = getChild(parent, key);
      let next: Container;
      if (isContainer(child)) {
        next = this.#own(child);
        if (next === child) {
          parent = next;
          continue;
        }
      } else if (op.op === 'set' && child === undefined) {
        next = {};
        this.fresh.add(next);
      } else return false;
      if (!this.#set(parent, key, next)) return false;
      parent = next;
    }
    const last = path[path.length - 1];
    return op.op === 'set' ? this.#set(parent, last, op.value) : this.#del(parent, last);
  }

  /**
   * Before a reader (a MergeCheck) sees the state: its containers are copied again before the next
   * write. The parse cache (battle/sheets.ts) memoises on a container's identity; a write in place
   * afterwards left that read stale for every later reader.
   */
  handOut(): void {
    this.fresh = new WeakSet<object>();
  }

  /** Forgets the journal: the writes so far stay. */
  commit(): void {
    this.journal.length = 0;
  }

  /** Undoes every write since the last commit. */
  rollback(): void {
    for (let i = this.journal.length - 1; i >= 0; i--) {
      const w = this.journal[i];
      if (w.c === null) this.root = w.old as Json;
      else if (Array.isArray(w.c)) {
        if (w.had) w.c[w.key as number] = w.old as Json;
        w.c.length = w.len;
      } else if (w.had) w.c[w.key as string] = w.old as Json;
      else delete w.c[w.key as string];
    }
    this.journal.length = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Shape checks (cheap: only what an event touched)

const SHIP_KEYS = ['id', 'side', 'player', 'sheet', 'order'];
const STATE_KEYS = new Set(['turn', 'phase', 'ships', 'system']);

function isValidShip(id: string, v: Json | undefined): boolean {
  if (!isPlainRecord(v)) return false;
  let n = 0;
  for (const k in v) {
    if (!SHIP_KEYS.includes(k)) return false;
    n++;
  }
  if (n !== SHIP_KEYS.length) return false;
  const { side, player, sheet, order } = v;
  return (
    v.id === id &&
    id.length >= 1 &&
    id.length <= 64 &&
    typeof side === 'string' &&
    side.length <= 200 &&
    typeof player === 'string' &&
    player.length <= 200 &&
    sheet !== undefined &&
    typeof order === 'number' &&
    Number.isFinite(order)
  );
}

function isValidTop(root: Json, key: string): boolean {
  if (!isPlainRecord(root)) return false;
  const v = root[key];
  switch (key) {
    case 'turn':
      return Number.isSafeInteger(v);
    case 'phase':
      return Number.isSafeInteger(v) && (v as number) >= 0;
    case 'system':
      return v !== undefined;
    case 'ships':
      if (!isPlainRecord(v)) return false;
      for (const id of Object.keys(v)) if (!isValidShip(id, v[id])) return false;
      return true;
    default:
      return !hasOwn(root, key);
  }
}

function isValidState(root: Json): boolean {
  if (!isPlainRecord(root)) return false;
  for (const k of Object.keys(root)) if (!STATE_KEYS.has(k)) return false;
  for (const k of STATE_KEYS) if (!isValidTop(root, k)) return false;
  return true;
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

function touchedAreValid(root: Json, top: readonly string[], ships: readonly string[]): boolean {
  for (const key of top) {
    if (key === '*') return isValidState(root);
    if (!isValidTop(root, key)) return false;
  }
  if (ships.length === 0) return true;
  if (!isPlainRecord(root) || !isPlainRecord(root.ships)) return false;
  const all = root.ships;
  for (const id of ships) if (hasOwn(all, id) && !isValidShip(id, all[id])) return false;
  return true;
}
