import type { RuleSystem } from '../system';
import { OPTIONS } from './options';
import { defaultSheet, sheetSchema, type Sheet } from './sheet';
import { MAX_PRIZE_DISKS } from './tables';

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
  ],
  options: OPTIONS,
  sheetSchema,
  defaultSheet: ({ name, className }) => defaultSheet({ name, className }),
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
