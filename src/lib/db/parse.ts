import type * as z from 'zod/mini';
import type { $ZodError, $ZodIssue } from 'zod/v4/core';
import { CorruptRecordError, type ImportIssue } from './errors';

/** "battles[0].name" from a zod path, prefixed. */
export function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const k = String(key);
      out += /^[A-Za-z_$][\w$]*$/.test(k) ? (out ? `.${k}` : k) : `[${JSON.stringify(k)}]`;
    }
  }
  return out;
}

export function zodIssues(error: $ZodError, prefix = ''): ImportIssue[] {
  return error.issues.map((i) => ({ path: formatPath(i.path, prefix), reason: readable(i) }));
}

/** Zod's message, made a little more human ("expected a string" style). */
function readable(issue: $ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unexpected field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_type') {
    const article = /^[aeiou]/.test(issue.expected) ? 'an' : 'a';
    return `expected ${article} ${issue.expected}`;
  }
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? `expected at least ${issue.minimum} character${Number(issue.minimum) === 1 ? '' : 's'}`
        : `expected at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `expected at most ${issue.maximum} characters`
        : `expected at most ${issue.maximum}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'invalid_union':
      return 'does not match any allowed shape';
    case 'invalid_format':
      return `expected the ${issue.format} format`;
    case 'invalid_key':
      return 'invalid key';
    default:
      return issue.message;
  }
}

/** Parse-on-read: a stored record that fails its schema is reported, never passed on. */
export function parseRecord<T>(schema: z.ZodMiniType<T>, table: string, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = zodIssues(r.error)[0] ?? { path: '', reason: 'invalid' };
  throw new CorruptRecordError(table, issue);
}

/** Parse-on-write: a bug that builds a bad record fails loudly before anything is stored. */
export function checkRecord<T>(schema: z.ZodMiniType<T>, value: T): T {
  return schema.parse(value);
}
