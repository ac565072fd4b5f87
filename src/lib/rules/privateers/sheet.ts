import type * as z from 'zod/mini';
import type { NewSheet } from '../../engine/system';
import type * as schema from './sheet-schema';
import { OFFICER_ROLES, RATING_CHART, type OfficerRole, type Rating } from './tables';

// The Privateers ship log (SPEC C.2 PvShip). Chart fields (masts, rates, points, guns…) come from
// the "Ship Charts for Privateers" the text refers to but does not contain ([USER DATA], C.6), so the
// default sheet is empty and a ship class is the same chart fields, entered by the user.
// The types are the schemas' (sheet-schema.ts), imported as types only: the fold, the panels and
// the views read a log without a parse and load no zod (issue 40).

export type Gun = z.infer<typeof schema.gunSchema>;
export type Officer = z.infer<typeof schema.officerSchema>;
export type Assignments = z.infer<typeof schema.assignmentsSchema>;
export type TurnEvents = z.infer<typeof schema.turnEventsSchema>;
export type Sheet = z.infer<typeof schema.sheetSchema>;
export type ShipClass = z.infer<typeof schema.shipClassSchema>;
export type ShipOrder = z.infer<typeof schema.shipOrderSchema>;
export type SealedOrder = z.infer<typeof schema.sealedOrderSchema>;
export type FireInProgress = z.infer<typeof schema.fireInProgressSchema>;
export type SystemState = z.infer<typeof schema.systemStateSchema>;

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
  cls: Gun['cls'];
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
