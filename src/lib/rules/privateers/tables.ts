// Privateers (Hal Thinglum, MWAN #108): every table of SPEC Part C.3 as typed data.
// Each constant quotes the source text (privateers.txt) and names its spec section. Display text
// lives beside stable ids; procedures in resolve-*.ts and odds in odds*.ts read only these constants
// and tables-play.ts's, the tables of the phases' actions (apart: a deep link loads only these).

export type Rating = 0 | 1 | 2;
export type SailLevel = 0 | 1 | 2 | 3;
export type PointOfSail = 'inIrons' | 'beating' | 'broadReaching' | 'running';
export type Maneuver = 'straight' | 'starboard' | 'larboard' | 'heaveTo' | 'tack';
export type GunClass = 'swivel' | 'light' | 'medium' | 'heavy' | 'extraHeavy';
export type GunLoad = 'ball' | 'shotAndGrape' | 'grape';
export type DamageColumn = 'shotAndGrape' | 'swivelGrape' | 'ballLow' | 'ballHigh';
export type OfficerRole = 'captain' | 'firstLt' | 'master' | 'gunner';
export type Aim = 'low' | 'high';
export type RangeBandId = 'short' | 'medium' | 'long';

export const OFFICER_ROLES: readonly OfficerRole[] = ['captain', 'firstLt', 'master', 'gunner'];
export const OFFICER_LABELS: Record<OfficerRole, string> = {
  captain: 'Captain',
  firstLt: '1st Lt.',
  master: 'Master',
  gunner: 'Gunner'
};

/** C.1 "Turn Sequence 1. Place Maneuver & Sail Settings Cards 2. Mark Crew Assignments 3. Dice For
 *  Initiative & Reload 4. Movement & Firing 5. Grappling & Boarding Actions 6. Morale & Sinkings" */
export const TURN_PHASES = [
  { id: 'orders', number: 1, name: 'Place Maneuver & Sail Settings Cards' },
  { id: 'crew', number: 2, name: 'Mark Crew Assignments' },
  { id: 'initiativeReload', number: 3, name: 'Dice For Initiative & Reload' },
  { id: 'movementFiring', number: 4, name: 'Movement & Firing' },
  { id: 'grapplingBoarding', number: 5, name: 'Grappling & Boarding Actions' },
  { id: 'moraleSinkings', number: 6, name: 'Morale & Sinkings' }
] as const;
export type PhaseId = (typeof TURN_PHASES)[number]['id'];

/** C.3.1 "Rating Officers & Crews Die Captain 1st LT. Master Gunner Crew Rating 1-2 Landlubber
 *  Midshipman Helmsman Powder Monkey Swabs 0 3-5 Sea Dog Competent Navigator Sure Shot Seaman 1 6 Old
 *  Salt Oak Grand Mariner Marksman Tars 2" — "rolling a six sided [d]ie per chart". */
export const RATING_CHART: readonly {
  faces: readonly number[];
  rating: Rating;
  titles: Record<OfficerRole | 'crew', string>;
}[] = [
  {
    faces: [1, 2],
    rating: 0,
    titles: {
      captain: 'Landlubber',
      firstLt: 'Midshipman',
      master: 'Helmsman',
      gunner: 'Powder Monkey',
      crew: 'Swabs'
    }
  },
  {
    faces: [3, 4, 5],
    rating: 1,
    titles: {
      captain: 'Sea Dog',
      firstLt: 'Competent',
      master: 'Navigator',
      gunner: 'Sure Shot',
      crew: 'Seaman'
    }
  },
  {
    faces: [6],
    rating: 2,
    titles: {
      captain: 'Old Salt',
      firstLt: 'Oak',
      master: 'Grand Mariner',
      gunner: 'Marksman',
      crew: 'Tars'
    }
  }
];

/** C.3.3 Sail settings. `firingMod` null = "No Fire Allowed". Crew per mast "including bow sprit". */
export const SAIL_SETTINGS: readonly {
  level: SailLevel;
  id: 'noSail' | 'fighting' | 'medium' | 'full';
  label: string;
  firingMod: number | null;
  crewPerMast: number;
  quote: string;
}[] = [
  {
    level: 0,
    id: 'noSail',
    label: 'No Sail',
    firingMod: 1,
    crewPerMast: 0,
    quote: 'No Sail: The normal setting for a ship at anchor. … No Sail: +1'
  },
  {
    level: 1,
    id: 'fighting',
    label: 'Fighting Sail',
    firingMod: 0,
    crewPerMast: 1,
    quote: 'This sail setting requires one crew per mast, including bow sprit.'
  },
  {
    level: 2,
    id: 'medium',
    label: 'Medium Sail',
    firingMod: -1,
    crewPerMast: 2,
    quote:
      'The ship fires its guns with a -1 modifier at this setting. … Requires two crew per mast'
  },
  {
    level: 3,
    id: 'full',
    label: 'Full Sail',
    firingMod: null,
    crewPerMast: 3,
    quote:
      'No firing is allowed at this speed. … Requires three crew per mast, including the bow sprit.'
  }
];

/** C.3.12 Other crew requirements. */
export const CREW_REQUIREMENTS = {
  /** "For cannon to be fired, it must be manned by one crew." */
  perGun: 1,
  /** "Two crew members must be assigned every turn" (pumps) */
  pumps: 2,
  /** "It takes two crew men to lower or recover a ship's boat." */
  perBoat: 2,
  /** "One crew man may be assigned to each mast to act as a marksman" */
  marksmenPerMast: 1,
  /** "must assign 2 crew to tiller deck" */
  tiller: 2
} as const;

/** C.3.15 "Lost of a mast reduces speed capabilities by one level on three masted ships and two
 *  levels on two masted ships." Others [DEFAULT C.5 #26]: 1 level per mast. */
export const MAST_LOSS_LEVELS: Record<number, number> = { 2: 2, 3: 1 };

export type MoraleTrigger =
  | 'captainHit'
  | 'onFire'
  | 'hullThreeQuarters'
  | 'riggingThreeQuarters'
  | 'sternRakeTaken'
  | 'crewHalf'
  | 'boardingLost';

export type MoraleResult = 'pass' | 'disordered' | 'strike';
