import * as z from 'zod/mini';
import type { SystemSchemas } from '../../engine/system';
import {
  AMMO_TYPES,
  BATTERIES,
  CREW_SKILLS,
  SAIL_SETTINGS,
  SHIP_TYPES,
  type Battery,
  type ShipType
} from './tables';
import type { Sheet } from './sheet';

// The Wooden Warships ship log's, charts' and cards' zod schemas (SPEC B.2, B.6), apart from their
// types (sheet.ts): they are loaded where a log or a chart enters the app (the sheet moves, the
// set-up moves, an import, a merge, the chart editor), never to read one (issue 40: a deep-linked
// battle loads no zod).

const count = () => z.int().check(z.gte(0));
const text = (max: number) => z.string().check(z.maxLength(max));

export const shipTypeSchema = z.enum(SHIP_TYPES as [ShipType, ...ShipType[]]);
export const crewSkillSchema = z.enum(CREW_SKILLS as ['Novice', 'Skilled', 'Veteran', 'Crack']);
export const ammoSchema = z.enum(AMMO_TYPES as ['round', 'grape', 'chain']);
export const sailSettingSchema = z.enum(SAIL_SETTINGS as ['full', 'battle', 'trim', 'anchor']);
export const batterySchema = z.enum(BATTERIES as [Battery, ...Battery[]]);
export const targetAreaSchema = z.enum(['hull', 'crew', 'rigging']);

/** "your ships damage": a number of dice of one size (the text's examples use 3d6). */
export const damageDiceSchema = z.strictObject({
  count: z.int().check(z.gte(0), z.lte(50)),
  sides: z.int().check(z.gte(2), z.lte(100))
});

/** "roll the ram damage on your ship damage chart" (SPEC B.4.3 step 5); e.g. 2d6+1. */
export const ramDiceSchema = z.strictObject({
  count: z.int().check(z.gte(0), z.lte(50)),
  sides: z.int().check(z.gte(2), z.lte(100)),
  plus: z.int().check(z.gte(-100), z.lte(100))
});

/** Gun decks per broadside zone: a whole number, or the Battle Schooner's "half deck" (0.5). */
export const decksSchema = z.number().check(
  z.refine((n) => n === 0.5 || (Number.isInteger(n) && n >= 1 && n <= 10), {
    message: 'Decks must be ½ (a half deck) or a whole number from 1 to 10'
  })
);

const percentRow = z.array(z.int().check(z.gte(0), z.lte(100)));

/** "Each ship has a distance table associated with it and you will find your probability percentage
 *  on that chart by matching the target ship type and the distance." Bands are ordered, each up to an
 *  inclusive distance in inches; one percentage per band for each target type. */
export const hitTableSchema = z
  .strictObject({
    bands: z.array(z.strictObject({ upToInches: z.number().check(z.gt(0), z.lte(1000)) })),
    percent: z.strictObject({
      ManOWar: percentRow,
      Frigate: percentRow,
      Brig: percentRow,
      Corvette: percentRow,
      BattleSchooner: percentRow
    })
  })
  .check(
    z.refine((t) => SHIP_TYPES.every((s) => t.percent[s].length === t.bands.length), {
      message: 'Every target type needs one percentage per distance band'
    }),
    z.refine((t) => t.bands.every((b, i) => i === 0 || b.upToInches > t.bands[i - 1].upToInches), {
      message: 'Distance bands must increase'
    })
  );

const speedsSchema = z.strictObject({
  full: z.number().check(z.gte(0), z.lte(100)),
  battle: z.number().check(z.gte(0), z.lte(100)),
  trim: z.number().check(z.gte(0), z.lte(100))
});

/** One ship chart ("5 ship charts (1 per ship type)"), every number [USER DATA] (SPEC B.2, B.6). */
export const shipChartSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(80)),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  type: shipTypeSchema,
  /** Shipped example data, shown with an EXAMPLE label (never rules). */
  isExample: z.boolean(),
  price: count(),
  /** "pay extra for better crew": the surcharge per crew skill for this ship type. */
  crewSkillSurcharge: z.strictObject({
    Novice: count(),
    Skilled: count(),
    Veteran: count(),
    Crack: count()
  }),
  hull: count(),
  rigging: count(),
  crew: count(),
  decks: decksSchema,
  damageDice: damageDiceSchema,
  /** "draw … as many upgrade cards as your ship's hold rating"; also the loot multiplier. */
  holdRating: z.int().check(z.gte(0), z.lte(20)),
  speeds: speedsSchema,
  hitTable: hitTableSchema,
  ramDamage: ramDiceSchema,
  /** SPEC B.5 #20: not given by the text; [DEFAULT] 1 roll with the ship's damage dice. */
  chaseGuns: z.strictObject({
    rolls: z.int().check(z.gte(0), z.lte(10)),
    damageDice: damageDiceSchema
  }),
  notes: text(2000)
});

/** A modifier to the percentage needed to hit ("Percentage Modifiers"), e.g. from a captain card. */
export const percentModifierSchema = z.strictObject({
  source: z.string().check(z.minLength(1), z.maxLength(80)),
  value: z.int().check(z.gte(-100), z.lte(100))
});

