import type { ShipTrack } from '../../engine/system';
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

/**
 * Between battles (campaigns, issue 36): `points` of an area repaired, never past its original
 * points; null when it has nothing to repair. The text has no repair between battles: the
 * campaign's referee decides it.
 */
export function repairTrack(s: Sheet, trackId: string, points: number): Sheet | null {
  const n = Math.max(0, Math.floor(points));
  // No points mend nothing (the contract: null when nothing is repaired).
  if (n === 0) return null;
  if (trackId !== 'hull' && trackId !== 'crew' && trackId !== 'rigging') return null;
  const area = s[trackId];
  if (area.current >= area.original) return null;
  return { ...s, [trackId]: { ...area, current: Math.min(area.original, area.current + n) } };
}

/**
 * A prize under her new owner between battles (campaigns, issue 36): back in service, no longer
 * marked captured by the ship that took her (B.4.7 step 6 marks her for the battle only).
 */
export function commissionPrize(s: Sheet): Sheet {
  return { ...s, status: 'active', capturedBy: null };
}
