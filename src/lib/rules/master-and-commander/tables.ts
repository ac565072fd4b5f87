// Master and Commander: The Far Side of the World — every table of SPEC Part A.3 (and the component
// counts of A.1) as typed data with stable ids. The rule text quoted in each comment is the authority.

export const COMPASS = ['N', 'E', 'S', 'W'] as const;
/** A heading or a wind direction; "Players move … either horizontally or vertically", no diagonals. */
export type Compass = (typeof COMPASS)[number];

export const OPPOSITE: Readonly<Record<Compass, Compass>> = { N: 'S', S: 'N', E: 'W', W: 'E' };
/** 90° turns: "A player may turn his or her ship 90 degrees within a square" (SPEC A.4.4 step 3). */
export const TURN_LEFT: Readonly<Record<Compass, Compass>> = { N: 'W', W: 'S', S: 'E', E: 'N' };
export const TURN_RIGHT: Readonly<Record<Compass, Compass>> = { N: 'E', E: 'S', S: 'W', W: 'N' };

export type WindFace = Compass | 'STORM' | 'STEADY';

/**
 * The Wind Die (SPEC A.3.1): "Each wind direction is represented: N (northerly), S (southerly), E
 * (easterly), and W (westerly). On the fifth side there is a Storm Icon, on the sixth is the word
 * Steady." Physical face order is irrelevant; `pip` is the number a d6 rolled in its place maps to.
 */
export const WIND_DIE: readonly { pip: number; face: WindFace; label: string; meaning: string }[] =
  [
    { pip: 1, face: 'N', label: 'N', meaning: 'Northerly: "blowing from the north to the south"' },
    { pip: 2, face: 'S', label: 'S', meaning: 'Southerly: wind from the south' },
    { pip: 3, face: 'E', label: 'E', meaning: 'Easterly: "blowing from the east to the west"' },
    { pip: 4, face: 'W', label: 'W', meaning: 'Westerly: wind from the west' },
    {
      pip: 5,
      face: 'STORM',
      label: 'Storm',
      meaning:
        '"During a storm, the Wind Die does not determine movement." Each player rolls one die.'
    },
    {
      pip: 6,
      face: 'STEADY',
      label: 'Steady',
      meaning: '"When there is a Steady on the Wind Die, the wind direction remains the same."'
    }
  ];

/** "Turn the three-minute hourglass over after each roll of the Wind Die." (SPEC A.1, A.4.3) */
export const HOURGLASS_SECONDS = 180;

export type PointOfSail = 'upwind' | 'downwind' | 'reach';

/**
 * Movement allowance, Basic / Advanced (SPEC A.3.2), from the heading "at the beginning of the
 * player's turn": "A ship facing upwind … may move only one space", "A ship facing downwind … may
 * move three spaces", "A ship on a reach (at 90 degrees to the wind, or across the wind) may move
 * five spaces." (A.5 #6: the glossary's "Reach: To sail with the wind" is overruled by this text.)
 */
export const MOVEMENT_ALLOWANCE: Readonly<Record<PointOfSail, number>> = {
  upwind: 1,
  downwind: 3,
  reach: 5
};

/** Storm and Beginner movement: one standard d6 ("move your ships a maximum of six spaces each"). */
export const MOVEMENT_DIE_SIDES = 6;

export type PrizeDisks = 0 | 1 | 2;
export const MAX_PRIZE_DISKS = 2;

/**
 * Dice by strength (SPEC A.3.3): "An undamaged ship will have both magnetic Prize Disks … will roll
 * three dice in attack or defense. A ship that has suffered one hit, will only have one Prize Disk and
 * can only roll two dice … A ship that has suffered two hits and has no Prize Disks left can only roll
 * one die". The third hit sinks ("Three hits and you're sunk!", A.5 #1 reading (a)).
 */
export const DICE_BY_PRIZE_DISKS: Readonly<Record<PrizeDisks, number>> = { 2: 3, 1: 2, 0: 1 };
/** "Homeports, because they are more secure, always roll three dice." (SPEC A.3.3, A.4.12) */
export const HOMEPORT_DICE = 3;
/** Beginner: "Each player involved in the engagement rolls one die." (SPEC A.3.3) */
export const BEGINNER_DICE = 1;

/**
 * The dice a ship rolls (SPEC A.3.3) for Prize Disks read from a parsed sheet (0–2 by its schema).
 * A number from anywhere else goes through `shipDice` (resolve-combat.ts), which checks it.
 */
export function shipDiceOf(prizeDisks: number, variant: GameVariant): number {
  return variant === 'beginner' ? BEGINNER_DICE : DICE_BY_PRIZE_DISKS[prizeDisks as PrizeDisks];
}
/** Attack and defence dice are "standard dice", d6 (SPEC A.1). */
export const COMBAT_DIE_SIDES = 6;

export type RepairPlace = 'homeport' | 'anchor';

/**
 * Repair exchange rates (SPEC A.3.4): "Homeport repairs require a permanent exchange of one Repair
 * Card for one Prize Disk. Sea repairs … require an exchange of two Repair Cards for each Prize Disk
 * recovered. To repair at sea, a captain must sail to one of the anchor icons." "Exchanged Repair
 * Cards are eliminated from play."
 */
export const REPAIR_COST: Readonly<Record<RepairPlace, { cards: number; disks: number }>> = {
  homeport: { cards: 1, disks: 1 },
  anchor: { cards: 2, disks: 1 }
};

/** Ramming attempt (SPEC A.3.5): "If the roll is a six, a ram has occurred." */
export const RAM_SUCCESS_FACE = 6;

