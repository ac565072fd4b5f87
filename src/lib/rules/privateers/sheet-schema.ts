import * as z from 'zod/mini';
import type { SystemSchemas } from '../../engine/system';
import type { Sheet } from './sheet';

// The Privateers ship log's and system state's zod schemas (SPEC C.2 PvShip), apart from their types
// (sheet.ts): they are loaded where a log enters the battle (the sheet moves, an import, a merge,
// the upgrade pass, the class editor), never to read one (issue 40: a deep-linked battle loads no zod).

const count = () => z.int().check(z.gte(0), z.lte(100000));
/** Crew and marines: up to the 1,000 a side the boarding odds handle exactly (odds-boarding.ts). */
const party = () => z.int().check(z.gte(0), z.lte(1000));
const rating = z.literal([0, 1, 2]);
const sailLevel = z.literal([0, 1, 2, 3]);
const points = z.strictObject({ points: count(), damage: count() });

export const gunClassSchema = z.enum(['swivel', 'light', 'medium', 'heavy', 'extraHeavy']);
/** Side of the ship the gun is mounted on; "alternate sides" for Gun+ results uses the two broadsides.
 *  'land': a land battery's gun (C.2 PvGun mount 'land'; "Land Based Guns Add 12" To Each Range"). */
export const gunSideSchema = z.enum(['starboard', 'larboard', 'bow', 'stern', 'land']);

export const gunSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  cls: gunClassSchema,
  /** "Extra Heavy: Per Scenario" [USER DATA]; ignored for other classes. */
  extraHeavyDice: z.int().check(z.gte(0), z.lte(12)),
  side: gunSideSchema,
  /** "Each gun bears a 45 degree arc per gun port … Swivels … 180 … some … 360" */
  arcDeg: z.literal([45, 180, 360]),
  load: z.enum(['ball', 'shotAndGrape', 'grape']),
  loaded: z.boolean(),
  doubleShot: z.boolean(),
  /** Designated for double shot at the next reload (C.4.5). */
  doubleShotOrdered: z.boolean(),
  destroyed: z.boolean()
});

export const officerSchema = z.strictObject({ rating, present: z.boolean() });

const ratesSchema = z.tuple([count(), count(), count()]);
export const sailingRatesSchema = z.strictObject({
  beating: ratesSchema,
  broadReaching: ratesSchema,
  running: ratesSchema
});

export const assignmentsSchema = z.strictObject({
  sailing: count(),
  /** gun ids manned this turn, 1 crew each */
  gunCrews: z.array(z.string()),
  /** gun id the Gunner sights (+2 to hit, reloads with 6) */
  gunnerSights: z.nullable(z.string()),
  pumps: count(),
  fireFighters: count(),
  damageControl: count(),
  juryRig: count(),
  boats: count(),
  grapplers: count(),
  grappleCutters: count(),
  marksmen: z.strictObject({ crew: count(), marines: count() }),
  tiller: count(),
  anchor: count()
});

/** Triggers gathered during the turn for Phase 6 (C.3.16), cleared at the end of the turn. */
export const turnEventsSchema = z.strictObject({
  commanderHit: z.boolean(),
  wasOnFire: z.boolean(),
  sternRakeTaken: z.boolean(),
  boardingLost: z.boolean()
});

export const sheetSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  className: z.string().check(z.maxLength(80)),
  /** A fortification / land battery: land ranges, fires low only (C.4.13). */
  isFortification: z.boolean(),
  /** C.2 PvFortification.independentBatteries: groups of gun ids that "roll individually" for reload
   *  (C.4.5 step 1). Absent or empty: the whole fortification rolls once. */
  independentBatteries: z.optional(z.array(z.array(z.string().check(z.maxLength(40))))),
  /** Turn on which this ship or fortification took the one critical of its "dice toss" under
   *  `tossGrouping = 'perTargetPerPhase'` (Errata 8; fire happens only in Phase 4, so turn = phase). */
  tossCriticalTurn: z.optional(z.nullable(z.int())),
  rig: z.enum(['squareRigged', 'foreAndAft']),
  masts: z.int().check(z.gte(0), z.lte(10)),
  bowsprit: z.boolean(),
  mastsLost: z.int().check(z.gte(0), z.lte(10)),
  mastsJuryRigged: z.int().check(z.gte(0), z.lte(10)),
  sailingRates: sailingRatesSchema,
  hull: points,
  rigging: points,
  crew: z.strictObject({ initial: party(), current: party() }),
  marines: z.strictObject({ initial: party(), current: party() }),
  crewRating: rating,
  officers: z.strictObject({
    captain: officerSchema,
    firstLt: officerSchema,
    master: officerSchema,
    gunner: officerSchema
  }),
  guns: z.array(gunSchema),
  boats: z.strictObject({ total: count(), lowered: count() }),
  // movement
  sail: sailLevel,
  prevSail: sailLevel,
  maneuver: z.enum(['straight', 'starboard', 'larboard', 'heaveTo', 'tack']),
  /** Compass heading of the bow in degrees [APP]; the referee keeps it for the point of sail. */
  headingDeg: z.number().check(z.gte(0), z.lt(360)),
  anchored: z.boolean(),
  weighAnchor: z.nullable(z.strictObject({ crew: count(), turnsLeft: count() })),
  heaveTo: z.nullable(z.strictObject({ sailBefore: sailLevel })),
  tack: z.enum(['none', 'headToWind', 'takenAback']),
  // damage
  onFire: z.strictObject({
    burning: z.boolean(),
    attempt: z.literal([0, 1, 2, 3]),
    ignitedOnTurn: z.nullable(z.int())
  }),
  waterline: z.boolean(),
  /** Turn at whose end the pumps were first needed (C.4.16 step 2 [DEFAULT]: damage from the next). */
  pumpsNeededSince: z.nullable(z.int()),
  rudderHit: z.boolean(),
  helmHit: z.strictObject({
    straightNextTurn: z.boolean(),
    tillerCrewRequired: z.boolean(),
    hitOnTurn: z.nullable(z.int())
  }),
  wreckage: count(),
  grapples: count(),
  entangledWith: z.array(z.string()),
  gunHitsTaken: count(),
  // morale and fate
  disordered: z.boolean(),
  struck: z.boolean(),
  sinking: z.boolean(),
  sunk: z.boolean(),
  burnedUp: z.boolean(),
  turnEvents: turnEventsSchema,
  assignments: assignmentsSchema,
  notes: z.string().check(z.maxLength(2000))
});

