// Wooden Warships (Asparagus Swords): every table of SPEC Part B as typed data with stable ids.
// The rule text (shared/rules/wooden-warships.txt) is the authority; quotes below are verbatim,
// typos included. Nothing here is a ship-chart number: those are user data (see sheet.ts).

/** SPEC B.2 `WwShipType`; "5 ship charts (1 per ship type)". "Briggs" is spelled Brig (B.5 #14). */
export type ShipType = 'ManOWar' | 'Frigate' | 'Brig' | 'Corvette' | 'BattleSchooner';
export const SHIP_TYPES: readonly ShipType[] = [
  'ManOWar',
  'Frigate',
  'Brig',
  'Corvette',
  'BattleSchooner'
];
export const SHIP_TYPE_NAMES: Readonly<Record<ShipType, string>> = {
  ManOWar: "Man O' War",
  Frigate: 'Frigate',
  Brig: 'Brig',
  Corvette: 'Corvette',
  BattleSchooner: 'Battle Schooner'
};

/** SPEC B.1: "Ship Miniatures for each type (2 player game)": "2 Man O' Wars", "4 Frigates",
 *  "4 Briggs", "4 Corvettes", "6 Battle Schooners". Fleet purchase warns (never blocks) above these. */
export const MINIATURES_IN_CHEST: Readonly<Record<ShipType, number>> = {
  ManOWar: 2,
  Frigate: 4,
  Brig: 4,
  Corvette: 4,
  BattleSchooner: 6
};

/** SPEC B.3.2: "Each ship has a minimum crew number that they must keep aboard their vessel."
 *  "Battle Schooner - 10 crew minimum", "Corvette - 20", "Brig - 35", "Frigate - 65",
 *  "Man O' War - 115 crew minimum". The only ship numbers the text contains. */
export const MINIMUM_CREW: Readonly<Record<ShipType, number>> = {
  BattleSchooner: 10,
  Corvette: 20,
  Brig: 35,
  Frigate: 65,
  ManOWar: 115
};

/** SPEC B.2 `CrewSkill`: "Write your crew skill under the crew section for each ship." */
export type CrewSkill = 'Novice' | 'Skilled' | 'Veteran' | 'Crack';
export const CREW_SKILLS: readonly CrewSkill[] = ['Novice', 'Skilled', 'Veteran', 'Crack'];

/** SPEC B.3.3: "Each crew skill level rolls a different die." "Novice crew rolls a d6",
 *  "Skilled crew rolls a d6 + 1", "Veteran crew rolls a d8 + 1", "Crack crew rolls a d8 + 2". */
export const BOARDING_DIE: Readonly<Record<CrewSkill, { sides: number; plus: number }>> = {
  Novice: { sides: 6, plus: 0 },
  Skilled: { sides: 6, plus: 1 },
  Veteran: { sides: 8, plus: 1 },
  Crack: { sides: 8, plus: 2 }
};

/** SPEC B.3.4: "you will roll three attack dice until you no longer have three or more attackers…
 *  you can only roll a number of dice equal to the number of attacking sailors"; "you will roll two
 *  defense dice until you only have a single defender at which point you can only roll one die";
 *  "Defender always wins ties." */
export const BOARDING_DICE = {
  attackerMax: 3,
  defenderMax: 2,
  ties: 'defender'
} as const;

/** SPEC B.2 / B.3.1: the three target areas ("each ship has 3 different areas to target"). */
export type TargetArea = 'hull' | 'crew' | 'rigging';
export const TARGET_AREAS: readonly TargetArea[] = ['hull', 'crew', 'rigging'];

/** SPEC B.3.1: "Red - Round Shot", "Green - Grape Shot", "Black - Chain Shot"; each "most effective"
 *  against one area ("Round shot is most effective against the hull", "Grapeshot is most effective
 *  against the crew", "Chain shot is most effective against the sails"). */
export type Ammo = 'round' | 'grape' | 'chain';
export const AMMO_TYPES: readonly Ammo[] = ['round', 'grape', 'chain'];
export const AMMUNITION: Readonly<
  Record<Ammo, { name: string; marker: 'red' | 'green' | 'black'; bestAgainst: TargetArea }>
> = {
  round: { name: 'Round shot', marker: 'red', bestAgainst: 'hull' },
  grape: { name: 'Grape shot', marker: 'green', bestAgainst: 'crew' },
  chain: { name: 'Chain shot', marker: 'black', bestAgainst: 'rigging' }
};

