import { minimumCrew, type Sheet } from './sheet';
import type { TargetArea } from './tables';
import { crippledAreas } from './turn-reads';

// What a ship's log says of her at a glance (issue 31: one reader for the move and the screen):
// which areas are crippled enough for her to be boarded, how many men she may send across, and
// the crew she must keep aboard. The boarding move's check (checkBoarding) reads the same
// functions (crippledAreas is the turn model's, turn-reads.ts), so the log editor shows what the
// board move will find.

/** Largest boarding party: "he must keep his minimum crew aboard his own vessel" (B.4.7 step 2). */
export function maxBoardingParty(sheet: Sheet): number {
  return Math.max(0, sheet.crew.current - minimumCrew(sheet));
}

/** The log's derived figures, as the editor shows them. */
export interface SheetReading {
  /** The areas at 10% or less: she may be boarded (B.3.9). */
  crippled: TargetArea[];
  /** The most men she may send across (B.4.7 step 2). */
  maxParty: number;
  /** The crew she must keep aboard (B.3.2). */
  minimumCrew: number;
}

export function readSheet(sheet: Sheet): SheetReading {
  return {
    crippled: crippledAreas(sheet),
    maxParty: maxBoardingParty(sheet),
    minimumCrew: minimumCrew(sheet)
  };
}
