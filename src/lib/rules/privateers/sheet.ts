import * as z from 'zod/mini';
import type { NewSheet } from '../../engine/system';
import { OFFICER_ROLES, RATING_CHART, type OfficerRole, type Rating } from './tables';

// The Privateers ship log (SPEC C.2 PvShip). Chart fields (masts, rates, points, guns…) come from
// the "Ship Charts for Privateers" the text refers to but does not contain ([USER DATA], C.6), so the
// default sheet is empty and a ship class is the same chart fields, entered by the user.

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
export type Gun = z.infer<typeof gunSchema>;

const officerSchema = z.strictObject({ rating, present: z.boolean() });
export type Officer = z.infer<typeof officerSchema>;

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
export type Assignments = z.infer<typeof assignmentsSchema>;

/** Triggers gathered during the turn for Phase 6 (C.3.16), cleared at the end of the turn. */
export const turnEventsSchema = z.strictObject({
  commanderHit: z.boolean(),
  wasOnFire: z.boolean(),
  sternRakeTaken: z.boolean(),
  boardingLost: z.boolean()
});
export type TurnEvents = z.infer<typeof turnEventsSchema>;

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
export type Sheet = z.infer<typeof sheetSchema>;

export const NO_ASSIGNMENTS: Assignments = {
  sailing: 0,
  gunCrews: [],
  gunnerSights: null,
  pumps: 0,
  fireFighters: 0,
  damageControl: 0,
  juryRig: 0,
  boats: 0,
  grapplers: 0,
  grappleCutters: 0,
  marksmen: { crew: 0, marines: 0 },
  tiller: 0,
  anchor: 0
};

export const NO_TURN_EVENTS: TurnEvents = {
  commanderHit: false,
  wasOnFire: false,
  sternRakeTaken: false,
  boardingLost: false
};

/** An empty log: every chart value 0 until the user enters the ship's chart or picks a class. */
export function defaultSheet({ name, className = '' }: NewSheet): Sheet {
  const officer = (): Officer => ({ rating: 0, present: true });
  return {
    name,
    className,
    isFortification: false,
    rig: 'squareRigged',
    masts: 0,
    bowsprit: false,
    mastsLost: 0,
    mastsJuryRigged: 0,
    sailingRates: { beating: [0, 0, 0], broadReaching: [0, 0, 0], running: [0, 0, 0] },
    hull: { points: 0, damage: 0 },
    rigging: { points: 0, damage: 0 },
    crew: { initial: 0, current: 0 },
    marines: { initial: 0, current: 0 },
    crewRating: 0,
    officers: { captain: officer(), firstLt: officer(), master: officer(), gunner: officer() },
    guns: [],
    boats: { total: 0, lowered: 0 },
    sail: 0,
    prevSail: 0,
    maneuver: 'straight',
    headingDeg: 0,
    anchored: false,
    weighAnchor: null,
    heaveTo: null,
    tack: 'none',
    onFire: { burning: false, attempt: 0, ignitedOnTurn: null },
    waterline: false,
    pumpsNeededSince: null,
    rudderHit: false,
    helmHit: { straightNextTurn: false, tillerCrewRequired: false, hitOnTurn: null },
    wreckage: 0,
    grapples: 0,
    entangledWith: [],
    gunHitsTaken: 0,
    disordered: false,
    struck: false,
    sinking: false,
    sunk: false,
    burnedUp: false,
    turnEvents: { ...NO_TURN_EVENTS },
    assignments: { ...NO_ASSIGNMENTS, marksmen: { crew: 0, marines: 0 } },
    notes: ''
  };
}

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
export type ShipClass = z.infer<typeof shipClassSchema>;

/** A fresh log from a class chart; ratings and starting sail come from the scenario (C.4.1). */
export function sheetFromClass(cls: ShipClass, name: string): Sheet {
  const base = defaultSheet({ name, className: cls.className });
  const guns: Gun[] = [];
  for (const g of cls.guns) {
    for (let i = 0; i < g.count; i++) {
      guns.push({
        id: `${g.side}-${g.cls}-${guns.filter((x) => x.side === g.side).length + 1}`,
        cls: g.cls,
        extraHeavyDice: g.extraHeavyDice,
        side: g.side,
        arcDeg: g.arcDeg,
        load: 'ball',
        // "For game purposes, guns are considered to be loaded on the first broadside" (C.4.1 step 3)
        loaded: true,
        doubleShot: false,
        doubleShotOrdered: false,
        destroyed: false
      });
    }
  }
  return {
    ...base,
    rig: cls.rig,
    masts: cls.masts,
    bowsprit: cls.bowsprit,
    sailingRates: structuredClone(cls.sailingRates),
    hull: { points: cls.hullPoints, damage: 0 },
    rigging: { points: cls.riggingPoints, damage: 0 },
    crew: { initial: cls.crew, current: cls.crew },
    marines: { initial: cls.marines, current: cls.marines },
    boats: { total: cls.boats, lowered: 0 },
    guns
  };
}

/** One kind of gun in a fortification set-up form (C.6 "A fortification editor"). */
export interface FortGunGroup {
  cls: z.infer<typeof gunClassSchema>;
  extraHeavyDice: number;
  count: number;
  /** name of the independent battery ("Independent batteries on land roll individually"), or '' */
  battery: string;
}

