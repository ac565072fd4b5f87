import { catalogEntry } from '../catalog';
import type { RuleSystem } from '../system';
import { OPTIONS, readOptions } from './options';
import { defaultSheet, defaultSystemState, sheetSchema, type Sheet } from './sheet';
import { MAX_PRIZE_DISKS, type GameVariant } from './tables';
import { tracks } from './tracks';

/**
 * One player's turn (SPEC A.4.15, default `attackTiming='afterAllMovement'`, errata 12): the Wind Die
 * when it is due (and the storm roll), every ship moves, then the engagements, then repairs and the
 * turn passes to the left.
 */
export const MC_PHASES = ['Wind', 'Movement', 'Engagements', 'Repairs and end of turn'] as const;

const VARIANT_IDS: readonly GameVariant[] = ['beginner', 'basic', 'advanced'];

export {
  sheetSchema,
  systemStateSchema,
  defaultSystemState,
  type Sheet,
  type SystemState
} from './sheet';
export { readOptions, type McOptions } from './options';

/** Master and Commander: The Far Side of the World (SPEC Part A). */
export const masterAndCommander: RuleSystem<Sheet> = {
  // Names and variants are the catalog's, so the Battles list can show them without the engine.
  ...catalogEntry('master-and-commander'),
  options: OPTIONS,
  phases: MC_PHASES,
  /** The players and their fleets are set up on the battle page (SPEC A.4.1); Advanced modules too. */
  initialSystemState: (variant, options) =>
    defaultSystemState({
      variant: VARIANT_IDS.find((v) => v === variant) ?? 'basic',
      unusedHomeportsHaveCards: readOptions(options).unusedHomeportsHaveCards
    }),
  sheetSchema,
  defaultSheet: ({ name, className }) => defaultSheet({ name, className }),
  tracks,
  summarize: (s) => {
    const status: string[] = [];
    if (s.isSunk) status.push('sunk');
    if (s.capturedFrom !== null) status.push('captured');
    if (s.mist !== null) status.push('in the Mist');
    if (s.repelledFromHomeport !== null) status.push(`repelled from ${s.repelledFromHomeport}`);
    return {
      lines: s.isSunk
        ? ['Sunk']
        : [`Prize disks ${s.prizeDisks}/${MAX_PRIZE_DISKS}`, `Heading ${s.heading}`],
      status,
      isOut: s.isSunk
    };
  }
};
