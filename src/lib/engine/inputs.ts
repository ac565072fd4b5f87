import { err, ok, type Result } from './result';

/**
 * Validated inputs for the engines' exported odds and resolve functions (issue 17 #9). Each check
 * returns the reason a value is unusable, in the referee's words ("Prize Disks must be a whole
 * number from 0 to 2"), or null; `guarded` turns a function into one that checks first and answers
 * an error Result — never a RangeError, never a figure computed from nonsense (−1 Prize Disks, a NaN
 * rating, −3 dice). The checks look at the arguments only (O(inputs)); the engines' inner loops call
 * the unchecked functions.
 */
export type Check = string | null;

/** A whole number from `min` to `max`. */
export function intIn(name: string, value: unknown, min: number, max: number): Check {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return `${name} must be a whole number from ${min} to ${max}`;
  return null;
}

/** A finite number from `min` to `max`. */
export function numberIn(name: string, value: unknown, min: number, max: number): Check {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    return `${name} must be a number from ${min} to ${max}`;
  return null;
}

/** One of the allowed values. */
export function oneOf<T>(name: string, value: unknown, allowed: readonly T[]): Check {
  return allowed.includes(value as T)
    ? null
    : `${name} must be ${allowed.map((a) => (typeof a === 'string' ? `'${a}'` : String(a))).join(' or ')}`;
}

/** true or false. */
export function isBool(name: string, value: unknown): Check {
  return typeof value === 'boolean' ? null : `${name} must be yes or no`;
}

/** A record (not a number, not null) — the fields are checked by the caller. */
export function isRecord(name: string, value: unknown): Check {
  return typeof value === 'object' && value !== null ? null : `${name} is missing`;
}

export function firstProblem(...checks: Check[]): Check {
  return checks.find((c) => c !== null) ?? null;
}

/** The checked function's marker, so the engine-inputs test can tell a checked export. */
export const IS_CHECKED = Symbol('checked');

/**
 * `fn` behind its input check: the problem as an error, else the value; anything `fn` still throws
 * (a limit the check did not foresee) is an error too, never an exception on screen.
 */
/*@__NO_SIDE_EFFECTS__*/
export function guarded<A extends unknown[], R>(
  validate: (...args: A) => Check,
  fn: (...args: A) => R
): (...args: A) => Result<R> {
  const checked = (...args: A): Result<R> => {
    const problem = validate(...args);
    if (problem !== null) return err(problem);
    try {
      return ok(fn(...args));
    } catch (e) {
      return err(e instanceof Error ? e.message : String(e));
    }
  };
  return Object.assign(checked, { [IS_CHECKED]: true });
}

/** The value of a Result the caller has already made sure of (a parsed sheet's own numbers). */
export function valueOr<T, F>(r: Result<T>, fallback: F): T | F {
  return r.ok ? r.value : fallback;
}
