import { catalogEntry } from '../../engine/catalog';
import type { RuleSystem } from '../../engine/system';
import { LEGACY_IDS } from './legacy-ids';
import { variantOf } from './turn-reads';
import { readOptions } from './options';
import { defaultSheet, defaultSystemState, type Sheet } from './sheet';
import { MAX_PRIZE_DISKS } from './tables';
import { nextStep, PHASES, turnStatus } from './turn';
import { repairTrack, tracks } from './tracks';
import { shipCard, shipColourText } from './ship-card';

export { PHASES } from './turn';
export { defaultSystemState, type Sheet, type SystemState } from './sheet';
export { readOptions, DEFAULT_OPTIONS, type McOptions } from './options';

/** Master and Commander: The Far Side of the World (SPEC Part A). */
export const masterAndCommander: RuleSystem<Sheet> = {
  // Names and variants are the catalog's, so the Battles list can show them without the engine.
  ...catalogEntry('master-and-commander'),
  phases: PHASES,
  /** The players and their fleets are set up on the battle page (SPEC A.4.1); Advanced modules too. */
  initialSystemState: (variant, options) =>
    defaultSystemState({
      variant: variantOf(variant),
      unusedHomeportsHaveCards: readOptions(options, variant).unusedHomeportsHaveCards
    }),
  // The schemas, loaded where a log enters the battle (issue 40: reading one does not parse).
  loadSchemas: () => import('./sheet-schema').then((m) => m.SCHEMAS),
  defaultSheet: ({ name, className }) => defaultSheet({ name, className }),
  tracks,
  repairTrack,
  // The printed log's sections, loaded when printing (issue 40).
  loadPaper: () => import('./paper').then((m) => m.paper),
  summarize: (s) => {
    const status: string[] = [];
    if (s.isSunk) status.push('sunk');
    if (s.capturedFrom !== null) status.push('captured');
    if (s.mist !== null) status.push('in the Mist');
    if (s.repelledFromHomeport !== null) status.push(`repelled from ${s.repelledFromHomeport}`);
    return {
      lines: s.isSunk
        ? ['Sunk']
        : [
            `Prize disks ${s.prizeDisks}/${MAX_PRIZE_DISKS}`,
            `Heading ${s.heading}`,
            shipColourText(s)
          ],
      status,
      isOut: s.isSunk
    };
  },
  readOptions,
  turnStatus,
  // The fleets come from the players' set-up (SPEC A.4.1), never from a generic form.
  shipsFromSetup: true,
  shipCard,
  // The page hands every move the context `readOptions` makes, so McOptions is what it gets.
  nextStep,
  // Every move, loaded when first needed (issue 40): each panel imports its own.
  loadMoves: () => import('./moves').then((m) => [...m.MOVES, nextStep]),
  legacyIds: LEGACY_IDS
};
