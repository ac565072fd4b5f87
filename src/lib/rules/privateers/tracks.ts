import type { ShipTrack } from '../system';
import type { Sheet } from './sheet';

// The Privateers ship log's tracks (SPEC C.2 PvShip): hull and rigging points with the damage marked
// against them, crew and marines, and the guns still in service.
export function tracks(s: Sheet): ShipTrack[] {
  const out: ShipTrack[] = [
    {
      id: 'hull',
      label: 'Hull',
      value: Math.max(0, s.hull.points - s.hull.damage),
      max: s.hull.points,
      isDamage: true
    },
    {
      id: 'rigging',
      label: 'Rigging',
      value: Math.max(0, s.rigging.points - s.rigging.damage),
      max: s.rigging.points,
      isDamage: true
    },
    { id: 'crew', label: 'Crew', value: s.crew.current, max: s.crew.initial, isDamage: true }
  ];
  if (s.marines.initial > 0) {
    out.push({
      id: 'marines',
      label: 'Marines',
      value: s.marines.current,
      max: s.marines.initial,
      isDamage: true
    });
  }
  if (s.guns.length > 0) {
    out.push({
      id: 'guns',
      label: 'Guns',
      value: s.guns.filter((g) => !g.destroyed).length,
      max: s.guns.length,
      isDamage: true
    });
  }
  return out;
}
