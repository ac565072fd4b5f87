import type { PvOptions } from './options';
import type {
  DamageColumn,
  GunClass,
  Maneuver,
  MoraleResult,
  MoraleTrigger,
  OfficerRole,
  PointOfSail,
  RangeBandId
} from './tables';

// Privateers' tables of the phases' actions (SPEC C.3): points of sail, maneuvers, firing, damage,
// critical and officer hits, task checks, boarding, collision, morale triggers and results. Apart
// from tables.ts, which holds what a battle's first screen reads (ratings, sail settings, the turn's
// phases, crew needs): a deep link to a phase that acts on none of these loads none of them (issue
// 40). Each constant quotes the source text (privateers.txt) and names its spec section, as in
// tables.ts.

/** C.3.2 Points of sail; θ = angle between the bow and the wind's source, 0–180°. Boundaries go to
 *  the sector farther from the wind [DEFAULT `pointOfSailBoundary='boundaryGoesAft'`, C.5 #14]. */
export const POINTS_OF_SAIL: readonly {
  id: PointOfSail;
  label: string;
  fromDeg: number;
  quote: string;
}[] = [
  {
    id: 'inIrons',
    label: 'In Irons',
    fromDeg: 0,
    quote: 'Wind straight ahead to 45 degrees either side of the bow. No movement allowed.'
  },
  {
    id: 'beating',
    label: 'Beating',
    fromDeg: 45,
    quote: 'Wind from 45 degrees to 90 degrees from straight ahead to either side of the bow.'
  },
  {
    id: 'broadReaching',
    label: 'Broad Reaching',
    fromDeg: 90,
    quote: 'Wind from 90 degrees to 45 degrees from either side of the stern.'
  },
  {
    id: 'running',
    label: 'Running',
    fromDeg: 135,
    quote: 'Wind from directly behind to 45 degrees from either stern.'
  }
];

/** C.3.4 Maneuver cards. */
export const MANEUVERS: readonly { id: Maneuver; label: string; quote: string }[] = [
  {
    id: 'straight',
    label: 'Straight',
    quote:
      'Ship must move in a straight line for its entire movement allotment even if it would result in a collision.'
  },
  {
    id: 'starboard',
    label: 'Starboard',
    quote:
      'Ship must move half its movement allotment straight ahead, then … may be angled up to, but not exceeding 45 degrees to starboard'
  },
  {
    id: 'larboard',
    label: 'Larboard/Port',
    quote: 'Same procedure as turning to starboard, except you turn to the left.'
  },
  {
    id: 'heaveTo',
    label: 'Heaving To',
    quote:
      'A ship that is beating moves half its movement allotment, then pivots by its stern until it is broadside to the wind, and comes to a stop.'
  },
  {
    id: 'tack',
    label: 'Tacking',
    quote: "When a ship's turning movement requires it to cross the wind it is said to be tacking."
  }
];

/** C.3.5 "Damage Dice (6 Sided) Swivel Guns: 1 Die Light Guns: 1 Die Medium: 2 Die Guns Heavy Guns:
 *  3 Die Extra Heavy: Per Scenario" — null = per scenario [USER DATA] (gun.extraHeavyDice). */
export const DAMAGE_DICE_PER_CLASS: Record<GunClass, number | null> = {
  swivel: 1,
  light: 1,
  medium: 2,
  heavy: 3,
  extraHeavy: null
};

export const GUN_CLASS_LABELS: Record<GunClass, string> = {
  swivel: 'Swivel',
  light: 'Light',
  medium: 'Medium',
  heavy: 'Heavy',
  extraHeavy: 'Extra Heavy'
};

/** C.4.9 "+Heavy gun first then next largest" — largest first. */
export const GUN_CLASS_ORDER: readonly GunClass[] = [
  'extraHeavy',
  'heavy',
  'medium',
  'light',
  'swivel'
];

/** C.3.6 "Range Distance FireLow Fire High Short 0-12" 1-9 1-6 Medium 12"-24" 1-6 1-3 Long 24"-36"
 *  1-3 N/A" — the hit roll is a d12 (C.5 #1); `high: null` = N/A. Upper bounds inclusive
 *  [DEFAULT `rangeBoundary='upperInclusive'`, C.5 #15]. */
export const FIRING_CHART: readonly {
  band: RangeBandId;
  upTo: number;
  low: number;
  high: number | null;
}[] = [
  { band: 'short', upTo: 12, low: 9, high: 6 },
  { band: 'medium', upTo: 24, low: 6, high: 3 },
  { band: 'long', upTo: 36, low: 3, high: null }
];

