import type { SystemId } from '../engine/catalog';
import type { OptionSpec } from '../engine/system';

/**
 * Each system's rule readings (its `options.ts`) without its engine: the new-battle form lists and
 * sets them before any engine is needed (issue 40: the form used to load all three engines). The
 * engine's `options` is the very same list.
 */
const LISTS = import.meta.glob<readonly OptionSpec[]>('./*/options.ts', {
  eager: true,
  import: 'OPTIONS'
});

/** The rule readings a battle of `id` can be set up with. */
export function optionsOf(id: SystemId): readonly OptionSpec[] {
  const list = LISTS[`./${id}/options.ts`];
  if (!list) throw new Error(`Unknown rule system: ${id}`);
  return list;
}
