import type { Json, Op, Path } from '../engine/events';

/** Deep equality of JSON values (object key order ignored). */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  const ao = a as Record<string, Json>;
  const bo = b as Record<string, Json>;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  for (const k of ak) {
    if (!Object.prototype.hasOwnProperty.call(bo, k) || !jsonEqual(ao[k], bo[k])) return false;
  }
  return true;
}

function isObject(v: Json): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The ops that turn `before` into `after`. Objects are diffed key by key; arrays element by element
 * when their length is unchanged, else replaced whole (a log of hit boxes does not need list
 * splicing). Identical references are skipped at once, which makes diffing a structurally shared
 * next state cost only the changed path.
 */
export function diff(before: Json, after: Json, path: Path = []): Op[] {
  const ops: Op[] = [];
  diffInto(before, after, path, ops);
  return ops;
}

function diffInto(before: Json, after: Json, path: Path, ops: Op[]): void {
  if (before === after) return;
  if (isObject(before) && isObject(after)) {
    for (const k of Object.keys(before)) {
      if (!Object.prototype.hasOwnProperty.call(after, k)) {
        ops.push({ op: 'del', path: [...path, k], prev: before[k] });
      }
    }
    for (const k of Object.keys(after)) {
      if (Object.prototype.hasOwnProperty.call(before, k)) {
        diffInto(before[k], after[k], [...path, k], ops);
      } else {
        ops.push({ op: 'set', path: [...path, k], value: after[k] });
      }
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < before.length; i++) diffInto(before[i], after[i], [...path, i], ops);
    return;
  }
  if (jsonEqual(before, after)) return;
  ops.push({ op: 'set', path, value: after, prev: before });
}

/** The ops that undo `ops` (applied after them): reversed, each swapped. */
export function invertOps(ops: readonly Op[]): Op[] {
  const out: Op[] = [];
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i];
    if (op.op === 'del') out.push({ op: 'set', path: op.path, value: op.prev });
    else if (op.prev === undefined) out.push({ op: 'del', path: op.path, prev: op.value });
    else out.push({ op: 'set', path: op.path, value: op.prev, prev: op.value });
  }
  return out;
}
