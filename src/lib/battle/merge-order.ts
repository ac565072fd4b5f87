import type { BattleEvent } from '../engine/events';

/**
 * The live table's merged order (#19 item 4): every device holds every event and sorts them the
 * same way, whatever order they arrived in; merge-fold.ts folds the result.
 */

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
