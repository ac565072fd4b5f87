import type { SystemId } from '../engine/catalog';
import type { CampaignSettings } from './state';

/**
 * The campaign's default economy. None of the three texts has a campaign: every figure is the
 * referee's to set, and each default says whether it is an example or the text's own number
 * (DESIGN invariant 6: example values are labelled as examples).
 */

export type SettingKey = 'startingPurse' | 'prizeMoney' | 'repairCost';

export interface SettingSource {
  /** True: our example, not from a rule text. */
  isExample: boolean;
  /** Where the number comes from, or why it is an example. */
  note: string;
}

const EXAMPLE_NOTE = 'Example value: the rules give no campaign economy. Set your own.';

/** Wooden Warships, "Purchase Your Fleet": "Each player will start with £7,000" (SPEC B.4.1 step 3). */
export const WW_STARTING_FUNDS = 7000;

const DEFAULTS: Record<SystemId, CampaignSettings> = {
  privateers: {
    currency: '£',
    startingPurse: 2000,
    prizeMoney: 1000,
    repairCost: { hull: 20, rigging: 10, crew: 25, marines: 30, guns: 100 }
  },
  'wooden-warships': {
    currency: '£',
    startingPurse: WW_STARTING_FUNDS,
    prizeMoney: 1000,
    repairCost: { hull: 50, rigging: 25, crew: 40 }
  },
  'master-and-commander': {
    currency: '£',
    startingPurse: 2000,
    prizeMoney: 1000,
    repairCost: { 'prize-disks': 200 }
  }
};

export function defaultSettings(systemId: SystemId): CampaignSettings {
  const d = DEFAULTS[systemId];
  return { ...d, repairCost: { ...d.repairCost } };
}

/** Where a setting's default comes from, for the label beside it. */
export function settingSource(systemId: SystemId, key: SettingKey): SettingSource {
  if (systemId === 'wooden-warships' && key === 'startingPurse') {
    return {
      isExample: false,
      note: 'Wooden Warships: "Each player will start with £7,000" (Purchase Your Fleet; SPEC B.4.1).'
    };
  }
  return { isExample: true, note: EXAMPLE_NOTE };
}