/** C.3.6 "Land Based Guns Add 12" To Each Range" read two ways (C.5 #16, option `landRangeMode`). */
export const LAND_RANGE_UPPER_BOUNDS: Record<'shiftUpper' | 'widenEach', readonly number[]> = {
  shiftUpper: [24, 36, 48],
  widenEach: [24, 48, 72]
};

/** C.3.7 "Firing Modifiers Gunner Sights Gun*: +2 No Sail: +1 Fighting Sail: None Medium Sail: -1
 *  Full Sail: No Fire Allowed Double Shot**: +1/2 Damage Dice Stern Rake: 2x Damage Dice Bow Rake:
 *  +1/2 damage Dice". Hit-range modifiers widen the range (C.5 #3); dice modifiers are the extra
 *  fraction of base dice (stern rake 2x = +1). */
export const FIRING_MODIFIERS = {
  gunnerSightsGun: 2,
  doubleShotExtraDice: 0.5,
  sternRakeExtraDice: 1,
  bowRakeExtraDice: 0.5
} as const;

export type CriticalEffect =
  | 'captain'
  | 'firstLt'
  | 'master'
  | 'gunner'
  | 'mast'
  | 'fire'
  | 'rudder'
  | 'helmTiller'
  | 'waterLine'
  | 'doubleHull'
  | 'doubleRigging';

export const CRITICAL_LABELS: Record<CriticalEffect, string> = {
  captain: 'Captain',
  firstLt: '1st Lt.',
  master: 'Master',
  gunner: 'Gunner',
  mast: 'Mast',
  fire: 'Fire',
  rudder: 'Rudder',
  helmTiller: 'Helm/Tiller',
  waterLine: 'Water Line',
  doubleHull: '2x Hull Pts',
  doubleRigging: '2x Rigging Pts'
};

/** C.3.8 "Critical Hits (12 sided Dice) Firing Low Firing High 1 Captain 1 Captain 2 1st Lt. 2 1st
 *  Lt. 3 Master 3 Master 4 Gunner 4 Mast 5 Mast 5 Mast 6 Fire 6 Fire 7 Rudder 7 Helm/Tiller 8
 *  Helm/Tiller 8 Mast 9 Water Line 9 2x Rigging Pts 10 Water Line 10 2x Rigging Pts 11 2x Hull Pts 11
 *  2x Rigging Pts 12 2x Hull Pts 12 2x Rigging Pts". Index = d12 face − 1. */
export const CRITICAL_HITS: readonly { face: number; low: CriticalEffect; high: CriticalEffect }[] =
  [
    { face: 1, low: 'captain', high: 'captain' },
    { face: 2, low: 'firstLt', high: 'firstLt' },
    { face: 3, low: 'master', high: 'master' },
    { face: 4, low: 'gunner', high: 'mast' },
    { face: 5, low: 'mast', high: 'mast' },
    { face: 6, low: 'fire', high: 'fire' },
    { face: 7, low: 'rudder', high: 'helmTiller' },
    { face: 8, low: 'helmTiller', high: 'mast' },
    { face: 9, low: 'waterLine', high: 'doubleRigging' },
    { face: 10, low: 'waterLine', high: 'doubleRigging' },
    { face: 11, low: 'doubleHull', high: 'doubleRigging' },
    { face: 12, low: 'doubleHull', high: 'doubleRigging' }
  ];

export type DamageResult =
  | { kind: 'hull'; points: number }
  | { kind: 'rigging'; points: number }
  | { kind: 'crew' }
  | { kind: 'gun' }
  | { kind: 'officer' };

const hull = (points: number): DamageResult => ({ kind: 'hull', points });
const rig = (points: number): DamageResult => ({ kind: 'rigging', points });
const CREW: DamageResult = { kind: 'crew' };
const GUN: DamageResult = { kind: 'gun' };
const OFFICER: DamageResult = { kind: 'officer' };

/** C.3.9 "Damage Dice Table Dice Roll Shot & Grape Swivel/Grape Ball Low Ball High 1 1 Hull Point
 *  Crew 1 Hull Point 1 Rigging Point 2 2 Hull Points Crew 2 Hull Points 2 Rigging Points 3 3 Hull
 *  Points Crew 3 Hull Points 3 Rigging Points 4 Crew Crew 4 Hull Points 4 Rigging Points 5 Crew Crew
 *  Crew Crew 6 Gun+ Ofricer* Gun+ Crew" (reconstruction C.5 #7). Index = d6 face − 1. */