/** "Choose 1 of the 6 captain cards. Each of them have both positive and negative attributes". */
export const captainCardSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(80)),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  text: text(2000),
  modifiers: z.array(percentModifierSchema)
});

/** "the amount listed on the loot card" (£). */
export const lootCardSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(80)),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  amount: count()
});

/** "Do ye have the amount of money listed on the upgrade card?" Effect as stat deltas (B.6). */
export const upgradeEffectSchema = z.strictObject({
  hull: z.int(),
  rigging: z.int(),
  crew: z.int(),
  speedFull: z.number(),
  speedBattle: z.number(),
  speedTrim: z.number(),
  percent: z.int().check(z.gte(-100), z.lte(100))
});
export const upgradeCardSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(80)),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  cost: count(),
  text: text(2000),
  effect: upgradeEffectSchema
});

const pointsSchema = z.strictObject({ original: count(), current: count() });

/** The boarding in progress, kept on the boarding ship (SPEC B.2 `WwBoardingState`). */
export const boardingStateSchema = z.strictObject({
  /** Battle ship id of the boarded ship. */
  targetShipId: z.string().check(z.maxLength(80)),
  /** Boarders still alive on the enemy deck (they are counted in this ship's crew.current). */
  party: count(),
  exposedSide: z.nullable(z.enum(['port', 'starboard'])),
  roundsFought: count(),
  /** Rounds fought since the turn began, for option `boardingRoundsPerTurn` (B.4.7 step 5).
   *  Optional: logs written before it existed read as 0. */
  roundsThisTurn: z.optional(count())
});

export const loadedSchema = z.strictObject({
  foreChase: z.nullable(ammoSchema),
  aftChase: z.nullable(ammoSchema),
  zone1: z.nullable(ammoSchema),
  zone2: z.nullable(ammoSchema),
  zone3: z.nullable(ammoSchema),
  zone4: z.nullable(ammoSchema)
});

/** The ship stat tracking sheet (SPEC B.2 `WwShip`). */
export const sheetSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  className: z.string().check(z.maxLength(80)),
  /** A snapshot of the ship's chart, so the log stays reproducible if the chart is edited later. */
  chart: shipChartSchema,
  crewSkill: crewSkillSchema,
  hull: pointsSchema,
  rigging: pointsSchema,
  crew: pointsSchema,
  /** Set in Maintenance Part 1 and used from the next movement; null until first set. */
  speedSetting: z.nullable(sailSettingSchema),
  pendingSpeed: z.nullable(sailSettingSchema),
  /** "it will take you a turn to get your boys to the capstan and raise that anchor". */
  isRaisingAnchor: z.boolean(),
  turnsBeyondRedArrows: count(),
  loaded: loadedSchema,
  /** Batteries that fired this turn (cleared at the start of each turn). */
  firedThisTurn: z.array(batterySchema),
  hasAttackedThisTurn: z.boolean(),
  /** An upgrade ended this ship's turn ("End of your turn."). */
  hasEndedTurn: z.boolean(),
  boarding: z.nullable(boardingStateSchema),
  lootCard: z.nullable(lootCardSchema),
  upgradeCards: z.array(upgradeCardSchema),
  appliedUpgrades: z.array(upgradeCardSchema),
  percentModifiers: z.array(percentModifierSchema),
  status: z.enum(['active', 'captured', 'sunk']),
  notes: text(2000),
  /** Step 1 done this turn: the sail she moved at, or 'still' when she did not move (B.4.3). One
   *  move per ship per step; "Are you moving? Nay?" (B.4.4) reads it. Absent in older logs. */
  moveThisTurn: z.optional(z.nullable(z.enum(['full', 'battle', 'trim', 'still']))),
  /** The ship whose boarders took her (B.4.7 step 6): the ship that loots her (B.4.8). */
  capturedBy: z.optional(z.nullable(z.string().check(z.maxLength(80)))),
  /** Looted once: "either the upgrade cards … or the amount listed on the loot card" (B.4.8). */
  lootedBy: z.optional(z.nullable(z.string().check(z.maxLength(80))))
});

/** A player of the fleet-purchase game (SPEC B.2 `WwPlayer`). */
export const playerStateSchema = z.strictObject({
  /** £, never below zero (B.4.1 step 4). */
  funds: count(),
  captain: z.nullable(captainCardSchema)
});

/** System-global state: each player's funds and captain, and the user-entered charts and cards. */
export const systemStateSchema = z.strictObject({
  players: z.record(z.string().check(z.minLength(1), z.maxLength(80)), playerStateSchema),
  charts: z.array(shipChartSchema),
  captainCards: z.array(captainCardSchema),
  lootCards: z.array(lootCardSchema),
  upgradeCards: z.array(upgradeCardSchema),
  /** Whose turn it is when turns go by player (option `turnStructure`, B.5 #17); absent: the first. */
  activePlayer: z.optional(z.nullable(z.string().check(z.maxLength(80))))
});

/** What `loadSchemas` gives: one object, so each sheet move is made once per system. */
export const SCHEMAS: SystemSchemas<Sheet> = { sheet: sheetSchema, systemState: systemStateSchema };
