import type { ShipTrack } from '../system';
import type { Sheet } from './sheet';

// The Wooden Warships ship log's three target areas (SPEC B.4.5 step 5: "each ship has 3 different
// areas to target"), each with its current and original points.
export function tracks(s: Sheet): ShipTrack[] {
  return [
    { id: 'hull', label: 'Hull', value: s.hull.current, max: s.hull.original, isDamage: true },
    { id: 'crew', label: 'Crew', value: s.crew.current, max: s.crew.original, isDamage: true },
    {
      id: 'rigging',
      label: 'Rigging',
      value: s.rigging.current,
      max: s.rigging.original,
      isDamage: true
    }
  ];
}
