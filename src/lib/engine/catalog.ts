import type { Variant } from './system';

/**
 * THE list of rule systems: one entry per system is the one registry line a system needs. Everything
 * else follows from it — the `SystemId` type, the database's system id schema (db/records.ts), the
 * rule engines (found by folder: `rules/<id>/index.ts`, registry.ts), the UI pieces (found by file
 * name: `components/systems/<id>/`, components/systems/registry.ts) and the prerendered calculators
 * pages (`routes/calculators/[system]`). Plain data, so the Battles list and the quick-list worker
 * read names and variants without loading the engines; the registry test checks that each system's
 * own object says the same.
 */
export interface SystemCatalogEntry<Id extends string = string> {
  /** Stable: stored in battles, ships and backups, and the folder name in each layer. */
  id: Id;
  name: string;
  tagline: string;
  variants: readonly Variant[];
  /** The calculators page's introduction (what can be worked out there without a battle). */
  calculatorsIntro: string;
}

export const SYSTEM_CATALOG = [
  {
    id: 'privateers',
    name: 'Privateers',
    tagline: 'Miniatures: d12 gunnery, criticals, crew tasks, boarding and morale',
    variants: [
      { id: 'standard', name: 'Standard', description: 'The rules as published in MWAN #108' }
    ],
    calculatorsIntro:
      'Cannon fire with criticals, morale, reload, boarding, movement and the crew checks with exact odds, without a battle: for a referee with paper logs.'
  },
  {
    id: 'wooden-warships',
    name: 'Wooden Warships',
    tagline: 'Miniatures: percentile gunnery by decks, ammunition, fleet purchase and boarding',
    variants: [
      { id: 'standard', name: 'Standard', description: 'Fleet purchase with £7,000 a player' }
    ],
    calculatorsIntro:
      'Gunnery, boarding, movement and fleet purchase with exact odds, without a battle: for a referee with paper logs.'
  },
  {
    id: 'master-and-commander',
    name: 'Master and Commander',
    tagline: 'Board game: wind die, hourglass, prize disks and engagements',
    variants: [
      {
        id: 'beginner',
        name: 'Beginner',
        description:
          'The Far Side of the World: up to eight players, one ship each, a die for movement'
      },
      {
        id: 'basic',
        name: 'Basic',
        description: 'Two to four players, two ships each, wind die, hourglass and Repair Cards'
      },
      {
        id: 'advanced',
        name: 'Advanced',
        description: 'Basic plus the modules you choose: cards, boarding, raids, ramming, mist'
      }
    ],
    calculatorsIntro:
      'The wind, the hourglass and exact odds before every roll, without a battle. Roll here or tap the dice rolled at the table.'
  }
] as const satisfies readonly SystemCatalogEntry[];

/** The stable id of a rule system Quarterdeck knows. */
export type SystemId = (typeof SYSTEM_CATALOG)[number]['id'];

/** Every system id, in the picker's order (a non-empty tuple, as `z.enum` wants it). */
export const SYSTEM_IDS = SYSTEM_CATALOG.map((s) => s.id) as unknown as readonly [
  SystemId,
  ...SystemId[]
];

export function isCatalogId(value: string): value is SystemId {
  return SYSTEM_CATALOG.some((s) => s.id === value);
}

export function catalogEntry(id: SystemId): SystemCatalogEntry<SystemId> {
  const entry = SYSTEM_CATALOG.find((s) => s.id === id);
  if (!entry) throw new Error(`Unknown rule system: ${id}`);
  return entry;
}
