import type { ShipTrack } from '../../engine/system';
import type { Sheet } from './sheet';
import { MAX_PRIZE_DISKS } from './tables';

// Master and Commander: a ship's only track is its Prize Disks ("Two magnets are placed on the
// bottom of each ship"); each hit takes one (SPEC A.4.7).
export function tracks(s: Sheet): ShipTrack[] {
  return [
    {
      id: 'prize-disks',
      label: 'Prize disks',
      value: s.isSunk ? 0 : s.prizeDisks,
      max: MAX_PRIZE_DISKS,
      isDamage: true
    }
  ];
}

/**
 * Between battles (campaigns, issue 36): Prize Disks put back, never past the two a ship starts
 * with ("Two magnets are placed on the bottom of each ship"); a sunk ship is not repaired. In a
 * game a disk comes back for Repair Cards (A.3.4), which each game lays out afresh ("Four Repair
 * Cards are placed at each Homeport at the beginning of each game"); between battles the campaign
 * prices a disk instead. Null when there is nothing to put back.
 */
export function repairTrack(s: Sheet, trackId: string, points: number): Sheet | null {
  if (trackId !== 'prize-disks' || s.isSunk || s.prizeDisks >= MAX_PRIZE_DISKS) return null;
  const n = Math.max(0, Math.floor(points));
  if (n === 0) return null;
  return { ...s, prizeDisks: Math.min(MAX_PRIZE_DISKS, s.prizeDisks + n) };
}