export const DAMAGE_DICE_TABLE: Record<DamageColumn, readonly DamageResult[]> = {
  shotAndGrape: [hull(1), hull(2), hull(3), CREW, CREW, GUN],
  swivelGrape: [CREW, CREW, CREW, CREW, CREW, OFFICER],
  ballLow: [hull(1), hull(2), hull(3), hull(4), CREW, GUN],
  ballHigh: [rig(1), rig(2), rig(3), rig(4), CREW, CREW]
};

export const DAMAGE_COLUMN_LABELS: Record<DamageColumn, string> = {
  shotAndGrape: 'Shot & Grape',
  swivelGrape: 'Swivel/Grape',
  ballLow: 'Ball Low',
  ballHigh: 'Ball High'
};

/** C.3.10 "Officer Hits 1 Captain 2 1st Lt. 3 Master 4 Gunner 5 Master & Gunner 6 1st Lt & Master".
 *  Index = d6 face − 1. */
export const OFFICER_HITS: readonly (readonly OfficerRole[])[] = [
  ['captain'],
  ['firstLt'],
  ['master'],
  ['gunner'],
  ['master', 'gunner'],
  ['firstLt', 'master']
];

/** C.3.11 d12 task checks. Thresholds are "modified roll ≥ value" unless stated. */
export const TASK_CHECKS = {
  /** "A modified dice roll of 7 or more on a 12 sided die is needed to be loaded." */
  reload: 7,
  /** "* When Gunner is assigned, gun will reload with 6." */
  reloadGunnerSighted: 6,
  /** "** Firing double shorted guns requires modified reload roll of 10 or more." */
  reloadDoubleShot: 10,
  /** "a modified roll (use initiative modifier) of four or above, and the maneuver is successful" */
  tack: 4,
  /** "Roll for losing a mast at 3 of 12 probability" — [DEFAULT] faces 1–3 lose it. */
  takenAbackMastLostUpTo: 3,
  /** "a modified dice roll of 8 … the first turn, 10 on the second turn and 12 on the third turn" */
  fire: [8, 10, 12] as readonly number[],
  /** "A fire does 5 points damage per turn that they bum" */
  fireDamage: 5,
  /** "the ship suffers an additional 5 points damage to the hull per turn un-pumped" */
  pumpDamage: 5,
  /** "Such damage will take a modified dice roll of 10 on a 12 sided dice to be cleared." */
  damageControl: 10,
  /** "a modified roll of 12 on a 12 sided dice must be made" */
  juryRig: 12,
  /** "Roll a 12 sided dice for each crew assigned with an 8 or better needed." */
  grapple: 8,
  /** "with 1- 3 on a 12-sided die needed for a hit (1 -4 for a marine)" */
  marksmanCrewUpTo: 3,
  marksmanMarineUpTo: 4,
  /** "Roll a six sided dice for damage: 1-5 crew, 6 officer, roll for officer." */
  marksmanOfficerFace: 6,
  /** "On a roll of 8-12 the ships are entangled." */
  entangle: 8
} as const;

/** C.3.13 "Crew 1 die/man Officers 2 die/man Marines 3 die/man" — "1's being hits". */
export const BOARDING_DICE = { crew: 1, officer: 2, marine: 3, hitFace: 1 } as const;

/** C.3.14 "Ramming boat throws a 6 sided dice for hull damage, and also throws a 12 sided dice for
 *  entanglement. … Rammed boat throws ace per ramming ship's speed: 1 /fighting sail, 2/medium sail,
 *  and 3/full sail". `rammedDiceBySail[s]`; No Sail (drifting) = 1 [DEFAULT C.4.11 step 3]. */
export const COLLISION = {
  rammerDice: 1,
  entangleFrom: 8,
  rammedDiceBySail: [1, 1, 2, 3] as readonly number[]
} as const;

/** C.3.16 "Morale When to check Captain/Commander hit Ship on fire Each turn hull points +3/4 damage
 *  Each turn ship rigging points + 3/4 damage Stern rake taken Every turn crew casualties exceed 1/2
 *  Defender losses boarding action". */