/** B.3.4: dice in a round, `min(3, attackers)` against `defenders ≥ 2 ? 2 : 1`, for crews read from
 *  a parsed sheet; a number from a form goes through `boardingDiceCounts` (resolve-boarding.ts). */
export function boardingDiceCountsOf(
  attackers: number,
  defenders: number
): { na: number; nd: number } {
  return {
    na: Math.min(BOARDING_DICE.attackerMax, attackers),
    nd: Math.min(BOARDING_DICE.defenderMax, defenders)
  };
}

/** SPEC B.3.5: the damage die by ammunition and target area. 'ship' = the ship's damage dice;
 *  'd4' otherwise: "Round shot … d4 vs crew and rigging", "Grapeshot … d4 vs hull and rigging",
 *  "Chain shot … d4 vs crew and hull". */
export const AMMO_DAMAGE_DIE: Readonly<Record<Ammo, Readonly<Record<TargetArea, 'ship' | 'd4'>>>> =
  {
    round: { hull: 'ship', crew: 'd4', rigging: 'd4' },
    grape: { hull: 'd4', crew: 'ship', rigging: 'd4' },
    chain: { hull: 'd4', crew: 'd4', rigging: 'ship' }
  };
/** The "d4" of B.3.5. */
export const MISMATCHED_AMMO_SIDES = 4;

/** SPEC B.3.6: "on a half die 1 and 1 = 1, 3 and 4 = 2, and 5 and 6 = 3" ("1 and 1" is a typo for
 *  1 and 2, B.5 #2). Generalised [DEFAULT]: ceil(face / 2), so a half d4 reads 1–2 → 1, 3–4 → 2. */
export function halfDieValue(face: number): number {
  return Math.ceil(face / 2);
}
export const HALF_D6: readonly { face: number; value: number }[] = [1, 2, 3, 4, 5, 6].map(
  (face) => ({ face, value: halfDieValue(face) })
);

/** SPEC B.3.7 / B.2 `SailSetting`, with the text of each setting. */
export type SailSetting = 'full' | 'battle' | 'trim' | 'anchor';
export const SAIL_SETTINGS: readonly SailSetting[] = ['full', 'battle', 'trim', 'anchor'];
export const SAIL_SETTING_TEXT: Readonly<Record<SailSetting, { name: string; text: string }>> = {
  full: {
    name: 'Full Sail',
    text: "This is the fastest your ship will travel you don't turn very well at this speed."
  },
  battle: {
    name: 'Battle Sail',
    text: "This is medium speed, you don't travel as far, but you're able to turn better."
  },
  trim: { name: 'Trim Sail', text: 'Slowest speed with the tightest turn radius.' },
  anchor: { name: 'Drop Anchor', text: 'This is a full stop.' }
};
/** Sail settings from fastest to stopped; used for "limited to battle sail speed while tacking". */
export const SAIL_ORDER: Readonly<Record<SailSetting, number>> = {
  full: 3,
  battle: 2,
  trim: 1,
  anchor: 0
};

/** SPEC B.3.7: "you may not upgrade your ship past speed 5" (B.5 #16: no speed value above 5). */
export const MAX_SPEED = 5;

/** SPEC B.4.3 step 3: the wind sector the referee reads off the wind token for this move. */
export type WindSector = 'free' | 'tacking' | 'beyondRedArrows' | 'headToWind';
export const WIND_SECTORS: readonly WindSector[] = [
  'free',
  'tacking',
  'beyondRedArrows',
  'headToWind'
];
export const WIND_SECTOR_TEXT: Readonly<Record<WindSector, string>> = {
  free: 'Sailing free',
  tacking: 'Tacking ("moving diagonally against it"): at most battle sail',
  beyondRedArrows: 'Beyond the red arrows: trim sail, then stop',
  headToWind: '"you can\'t move directly into the wind"'
};

/** SPEC B.2 `Battery`: the two chase batteries and the four broadside zones of the field of fire card. */
export type Battery = 'foreChase' | 'aftChase' | 'zone1' | 'zone2' | 'zone3' | 'zone4';
export const BATTERIES: readonly Battery[] = [
  'foreChase',
  'aftChase',
  'zone1',
  'zone2',
  'zone3',
  'zone4'
];
export type Zone = 'zone1' | 'zone2' | 'zone3' | 'zone4';
export const ZONES: readonly Zone[] = ['zone1', 'zone2', 'zone3', 'zone4'];
export const BATTERY_NAMES: Readonly<Record<Battery, string>> = {
  foreChase: 'Fore chase guns',
  aftChase: 'Aft chase guns',
  zone1: 'Zone 1',
  zone2: 'Zone 2',
  zone3: 'Zone 3',
  zone4: 'Zone 4'
};
/** "if a ship is in both zone 1 & 2 then you may fire a full broadside or half broadside from that
 *  side": zones 1 & 2 make one side, so zones 3 & 4 the other (the card itself is user data). */
