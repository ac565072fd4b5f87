import type { $ZodError, $ZodIssue } from 'zod/v4/core';

/** One problem of a parsed value, where it is and what is wrong ("battles[0].name", "missing"). */
export interface Issue {
  /** e.g. "payload.battles[0].name" */
  path: string;
  reason: string;
}

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

/**
 * Readable issues. Given the parsed `input`, a field that is absent reads "missing" instead of
 * whatever its schema says of `undefined` ("expected a JSON value, got undefined").
 */
export function zodIssues(error: $ZodError, prefix = '', input?: unknown): Issue[] {
  return error.issues.map((i) => ({
    path: formatPath(i.path, prefix),
    reason: input !== undefined && isMissing(input, i.path) ? missing(i) : readable(i)
  }));
}

/** An unknown-key error names this many keys and counts the rest (a file may hold 100,000). */
export const MAX_KEYS_NAMED = 3;

function missing(issue: $ZodIssue): string {
  return issue.code === 'invalid_type' ? `missing (${readable(issue)})` : 'missing';
}

/** Whether `path` ends at a key its parent object does not have. */
function isMissing(root: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  if (typeof parent !== 'object' || parent === null || Array.isArray(parent)) return false;
  return !Object.prototype.hasOwnProperty.call(parent, path[path.length - 1]);
}

function unexpectedFields(keys: readonly string[]): string {
  const named = keys
    .slice(0, MAX_KEYS_NAMED)
    .map((k) => JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k))
    .join(', ');
  const rest = keys.length - MAX_KEYS_NAMED;
  return `unexpected field${keys.length > 1 ? 's' : ''} ${named}${rest > 0 ? ` and ${rest} more` : ''}`;
}

/** Zod's message, made a little more human ("expected a string" style). */
function readable(issue: $ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return unexpectedFields(issue.keys);
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

/** "path: reason", or the reason alone for the value as a whole. */
export function formatIssue(issue: Issue): string {
  return issue.path ? `${issue.path}: ${issue.reason}` : issue.reason;
}