export const MORALE_TRIGGERS: readonly { id: MoraleTrigger; quote: string }[] = [
  { id: 'captainHit', quote: 'Captain/Commander hit' },
  { id: 'onFire', quote: 'Ship on fire' },
  { id: 'hullThreeQuarters', quote: 'Each turn hull points +3/4 damage' },
  { id: 'riggingThreeQuarters', quote: 'Each turn ship rigging points + 3/4 damage' },
  { id: 'sternRakeTaken', quote: 'Stern rake taken' },
  { id: 'crewHalf', quote: 'Every turn crew casualties exceed 1/2' },
  { id: 'boardingLost', quote: 'Defender losses boarding action' }
];

/** C.3.17 "Morale Results Use 12 Sided Die 1-6: Make [Pass] 7: Fail by One [Disordered] 8-12: Fail
 *  by 2 or More [Strike]" — results below 1 pass, above 12 strike. */
export const MORALE_RESULTS: readonly { upTo: number; result: MoraleResult; label: string }[] = [
  { upTo: 6, result: 'pass', label: 'Make [Pass]' },
  { upTo: 7, result: 'disordered', label: 'Fail by One [Disordered]' },
  { upTo: Number.POSITIVE_INFINITY, result: 'strike', label: 'Fail by 2 or More [Strike]' }
];

/** The row of MORALE_RESULTS a modified roll falls in (the engines' loops; `moraleResultFor` in
 *  resolve-morale.ts checks a number from elsewhere first). */
export function moraleResultOf(modified: number): MoraleResult {
  for (const row of MORALE_RESULTS) if (modified <= row.upTo) return row.result;
  return 'strike';
}

/** C.3.18 "Morale Modifiers (Add or Substract From Dice Roll) Captain "Landlubber" 0 Captain "Sea
 *  Dog" -1 Captain "Old Salt" -2 Crew "Swobs" 0 Crew "Seaman" -1 Crew "Tars" -2 Crew is Disordered
 *  +1". Rating r gives −r (the commander's rating when the Captain is out, C.5 #37). */
export const MORALE_MODIFIERS = {
  captain: { Landlubber: 0, 'Sea Dog': -1, 'Old Salt': -2 },
  crew: { Swobs: 0, Seaman: -1, Tars: -2 },
  disordered: 1
} as const;

/** Damage dice (the engines' loops; `diceCount` in resolve-gunnery.ts checks a number from
 *  elsewhere first) for base dice B of which D are double-shotted (see damageDiceFor). Exact in
 *  quarter-dice so no float rounding creeps in. */
export function diceCountOf(
  base: number,
  ds: number,
  rakes: { stern: boolean; bow: boolean },
  options: Pick<PvOptions, 'damageMultiplierCombine' | 'fractionalDice'>
): number {
  let quarters: number;
  if (options.damageMultiplierCombine === 'additive') {
    const extra = rakes.stern
      ? FIRING_MODIFIERS.sternRakeExtraDice
      : rakes.bow
        ? FIRING_MODIFIERS.bowRakeExtraDice
        : 0;
    quarters = 4 * base * (1 + extra) + 4 * FIRING_MODIFIERS.doubleShotExtraDice * ds;
  } else {
    const rake = rakes.stern ? 2 : rakes.bow ? 1.5 : 1;
    quarters = 4 * (base + FIRING_MODIFIERS.doubleShotExtraDice * ds) * rake;
  }
  quarters = Math.round(quarters);
  return options.fractionalDice === 'roundUpPerToss'
    ? Math.ceil(quarters / 4)
    : Math.floor(quarters / 4);
}

/** "2x Hull Pts" / "2x Rigging Pts" (C.5 #13). */
export function twoXOf(points: number, options: Pick<PvOptions, 'twoXPoints'>): number {
  return options.twoXPoints === 'doubleTossPoints' ? 2 * points : points + 2;
}

/** Damage dice one fire can have: 1,000 guns' worth, far beyond any ship (sheet.ts). */
export const MAX_DAMAGE_DICE = 10_000;

/** Step 4.2: "casualties will be extracted at an even rate between marines and crew" — the odd one
 *  to the crew [DEFAULT]; when one type runs out the rest fall on the other. */
export function splitCasualtiesOf(
  n: number,
  crew: number,
  marines: number,
  oddToCrew = true
): { crew: number; marines: number } {
  let m = Math.min(marines, oddToCrew ? Math.floor(n / 2) : Math.ceil(n / 2));
  let c = n - m;
  if (c > crew) {
    m = Math.min(marines, m + (c - crew));
    c = crew;
  }
  return { crew: c, marines: Math.min(m, marines) };
}
