import type { SystemId } from '../engine/catalog';
import type { OptionSpec } from '../engine/system';

/**
 * Each system's rule readings (its `option-list.ts`) without its engine: the new-battle form lists
 * and sets them before any engine is needed (issue 40: the form used to load all three engines),
 * and a battle, which reads its options with the system's readOptions, loads none of their words.
 */
const LISTS = import.meta.glob<readonly OptionSpec[]>('./*/option-list.ts', {
  eager: true,
  import: 'OPTIONS'
});

/** The rule readings a battle of `id` can be set up with. */
export function optionsOf(id: SystemId): readonly OptionSpec[] {
  const list = LISTS[`./${id}/option-list.ts`];
  if (!list) throw new Error(`Unknown rule system: ${id}`);
  return list;
}