export const BROADSIDE_SIDES: readonly (readonly [Zone, Zone])[] = [
  ['zone1', 'zone2'],
  ['zone3', 'zone4']
];

/** SPEC B.3.8 firing zones. */
export type FireMode = 'chase' | 'halfBroadside' | 'fullBroadside';

/** SPEC B.3.9: "A Ship's hull must be reduced to 10% or less of its original HP", the same for rigging
 *  and crew; tested integer-exactly as 10 × current ≤ original. */
export const CRIPPLED_PERCENT = 10;
/** The largest boarding crew the odds take: the exact chain is fast to 600 a side (bench: 44 ms); a
 *  boarding party beyond 1,000 is refused (odds-boarding.ts, resolve-boarding.ts). */
export const MAX_BOARDING_CREW = 1000;
/** "within one inch of your ship in the play area". */
export const BOARDING_RANGE_INCHES = 1;

/** SPEC B.4.7 step 8: "you are 30% more likely to be hit if attacked from your exposed side". */
export const EXPOSED_SIDE_MODIFIER = 30;

/** SPEC B.4.1 step 3: "Each player will start with £7,000." */
export const STARTING_FUNDS = 7000;

/** SPEC B.1: "Choose 1 of the 6 captain cards", "20 loot cards total", "20 upgrade cards total". */
export const CARD_COUNTS = { captain: 6, loot: 20, upgrade: 20 } as const;

/** SPEC B.4.2: "Each turn is divided into multiple steps"; turn 1 is "only the maintenance steps". */
export type StepId = 'movement' | 'maintenance1' | 'attack' | 'boarding' | 'maintenance2';
export interface StepSpec {
  id: StepId;
  number: number;
  name: string;
  ruleRef: string;
  /** Does turn 1 run this step ("only the maintenance steps so you can set your speed and load")? */
  isInFirstTurn: boolean;
  /** The procedures (calculators / actions) this step offers, by stable id. */
  procedures: readonly { id: string; name: string }[];
}
export const STEPS: readonly StepSpec[] = [
  {
    id: 'movement',
    number: 1,
    name: 'Step 1: Movement',
    ruleRef: 'SPEC B.4.3',
    isInFirstTurn: false,
    procedures: [
      { id: 'move', name: 'Move (wind, tacking, red arrows, anchor)' },
      { id: 'islandCollision', name: 'Island collision: ram damage to own hull' }
    ]
  },
  {
    id: 'maintenance1',
    number: 2,
    name: 'Step 2: Maintenance Part 1',
    ruleRef: 'SPEC B.4.4',
    isInFirstTurn: true,
    procedures: [
      { id: 'upgrade', name: 'Upgrade a stationary ship (ends its turn)' },
      { id: 'setSail', name: 'Set the sail for next turn' }
    ]
  },
  {
    id: 'attack',
    number: 3,
    name: 'Step 3: Attack!!!',
    ruleRef: 'SPEC B.4.5',
    isInFirstTurn: false,
    procedures: [{ id: 'fire', name: 'Fire chase guns or a broadside' }]
  },
  {
    id: 'boarding',
    number: 4,
    name: 'Step 4: Boarding',
    ruleRef: 'SPEC B.4.7',
    isInFirstTurn: false,
    procedures: [
      { id: 'boardingStart', name: 'Check eligibility and send a boarding party' },
      { id: 'boardingRound', name: 'Fight a boarding round (or to the end)' },
      { id: 'surrender', name: 'Defender surrenders' },
      { id: 'withdraw', name: 'Attacker withdraws' },
      { id: 'loot', name: 'Loot a captured ship' }
    ]
  },
  {
    id: 'maintenance2',
    number: 5,
    name: 'Step 5: Maintenance Part 2',
    ruleRef: 'SPEC B.4.9',
    isInFirstTurn: true,
    procedures: [
      { id: 'reload', name: 'Load the guns that did not fire' },
      { id: 'sinking', name: 'Sinking and victory' }
    ]
  }
];

/** The step names of one turn, in order (the battle page's counter). */
export const PHASES: readonly string[] = STEPS.map((s) => s.name);
