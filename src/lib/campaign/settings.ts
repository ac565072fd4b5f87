import type { SystemId } from '../engine/catalog';
import type { CampaignSettings } from './state';

/**
 * The campaign's default economy. None of the three texts has a campaign: every figure is the
 * referee's to set, and each default says whether it is an example or the text's own number
 * (DESIGN invariant 6: example values are labelled as examples).
 */

export type SettingKey =
  | 'startingPurse'
  | 'prizeMoney'
  | 'repairCost'
  | 'rerateCost'
  | 'salePercent'
  | 'purchase'
  | 'loot';

export interface SettingSource {
  /** True: our example, not from a rule text. */
  isExample: boolean;
  /** Where the number comes from, or why it is an example. */
  note: string;
}

const EXAMPLE_NOTE = 'Example value: the rules give no campaign economy. Set your own.';

/** Wooden Warships, "Purchase Your Fleet": "Each player will start with £7,000" (SPEC B.4.1 step 3). */
export const WW_STARTING_FUNDS = 7000;

type Defaults = Required<CampaignSettings>;

const DEFAULTS: Record<SystemId, Defaults> = {
  privateers: {
    currency: '£',
    startingPurse: 2000,
    prizeMoney: 1000,
    repairCost: { hull: 20, rigging: 10, crew: 25, marines: 30, guns: 100 },
    rerateCost: 100,
    salePercent: 50
  },
  'wooden-warships': {
    currency: '£',
    startingPurse: WW_STARTING_FUNDS,
    prizeMoney: 1000,
    repairCost: { hull: 50, rigging: 25, crew: 40 },
    rerateCost: 0,
    salePercent: 50
  },
  'master-and-commander': {
    currency: '£',
    startingPurse: 2000,
    prizeMoney: 1000,
    repairCost: { 'prize-disks': 200 },
    rerateCost: 0,
    salePercent: 50
  }
};

export function defaultSettings(systemId: SystemId): Defaults {
  const d = DEFAULTS[systemId];
  return { ...d, repairCost: { ...d.repairCost } };
}

/**
 * A campaign's settings with every figure present: a campaign set up before a setting existed
 * (re-rating, sales) reads that setting's default, until the referee sets it.
 */
export function settingsOf(systemId: SystemId | null, settings: CampaignSettings | null): Defaults {
  const d = systemId ? DEFAULTS[systemId] : DEFAULTS.privateers;
  if (!settings) return defaultSettings(systemId ?? 'privateers');
  return {
    ...settings,
    repairCost: { ...settings.repairCost },
    rerateCost: settings.rerateCost ?? d.rerateCost,
    salePercent: settings.salePercent ?? d.salePercent
  };
}

/** Where a setting's default comes from, for the label beside it. */
export function settingSource(systemId: SystemId, key: SettingKey): SettingSource {
  if (systemId === 'wooden-warships' && key === 'startingPurse') {
    return {
      isExample: false,
      note: 'Wooden Warships: "Each player will start with £7,000" (Purchase Your Fleet; SPEC B.4.1).'
    };
  }
  if (systemId === 'wooden-warships' && key === 'purchase') {
    return {
      isExample: false,
      note: "Wooden Warships: a ship costs her chart's price plus the surcharge for her crew skill (\"pay extra for better crew\", Purchase Your Fleet; SPEC B.4.1 step 4). The charts' prices are the players' own (B.6); the shipped charts are examples."
    };
  }
  if (systemId === 'wooden-warships' && key === 'loot') {
    return {
      isExample: false,
      note: 'Wooden Warships: a prize looted for money gives "the amount listed on the loot card multiplied by the ship\'s hold rating" (Looting; SPEC B.4.8), added to her prize money.'
    };
  }
  if (systemId === 'privateers' && key === 'rerateCost') {
    return {
      isExample: true,
      note: 'Example value. The roll is the text\'s: 1d6 on the "Rating Officers & Crews" chart, 1-2 rating 0, 3-5 rating 1, 6 rating 2 (SPEC C.3.1); the rules give no cost.'
    };
  }
  if (systemId === 'master-and-commander' && key === 'repairCost') {
    return {
      isExample: true,
      note: 'Example value. In a game a Prize Disk comes back for Repair Cards (one at your Homeport, two at an anchor; A.3.4), and "Four Repair Cards are placed at each Homeport at the beginning of each game": the cards do not carry over, so between battles the campaign prices a disk.'
    };
  }
  return { isExample: true, note: EXAMPLE_NOTE };
}
