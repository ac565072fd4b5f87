import type * as z from 'zod/mini';
import { formatIssue } from './errors';
import { zodIssues } from './parse';

/**
 * What a backup keeps of a damaged database (issue 35: one copy for battles and campaigns alike):
 * every record that parses, and of each log (a battle's events, a campaign's entries) all or
 * nothing, so a backup never holds half a log. What is left out is said, with why.
 */

/** A record a backup left out, and why (shown to the referee after the export). */
export interface LeftOut {
  what: string;
  problem: string;
}

/** The record as its schema reads it, or null with the first problem said in `leftOut`. */
export function parsedOrLeftOut<T>(
  leftOut: LeftOut[],
  schema: z.ZodMiniType<T>,
  what: string,
  raw: unknown
): T | null {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const first = zodIssues(r.error, '', raw)[0];
  leftOut.push({ what, problem: first ? formatIssue(first) : 'invalid' });
  return null;
}

/**
 * The owners (battles, campaigns) whose record and every log entry parse, with their entries; an
 * owner with any damaged part is left out whole and said once. `bad` holds the ids left out, for
 * what hangs off them (a battle's roster).
 */
export function wholeLogs<Owner extends { id: string; name: string }, Entry>(
  leftOut: LeftOut[],
  noun: 'battle' | 'campaign',
  owners: { keys: readonly unknown[]; raws: readonly unknown[]; schema: z.ZodMiniType<Owner> },
  entries: {
    raws: readonly unknown[];
    schema: z.ZodMiniType<Entry>;
    /** The entry's field that names its owner. */
    ownerKey: 'battleId' | 'campaignId';
  }
): { owners: Owner[]; entries: Entry[]; bad: Set<string> } {
  const bad = new Set<string>();
  const okOwners: Owner[] = [];
  owners.raws.forEach((raw, i) => {
    const o = parsedOrLeftOut(leftOut, owners.schema, `${noun} ${String(owners.keys[i])}`, raw);
    if (o) okOwners.push(o);
    else bad.add(String(owners.keys[i]));
  });
  const okEntries: Entry[] = [];
  for (const raw of entries.raws) {
    const id = String((raw as Record<string, unknown>)[entries.ownerKey]);
    if (bad.has(id)) continue;
    const e = parsedOrLeftOut(leftOut, entries.schema, `a log entry of ${noun} ${id}`, raw);
    if (e) okEntries.push(e);
    else bad.add(id);
  }
  const kept = okOwners.filter((o) => {
    if (!bad.has(o.id)) return true;
    leftOut.push({ what: `${noun} “${o.name}”`, problem: 'one of its log entries is damaged' });
    return false;
  });
  return {
    owners: kept,
    entries: okEntries.filter(
      (e) => !bad.has(String((e as Record<string, unknown>)[entries.ownerKey]))
    ),
    bad
  };
}
