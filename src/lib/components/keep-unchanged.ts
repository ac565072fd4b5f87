/**
 * A list a panel derives again on every event (its ships' rows), handed back with last time's
 * items where an item is unchanged, and as last time's very list when every item is (issue 39).
 * Svelte compares a derived's value and a keyed each block's items by identity: a row built anew
 * for a ship the event did not touch marks everything that ship's card reads, and a new list marks
 * everything that reads the list, though nothing in them changed. Make one per component (it keeps
 * the last list), and call it inside the derived.
 */
export function keepUnchanged<T>(
  keyOf: (item: T) => string,
  isSame: (a: T, b: T) => boolean = Object.is
): (next: readonly T[]) => readonly T[] {
  let last: readonly T[] = [];
  let byKey = new Map<string, T>();
  return (next) => {
    const kept = next.map((item) => {
      const before = byKey.get(keyOf(item));
      return before !== undefined && isSame(before, item) ? before : item;
    });
    byKey = new Map(kept.map((item) => [keyOf(item), item]));
    if (kept.length === last.length && kept.every((item, i) => item === last[i])) return last;
    last = kept;
    return kept;
  };
}

/** The same items in the same order (by identity). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}
