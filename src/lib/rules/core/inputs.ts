import { err, ok, type Result } from './result';

/**
 * Validated inputs for the engines' exported odds and resolve functions (issue 17 #9). Each check
 * returns the reason a value is unusable, or null; `guarded` turns a function into one that checks
 * first and answers an error Result — never a RangeError, never a number computed from nonsense
 * (−1 Prize Disks, a NaN rating, −3 dice).
 */
export type Check = string | null;

/** A whole number from `min` to `max`. */
export function intIn(name: string, value: unknown, min: number, max: number): Check {
  if (typeof value !== 'number' || !Number.isInteger(value))
    return `${name}: expected a whole number`;
  if (value < min || value > max) return `${name}: expected ${min} to ${max}, got ${value}`;
  return null;
}

/** A finite number from `min` to `max`. */
export function numberIn(name: string, value: unknown, min: number, max: number): Check {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${name}: expected a number`;
  if (value < min || value > max) return `${name}: expected ${min} to ${max}, got ${value}`;
  return null;
}

/** One of the allowed values. */
export function oneOf<T>(name: string, value: unknown, allowed: readonly T[]): Check {
  return allowed.includes(value as T)
    ? null
    : `${name}: expected ${allowed.map((a) => JSON.stringify(a)).join(' or ')}`;
}

export function firstProblem(...checks: Check[]): Check {
  return checks.find((c) => c !== null) ?? null;
}

/**
 * `fn` behind its input check: the problem as an error, else the value; anything `fn` still throws
 * (a limit the check did not foresee) is an error too, never an exception on screen.
 */
export function guarded<A extends unknown[], R>(
  validate: (...args: A) => Check,
  fn: (...args: A) => R
): (...args: A) => Result<R> {
  return (...args) => {
    const problem = validate(...args);
    if (problem !== null) return err(problem);
    try {
      return ok(fn(...args));
    } catch (e) {
      return err(e instanceof Error ? e.message : String(e));
    }
  };
}