/**
 * Ramming damage (SPEC A.3.5): "If the player rolls a one or a two there is no damage. If a three or
 * four is rolled, the opposing player must relinquish one Prize Disk. If a five or six is rolled the
 * opposing player must relinquish two Prize Disks."
 */
export const RAM_DAMAGE: readonly { id: string; faces: readonly number[]; disksLost: number }[] = [
  { id: 'none', faces: [1, 2], disksLost: 0 },
  { id: 'one', faces: [3, 4], disksLost: 1 },
  { id: 'two', faces: [5, 6], disksLost: 2 }
];

/** Boarding conditions (SPEC A.3.6); all must hold. `text` is quoted from the rules. */
export const BOARDING_CONDITIONS: readonly { id: string; text: string }[] = [
  { id: 'attackerFullStrength', text: 'The attacking ship must be at full strength.' },
  { id: 'defenderWeakened', text: 'The ship being attacked cannot be at full-strength.' },
  {
    id: 'adjacent',
    text: 'The attacking ship is in a square immediately adjacent to the enemy ship.'
  },
  {
    id: 'geometry',
    text: 'The attacking ship is either broadside to broadside, or broadside to bow.'
  },
  { id: 'declared', text: 'The intent to board must be declared prior to rolling.' }
];

/**
 * Engagement range (SPEC A.3.7): Basic/Advanced "the ship is in an adjacent square or one square away"
 * (distance 1 or 2); Beginner "you must be in a square next to the enemy" (distance 1).
 */
export const ENGAGEMENT_RANGE: Readonly<Record<'standard' | 'beginner', readonly number[]>> = {
  standard: [1, 2],
  beginner: [1]
};

/**
 * Mist (SPEC A.3.8): "There are two permanent Mists located on the map … safe from enemy fire while in
 * any of the five squares … A player entering the mist must lose one turn before exiting."
 */
export const MIST = { count: 2, squaresEach: 5, turnsLost: 1 } as const;

/** Component counts (SPEC A.1). */
export const COMPONENTS = {
  /** "20 Magnetic Prize Disks … There are four extra Prize Disks in your Sea Chest." */
  prizeDisksTotal: 20,
  spareDisks: 4,
  /** "Two magnets are placed on the bottom of each ship to begin the game." */
  disksPerShip: 2,
  /** "Four Repair Cards are placed at each Homeport" / "Each player also receives four Repair Cards" */
  repairCardsPerHomeport: 4,
  repairCardsTotal: 16,
  /** "52 Master and Commander cards: These are used only in Advanced Play." */
  masterAndCommanderCards: 52,
  /** "Six standard dice" */
  standardDice: 6,
  /** "Four pairs of ships" (basic) / "Eight Ships" (beginner) */
  ships: 8
} as const;

export type GameVariant = 'beginner' | 'basic' | 'advanced';

/**
 * Players and ships per game (SPEC A.2 McGameConfig, A.4.1): Basic/Advanced "For two to four
 * players", "Each player commands two ships of the same color"; Beginner "For up to eight players",
 * "Each player commands one ship" (the minimum of two is the spec's [DEFAULT]).
 */
export const GAME_SETUP: Readonly<
  Record<GameVariant, { minPlayers: number; maxPlayers: number; shipsPerPlayer: number }>
> = {
  beginner: { minPlayers: 2, maxPlayers: 8, shipsPerPlayer: 1 },
  basic: { minPlayers: 2, maxPlayers: 4, shipsPerPlayer: 2 },
  advanced: { minPlayers: 2, maxPlayers: 4, shipsPerPlayer: 2 }
};

/**
 * Ship colours. Basic: "two black ships, two copper ships, two silver ships or two gold ships";
 * Beginner: "(black, silver, gold and bronze)". Copper and bronze are one colour (errata 17, A.5 #8).
 */
export const SHIP_COLOURS: readonly {
  id: 'black' | 'copperBronze' | 'silver' | 'gold';
  label: string;
}[] = [
  { id: 'black', label: 'Black' },
  { id: 'copperBronze', label: 'Copper/bronze' },
  { id: 'silver', label: 'Silver' },
  { id: 'gold', label: 'Gold' }
];
export type ShipColour = (typeof SHIP_COLOURS)[number]['id'];

/**
 * A badge colour per seat round the table (the app's own, for the turn badge and the ship cards:
 * Beginner seats share the four ship colours, told apart by bands, so the badge goes by seat).
 */
export const SEAT_COLOURS: readonly string[] = [
  '#e5534b',
  '#4c8ef7',
  '#e3b341',
  '#3fb950',
  '#b083f0',
  '#f778ba',
  '#39c5cf',
  '#f0883e'
];

/** The five Advanced modules: "Add one or more of the following rules" (SPEC A.2, A.4.10–A.4.14). */
export const ADVANCED_MODULES: readonly {
  id: 'cards' | 'boarding' | 'raids' | 'ramming' | 'mist';
  label: string;
  text: string;
}[] = [
  {
    id: 'cards',
    label: 'Master and Commander cards',
    text: 'Draw a Master and Commander card when you initiate an engagement.'
  },
  {
    id: 'boarding',
    label: 'Boarding',
    text: 'If your ship is undamaged, roll three dice against an adjacent, weakened enemy.'
  },
  {
    id: 'raids',
    label: 'Raids on Homeports',
    text: 'Attack an enemy Homeport in the same manner as you would attack a ship.'
  },
  {
    id: 'ramming',
    label: 'Ramming',
    text: 'If an attacking ship is in front of your bow, you may wish to ram that ship.'
  },
  { id: 'mist', label: 'Mist', text: 'Hide from enemy fire in the Mist. Lose one turn.' }
];
export type AdvancedModule = (typeof ADVANCED_MODULES)[number]['id'];
