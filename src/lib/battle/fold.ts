import {
  INITIAL_STATE,
  type BattleEvent,
  type BattleState,
  type Json,
  type Op,
  type Path
} from '../engine/events';

/**
 * Event sourcing: the battle state is nothing but the events' ops applied in sequence order.
 * Undo and redo events carry the inverse / repeated ops of their target, so the fold never needs
 * to know about voiding (actions.ts decides what is voided; the ops already say what changed).
 */

type Container = Json[] | { [k: string]: Json };

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function shallowCopy(c: Container): Container {
  return Array.isArray(c) ? c.slice() : { ...c };
}

function getChild(c: Container, key: string | number): Json | undefined {
  if (Array.isArray(c)) return typeof key === 'number' ? c[key] : undefined;
  return Object.prototype.hasOwnProperty.call(c, key) ? c[key as string] : undefined;
}

function setChild(c: Container, key: string | number, value: Json): void {
  if (Array.isArray(c)) {
    if (typeof key !== 'number' || key > c.length) throw new OpError(`bad array index ${key}`);
    c[key] = value;
  } else {
    if (key === '__proto__') throw new OpError('forbidden key "__proto__"');
    c[String(key)] = value;
  }
}

function deleteChild(c: Container, key: string | number): void {
  if (Array.isArray(c)) {
    if (typeof key !== 'number' || key !== c.length - 1) {
      throw new OpError(`can only delete the last array element, not ${key}`);
    }
    c.pop();
  } else {
    delete c[String(key)];
  }
}

export class OpError extends Error {
  override name = 'OpError';
}

/**
 * Applies ops to a JSON value without mutating it. Only the containers along each op's path are
 * copied (structural sharing), and a container is copied at most once per call, so unchanged ships
 * keep their identity and the UI can skip re-rendering them.
 */
export function applyOps<T extends Json>(root: T, ops: readonly Op[]): T {
  if (ops.length === 0) return root;
  // Containers created during this call may be mutated in place; originals never are.
  const fresh = new WeakSet<object>();
  let out: Json = root;
  for (const op of ops) out = applyOne(out, op, fresh);
  return out as T;
}

function applyOne(root: Json, op: Op, fresh: WeakSet<object>): Json {
  const path: Path = op.path;
  if (path.length === 0) {
    if (op.op === 'del') throw new OpError('cannot delete the root');
    return op.value;
  }
  if (!isContainer(root)) throw new OpError('root is not a container');
  const own = (c: Container): Container => {
    if (fresh.has(c)) return c;
    const copy = shallowCopy(c);
    fresh.add(copy);
    return copy;
  };
  const newRoot = own(root);
  let parent = newRoot;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    const child = getChild(parent, key);
    let next: Container;
    if (isContainer(child)) next = own(child);
    else if (op.op === 'set' && child === undefined) {
      // Setting below a missing key creates the object on the way (keeps ops small for new ships).
      next = {};
      fresh.add(next);
    } else throw new OpError(`path ${path.slice(0, i + 1).join('.')} is not a container`);
    setChild(parent, key, next);
    parent = next;
  }
  const last = path[path.length - 1];
  if (op.op === 'set') setChild(parent, last, op.value);
  else deleteChild(parent, last);
  return newRoot;
}

/** The state after `events` (sorted by seq), starting from `initial`. */
export function fold(
  events: readonly Pick<BattleEvent, 'ops'>[],
  initial: BattleState = INITIAL_STATE
): BattleState {
  const root = initial as unknown as Json;
  const fresh = new WeakSet<object>();
  let out: Json = root;
  for (const e of events) for (const op of e.ops) out = applyOne(out, op, fresh);
  return out as unknown as BattleState;
}

/** Incremental fold for the UI: the state after one more event, sharing everything unchanged. */
export function applyEvent(state: BattleState, event: Pick<BattleEvent, 'ops'>): BattleState {
  return applyOps(state as unknown as Json, event.ops) as unknown as BattleState;
}