/** A fortification / land battery as a log (C.2 PvFortification, C.4.13 with Errata 1): guns with
 *  mount 'land', the Gunner and crew ratings (reload), no masts or sail; hull points only if the
 *  scenario gives them ("not defined in the source" [USER DATA]). Captain, 1st Lt. and Master are
 *  absent (a fortification has only "gunnerRating" and "crewRating"). */
export function fortificationSheet(input: {
  name: string;
  guns: readonly FortGunGroup[];
  gunnerRating: Rating;
  hasGunner: boolean;
  crewRating: Rating;
  crew: number;
  hullPoints: number;
}): Sheet {
  const base = defaultSheet({ name: input.name, className: 'Fortification' });
  const guns: Gun[] = [];
  const batteries = new Map<string, string[]>();
  for (const g of input.guns) {
    for (let i = 0; i < g.count; i++) {
      const id = `land-${g.cls}-${guns.filter((x) => x.cls === g.cls).length + 1}`;
      guns.push({
        id,
        cls: g.cls,
        extraHeavyDice: g.extraHeavyDice,
        side: 'land',
        arcDeg: 360,
        load: 'ball',
        loaded: true,
        doubleShot: false,
        doubleShotOrdered: false,
        destroyed: false
      });
      const b = g.battery.trim();
      if (b) batteries.set(b, [...(batteries.get(b) ?? []), id]);
    }
  }
  const absent = (): Officer => ({ rating: 0, present: false });
  return {
    ...base,
    isFortification: true,
    independentBatteries: [...batteries.values()],
    hull: { points: input.hullPoints, damage: 0 },
    crew: { initial: input.crew, current: input.crew },
    crewRating: input.crewRating,
    officers: {
      captain: absent(),
      firstLt: absent(),
      master: absent(),
      gunner: { rating: input.gunnerRating, present: input.hasGunner }
    },
    // A fortification neither sails nor drifts.
    anchored: true,
    guns
  };
}

/** The reload groups of a log (C.4.5 step 1): a ship rolls once for all its guns; a fortification
 *  rolls once per independent battery, and once more for any guns in no battery. */
export function reloadBatteries(s: Sheet): { name: string; gunIds: string[] }[] {
  const all = s.guns.map((g) => g.id);
  if (!s.isFortification || !s.independentBatteries?.length)
    return [{ name: 'all guns', gunIds: all }];
  const named = s.independentBatteries
    .map((ids, i) => ({ name: `battery ${i + 1}`, gunIds: ids.filter((id) => all.includes(id)) }))
    .filter((b) => b.gunIds.length > 0);
  const rest = all.filter((id) => !named.some((b) => b.gunIds.includes(id)));
  return rest.length ? [...named, { name: 'other guns', gunIds: rest }] : named;
}

/** The rating name of an officer or the crew (C.3.1). */
export function ratingTitle(who: OfficerRole | 'crew', r: Rating): string {
  const row = RATING_CHART.find((x) => x.rating === r);
  return row ? row.titles[who] : '';
}

/** Rating from a d6 face on the chart (C.3.1). */
export function ratingFromD6(face: number): Rating | undefined {
  return RATING_CHART.find((x) => x.faces.includes(face))?.rating;
}

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
export type ShipOrder = z.infer<typeof shipOrderSchema>;

/** Live table (#19): hidden orders given on a player's phone. The public state holds only the
 *  commitment (battle/secret.ts); the orders and salt stay in the seat's private document until
 *  the reveal, which is checked against it. */
export const sealedOrderSchema = z.strictObject({
  turn: z.int(),
  fromSail: sailLevel,
  commitment: z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/))
});
export type SealedOrder = z.infer<typeof sealedOrderSchema>;

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
export type FireInProgress = z.infer<typeof fireInProgressSchema>;

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
export type SystemState = z.infer<typeof systemStateSchema>;

export function defaultSystemState(config: { windFromDeg?: number } = {}): SystemState {
  return { windFromDeg: config.windFromDeg ?? 0, initiativeOrder: [], boardings: [] };
}

export { OFFICER_ROLES };

const SIDE_WORDS: Record<Gun['side'], string> = {
  starboard: 'Starboard',
  larboard: 'Larboard',
  bow: 'Bow',
  stern: 'Stern',
  land: 'Land'
};
const CLASS_WORDS: Record<Gun['cls'], string> = {
  swivel: 'swivel',
  light: 'light',
  medium: 'medium',
  heavy: 'heavy',
  extraHeavy: 'extra heavy'
};

/** A gun as the referee names it: its side, class and a number among that side's guns of that class
 *  ("Starboard medium 1"), never its id (#14 item 11). */
export function gunName(guns: readonly Gun[], id: string): string {
  const g = guns.find((x) => x.id === id);
  if (!g) return 'a gun no longer on the log';
  const same = guns.filter((x) => x.side === g.side && x.cls === g.cls);
  return `${SIDE_WORDS[g.side]} ${CLASS_WORDS[g.cls]} ${same.indexOf(g) + 1}`;
}
