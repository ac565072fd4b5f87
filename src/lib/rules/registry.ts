import { SYSTEM_CATALOG, type SystemId } from '../engine/catalog';
import type { RuleSystem } from '../engine/system';

/**
 * The rule engines, one per catalog entry, each found by its folder (`rules/<id>/index.ts` exports
 * the system object whose `id` is the folder's name), so adding a system is its folder and its
 * catalog line. `createRegistry` is the lookup itself; tests build one with a system of their own.
 */
export interface SystemRegistry {
  /** In the catalog's order (the battle picker's). */
  readonly systems: readonly RuleSystem[];
  get(id: SystemId): RuleSystem;
  has(value: string): value is SystemId;
}

export function createRegistry(systems: readonly RuleSystem[]): SystemRegistry {
  const byId = new Map<string, RuleSystem>();
  for (const s of systems) {
    if (byId.has(s.id)) throw new Error(`Rule system registered twice: ${s.id}`);
    byId.set(s.id, s);
  }
  return {
    systems,
    get(id) {
      const system = byId.get(id);
      if (!system) throw new Error(`Unknown rule system: ${id}`);
      return system;
    },
    has: (value): value is SystemId => byId.has(value)
  };
}

const FOLDERS = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });

function isRuleSystem(value: unknown, id: string): value is RuleSystem {
  return typeof value === 'object' && value !== null && (value as RuleSystem).id === id;
}

/** The system object `rules/<id>/index.ts` exports, or null when the folder is missing. */
export function engineOf(id: string, folders = FOLDERS): RuleSystem | null {
  const mod = folders[`./${id}/index.ts`];
  if (!mod) return null;
  return Object.values(mod).find((v): v is RuleSystem => isRuleSystem(v, id)) ?? null;
}

/** The app's registry: every catalog entry with its engine (registry.test checks none is missing). */
const REGISTRY = createRegistry(SYSTEM_CATALOG.flatMap((entry) => engineOf(entry.id) ?? []));

/** Every rule system, in the order the battle picker lists them. */
export const SYSTEMS: readonly RuleSystem[] = REGISTRY.systems;

export function getSystem(id: SystemId): RuleSystem {
  return REGISTRY.get(id);
}

export function isSystemId(value: string): value is SystemId {
  return REGISTRY.has(value);
}
