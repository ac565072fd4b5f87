import type * as z from 'zod/mini';
import type { NewSheet } from '../../engine/system';
import type * as schema from './sheet-schema';
import { MINIMUM_CREW, SHIP_TYPES, SHIP_TYPE_NAMES, STARTING_FUNDS, type ShipType } from './tables';

// Wooden Warships ship log and the user data the text refers to but does not contain (SPEC B.2,
// B.6): ship charts, captain, loot and upgrade cards. No value here is a rule number; the only
// ship numbers in the text are the minimum crews (tables.ts MINIMUM_CREW).
// The types are the schemas' (sheet-schema.ts), imported as types only: the fold, the panels and
// the views read a log without a parse and load no zod (issue 40).

export type DamageDice = z.infer<typeof schema.damageDiceSchema>;
export type RamDice = z.infer<typeof schema.ramDiceSchema>;
export type HitTable = z.infer<typeof schema.hitTableSchema>;
export type ShipChart = z.infer<typeof schema.shipChartSchema>;
export type PercentModifier = z.infer<typeof schema.percentModifierSchema>;
export type CaptainCard = z.infer<typeof schema.captainCardSchema>;
export type LootCard = z.infer<typeof schema.lootCardSchema>;
export type UpgradeEffect = z.infer<typeof schema.upgradeEffectSchema>;
export type UpgradeCard = z.infer<typeof schema.upgradeCardSchema>;
export type BoardingState = z.infer<typeof schema.boardingStateSchema>;
export type Loaded = z.infer<typeof schema.loadedSchema>;
export type Sheet = z.infer<typeof schema.sheetSchema>;
export type PlayerState = z.infer<typeof schema.playerStateSchema>;
export type SystemState = z.infer<typeof schema.systemStateSchema>;

/** A new card's effect until the user types one: it changes nothing. */
export const NO_UPGRADE_EFFECT: Readonly<UpgradeEffect> = Object.freeze({
  hull: 0,
  rigging: 0,
  crew: 0,
  speedFull: 0,
  speedBattle: 0,
  speedTrim: 0,
  percent: 0
});

/** A chart with every number at zero: the starting point of the chart editor. */
export function blankChart(type: ShipType, id = `chart-${type}`): ShipChart {
  return {
    id,
    name: SHIP_TYPE_NAMES[type],
    type,
    isExample: false,
    price: 0,
    crewSkillSurcharge: { Novice: 0, Skilled: 0, Veteran: 0, Crack: 0 },
    hull: 0,
    rigging: 0,
    crew: 0,
    decks: type === 'BattleSchooner' ? 0.5 : 1,
    damageDice: { count: 0, sides: 6 },
    holdRating: 0,
    speeds: { full: 0, battle: 0, trim: 0 },
    hitTable: {
      bands: [],
      percent: { ManOWar: [], Frigate: [], Brig: [], Corvette: [], BattleSchooner: [] }
    },
    ramDamage: { count: 0, sides: 6, plus: 0 },
    chaseGuns: { rolls: 1, damageDice: { count: 0, sides: 6 } },
    notes: ''
  };
}

const EMPTY_LOADED: Loaded = {
  foreChase: null,
  aftChase: null,
  zone1: null,
  zone2: null,
  zone3: null,
  zone4: null
};

/** A fresh ship sheet from its chart (SPEC B.4.1 step 5: "Set hull, rigging and crew to the chart values"). */
export function sheetFromChart(init: {
  name: string;
  chart: ShipChart;
  crewSkill?: Sheet['crewSkill'];
  lootCard?: LootCard | null;
  upgradeCards?: UpgradeCard[];
}): Sheet {
  const { chart } = init;
  return {
    name: init.name,
    className: chart.name,
    chart,
    crewSkill: init.crewSkill ?? 'Novice',
    hull: { original: chart.hull, current: chart.hull },
    rigging: { original: chart.rigging, current: chart.rigging },
    crew: { original: chart.crew, current: chart.crew },
    speedSetting: null,
    pendingSpeed: null,
    isRaisingAnchor: false,
    turnsBeyondRedArrows: 0,
    loaded: { ...EMPTY_LOADED },
    firedThisTurn: [],
    hasAttackedThisTurn: false,
    hasEndedTurn: false,
    boarding: null,
    lootCard: init.lootCard ?? null,
    upgradeCards: init.upgradeCards ?? [],
    appliedUpgrades: [],
    percentModifiers: [],
    status: 'active',
    notes: ''
  };
}

/** The ship type a class name names, if any (the roster passes only a name and class). */
export function shipTypeFromName(className: string): ShipType | undefined {
  const key = className.toLowerCase().replace(/[^a-z]/g, '');
  return SHIP_TYPES.find((t) => {
    const name = SHIP_TYPE_NAMES[t].toLowerCase().replace(/[^a-z]/g, '');
    return key === name || key === t.toLowerCase() || (t === 'Brig' && key === 'brigg');
  });
}

export function defaultSheet({ name, className = '' }: NewSheet): Sheet {
  const type = shipTypeFromName(className) ?? 'Frigate';
  const sheet = sheetFromChart({ name, chart: blankChart(type) });
  return { ...sheet, className };
}

/** SPEC B.3.2: the crew this ship must keep aboard. */
export function minimumCrew(sheet: Sheet): number {
  return MINIMUM_CREW[sheet.chart.type];
}

/** "Each player will start with £7,000." */
export function defaultSystemState(config: { players?: readonly string[] } = {}): SystemState {
  const players: Record<string, PlayerState> = {};
  for (const p of config.players ?? []) players[p] = { funds: STARTING_FUNDS, captain: null };
  return { players, charts: [], captainCards: [], lootCards: [], upgradeCards: [] };
}
