import type { OfficerRole } from './tables';

// The sheet-edit log line in the rules' words (#14 item 11): "First Lieutenant's rating 0 → 1"
// instead of the field path "officers first lt rating 0 → 1".

/** The officers by their titles in full, as the log reads them. */
export const OFFICER_TITLES: Record<OfficerRole, string> = {
  captain: 'Captain',
  firstLt: 'First Lieutenant',
  master: 'Master',
  gunner: 'Gunner'
};

const FIELDS: Record<string, string> = {
  crewRating: 'crew rating',
  'hull.damage': 'hull damage',
  'hull.points': 'hull points',
  'rigging.damage': 'rigging damage',
  'rigging.points': 'rigging points',
  mastsLost: 'masts lost',
  mastsJuryRigged: 'masts jury rigged'
};

/** A Privateers sheet field by its name on the ship log; null where the path is not named here. */
export function describeField(path: readonly (string | number)[]): string | null {
  if (path[0] === 'officers' && typeof path[1] === 'string' && path[1] in OFFICER_TITLES) {
    const title = OFFICER_TITLES[path[1] as OfficerRole];
    if (path.length === 3 && path[2] === 'rating') return `${title}'s rating`;
    if (path.length === 3 && path[2] === 'present') return `${title} present`;
    return null;
  }
  return FIELDS[path.join('.')] ?? null;
}
