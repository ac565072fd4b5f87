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
