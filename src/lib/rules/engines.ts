import type { SystemId } from '../engine/catalog';
import type { RuleSystem } from '../engine/system';

/**
 * The rule engines loaded on demand, one chunk per system (issue 18: a deep link into a battle loads
 * only the system in play). `registry.ts` is the eager list for the screens that show every system
 * (new battle, library, blank logs); the battle screens and the backup import load through here.
 */
const LOADERS = import.meta.glob<Record<string, unknown>>('./*/index.ts');

const loading = new Map<string, Promise<RuleSystem>>();
const loaded = new Map<string, RuleSystem>();

/** The system's engine, loaded once. */
export function loadSystem(id: SystemId): Promise<RuleSystem> {
  let p = loading.get(id);
  if (!p) {
    const loader = LOADERS[`./${id}/index.ts`];
    if (!loader) return Promise.reject(new Error(`Unknown rule system: ${id}`));
    p = loader().then((mod) => {
      // As registry.ts's engineOf: the exported system object whose id is the folder's name.
      const system = Object.values(mod).find(
        (v): v is RuleSystem => typeof v === 'object' && v !== null && (v as RuleSystem).id === id
      );
      if (!system) throw new Error(`Unknown rule system: ${id}`);
      loaded.set(id, system);
      return system;
    });
    p.catch(() => loading.delete(id));
    loading.set(id, p);
  }
  return p;
}

/** An engine `loadSystem` has loaded (throws for one not loaded yet). */
export function loadedSystem(id: SystemId): RuleSystem {
  const system = loaded.get(id);
  if (!system) throw new Error(`Rule system not loaded: ${id}`);
  return system;
}
