import type * as z from 'zod/mini';
import { zodIssues } from '../engine/issues';
import { CorruptRecordError } from './db-error';

// Zod's issues in the referee's words: one module for the import's, the stored records' and the
// moves' inputs (engine/issues.ts).
export { formatPath, MAX_KEYS_NAMED, zodIssues } from '../engine/issues';

/** Parse-on-read: a stored record that fails its schema is reported, never passed on. */
export function parseRecord<T>(schema: z.ZodMiniType<T>, table: string, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = zodIssues(r.error, '', value)[0] ?? { path: '', reason: 'invalid' };
  throw new CorruptRecordError(table, issue);
}

/** Parse-on-write: a bug that builds a bad record fails loudly before anything is stored. */
export function checkRecord<T>(schema: z.ZodMiniType<T>, value: T): T {
  return schema.parse(value);
}
