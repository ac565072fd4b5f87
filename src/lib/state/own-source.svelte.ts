import { untrack } from 'svelte';

/**
 * A value a component reads through a source of its own, updated just before the component draws
 * (issue 39). Svelte marks every derived below a changed source once per path it is reached by,
 * so a prop worked out by a chain of deriveds (a broadside's setup, odds and dice, each reading
 * the battle several ways) had the deriveds of a dice pad or an odds chart marked hundreds of times
 * on every event: a Next in Privateers' Phase 4 marked 13,308 reactions. Behind an own source the
 * chain ends at one effect, and the component's deriveds are marked only when the value really
 * changed (`isSame`, identity unless given). Create it during the component's set-up.
 */
export class OwnSource<T> {
  #value = $state.raw<T>() as T;

  constructor(
    read: () => T,
    private readonly isSame: (a: T, b: T) => boolean = Object.is
  ) {
    this.#value = untrack(read);
    $effect.pre(() => {
      const next = read();
      if (
        !this.isSame(
          untrack(() => this.#value),
          next
        )
      )
        this.#value = next;
    });
  }

  get current(): T {
    return this.#value;
  }
}

/** Plain data compared by its JSON (small values such as a pad's dice). */
export function sameJson<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