/** A ship class: the chart fields of the log ("9 ship charts" referred to, not contained: C.6). */
export const shipClassSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(60)),
  className: z.string().check(z.minLength(1), z.maxLength(80)),
  rig: z.enum(['squareRigged', 'foreAndAft']),
  masts: z.int().check(z.gte(0), z.lte(10)),
  bowsprit: z.boolean(),
  sailingRates: sailingRatesSchema,
  hullPoints: count(),
  riggingPoints: count(),
  crew: party(),
  marines: party(),
  boats: count(),
  guns: z.array(
    z.strictObject({
      cls: gunClassSchema,
      extraHeavyDice: z.int().check(z.gte(0), z.lte(12)),
      side: gunSideSchema,
      arcDeg: z.literal([45, 180, 360]),
      count: z.int().check(z.gte(1), z.lte(200))
    })
  )
});

export const boardingSchema = z.strictObject({
  attackerId: z.string(),
  defenderId: z.string(),
  startedTurn: z.int(),
  rounds: count()
});

/** Phase 1 orders of one ship (C.4.2): the sail setting and maneuver cards. `fromSail` is the sail
 *  before this turn's orders (the one-level rule is measured from it, also when orders are
 *  re-entered); `revealed` false while option `ordersHidden` keeps them secret (Errata 7). */
export const shipOrderSchema = z.strictObject({
  turn: z.int(),
  fromSail: sailLevel,
  sail: sailLevel,
  maneuver: z.enum(['straight', 'starboard', 'larboard', 'heaveTo', 'tack']),
  revealed: z.boolean()
});

/** Live table (#19): hidden orders given on a player's phone. The public state holds only the
 *  commitment (battle/secret.ts); the orders and salt stay in the seat's private document until
 *  the reveal, which is checked against it. */
export const sealedOrderSchema = z.strictObject({
  turn: z.int(),
  fromSail: sailLevel,
  commitment: z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/))
});

const damageColumn = z.enum(['shotAndGrape', 'swivelGrape', 'ballLow', 'ballHigh']);

/** A cannon fire under way (C.4.7–C.4.8): the hits are rolled and the guns fired; the damage dice,
 *  then the Critical Hits d12 and Officer Hits d6s, are still to roll. Battle state, so it survives
 *  a reload and undo steps back through each roll. */
export const fireInProgressSchema = z.strictObject({
  turn: z.int(),
  firerId: z.string(),
  targetId: z.string(),
  gunIds: z.array(z.string()),
  aim: z.enum(['low', 'high']),
  rake: z.enum(['none', 'bow', 'stern']),
  facingSide: z.enum(['starboard', 'larboard']),
  hits: count(),
  counts: z.strictObject({
    shotAndGrape: count(),
    swivelGrape: count(),
    ballLow: count(),
    ballHigh: count()
  }),
  /** The damage dice once rolled, while the critical / officer dice are still to come. */
  damage: z.nullable(z.array(z.strictObject({ column: damageColumn, face: z.int() })))
});

/** System-global state: the wind (the referee sets it; the text has no wind-change rule, C.6), the
 *  initiative order and the boarding actions under way. */
export const systemStateSchema = z.strictObject({
  windFromDeg: z.number().check(z.gte(0), z.lt(360)),
  initiativeOrder: z.array(z.string()),
  /** The turn the initiative order was rolled for (C.4.4); absent in battles from before it. */
  initiativeTurn: z.optional(z.int()),
  /** Orders by ship id (C.4.2); absent in battles from before it. */
  orders: z.optional(z.record(z.string(), shipOrderSchema)),
  /** Hidden orders sealed on the live table (#19), by ship id; absent when there are none. */
  sealedOrders: z.optional(z.record(z.string(), sealedOrderSchema)),
  /** Ships that made their Phase 4 move (sailing, tack roll, drift, anchoring) this turn: one move
   *  each, and boats only on a turn the ship does not move (C.4.6.8). */
  moved: z.optional(z.strictObject({ turn: z.int(), ids: z.array(z.string()) })),
  /** What each ship (or battery, "shipId#n") did this turn: one reload roll per vessel (C.4.5), one
   *  attempt per Phase 6 task, the morale checks taken. Absent in battles from before it. */
  done: z.optional(
    z.strictObject({ turn: z.int(), tasks: z.record(z.string(), z.array(z.string())) })
  ),
  /** A cannon fire whose damage is still to roll; absent or null when none is under way. */
  fire: z.optional(z.nullable(fireInProgressSchema)),
  boardings: z.array(boardingSchema)
});

/** What `privateers.loadSchemas` gives: one object, so each sheet move is made once per system. */
export const SCHEMAS: SystemSchemas<Sheet> = { sheet: sheetSchema, systemState: systemStateSchema };
