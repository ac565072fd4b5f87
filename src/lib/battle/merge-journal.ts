import type { Json, Op, Path } from '../engine/events';

/**
 * Ops from another device applied to the merged state atomically (merge-fold.ts): copy on first
 * write, a journal of every write, rolled back when the event is skipped. No deep clone per event.
 */

type Container = Json[] | { [k: string]: Json };

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

export function isPlainRecord(v: unknown): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const hasOwn = (o: object, k: string | number): boolean =>
  Object.prototype.hasOwnProperty.call(o, k);

function getChild(c: Container, key: string | number): Json | undefined {
  if (Array.isArray(c)) return typeof key === 'number' ? c[key] : undefined;
  return hasOwn(c, key) ? c[key as string] : undefined;
}

export function getAt(root: Json, path: Path): Json | undefined {
  let v: Json | undefined = root;
  for (const key of path) {
    if (!isContainer(v)) return undefined;
    v = getChild(v, key);
  }
  return v;
}

/** Nesting depth of a value, stopping once past `limit`. */
export function depthOf(v: Json, limit: number): number {
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
export const MAX_STATE_DEPTH = 60;

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

export class Applier {
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
