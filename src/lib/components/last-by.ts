/** Whether two arguments are the same: the same value, or arrays of the same values in order (a
 *  list a form derives afresh, e.g. the batteries firing). */
function isSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return (
    Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((x: unknown, i) => x === b[i])
  );
}

/**
 * `fn` keeping its last answer by its arguments (compared by identity; a state is never changed in
 * place): a calculator works its first answer's parts out in idle moments before it opens (issue
 * 40), and the render that opens it asks the same and finds them.
 */
export function lastBy<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; value: R } | null = null;
  return (...args: A): R => {
    if (last && last.args.length === args.length && args.every((a, i) => isSame(a, last?.args[i])))
      return last.value;
    const value = fn(...args);
    last = { args, value };
    return value;
  };
}
