import type { SystemId, Variant } from './system';

/**
 * What the Battles list needs to know of each rule system: names and variants, without loading
 * the engines. The registry test checks that each system's own object says the same.
 */
export interface SystemCatalogEntry {
  id: SystemId;
  name: string;
  tagline: string;
  variants: readonly Variant[];
}

export const SYSTEM_CATALOG: readonly SystemCatalogEntry[] = [
  {
    id: 'privateers',
    name: 'Privateers',
    tagline: 'Miniatures: d12 gunnery, criticals, crew tasks, boarding and morale',
    variants: [
      { id: 'standard', name: 'Standard', description: 'The rules as published in MWAN #108' }
    ]
  },
  {
    id: 'wooden-warships',
    name: 'Wooden Warships',
    tagline: 'Miniatures: percentile gunnery by decks, ammunition, fleet purchase and boarding',
    variants: [
      { id: 'standard', name: 'Standard', description: 'Fleet purchase with £7,000 a player' }
    ]
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
    ]
  }
];

export function catalogEntry(id: SystemId): SystemCatalogEntry {
  const entry = SYSTEM_CATALOG.find((s) => s.id === id);
  if (!entry) throw new Error(`Unknown rule system: ${id}`);
  return entry;
}
