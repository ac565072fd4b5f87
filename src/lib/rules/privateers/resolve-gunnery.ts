import { firstProblem, guarded, intIn, isBool, isRecord } from '../../engine/inputs';
import { err, ok, type Result } from '../../engine/result';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { applySinkingFlag, applySpeedCap, isFace } from './movement-reads';
import { commanderRole } from './morale-reads';
import type { Gun, Sheet } from './sheet';
import { applyCrewLosses, destroyGun, gunToDestroy } from './ship-losses';
import {
  SAIL_SETTINGS,
  type Aim,
  type DamageColumn,
  type GunClass,
  type GunLoad,
  type OfficerRole,
  type RangeBandId,
  type SailLevel
} from './tables';
import {
  CRITICAL_HITS,
  DAMAGE_DICE_PER_CLASS,
  DAMAGE_DICE_TABLE,
  FIRING_CHART,
  diceCountOf,
  FIRING_MODIFIERS,
  MAX_DAMAGE_DICE,
  twoXOf,
  LAND_RANGE_UPPER_BOUNDS,
  OFFICER_HITS,
  type CriticalEffect
} from './tables-play';

// Privateers cannon fire (SPEC C.4.7), one toss of damage dice (C.4.8) and gun destruction (C.4.9).
// What a collision and the tasks also do to a ship (a gun destroyed, crew lost) is ship-losses.ts's.
export {
  applyCrewLosses,
  destroyGun,
  gunnerFallback,
  gunnerMoveNote,
  gunToDestroy,
  GUNNER_FALLBACK_NOTE
} from './ship-losses';

/** Damage dice per hit for a gun (C.3.5); extra heavy from the scenario. */
export function gunDamageDice(cls: GunClass, extraHeavyDice = 0): Result<number> {
  const d = DAMAGE_DICE_PER_CLASS[cls];
  if (d !== null) return ok(d);
  if (extraHeavyDice < 1) return err('Extra heavy guns: enter the damage dice "Per Scenario".');
  return ok(extraHeavyDice);
}

/** C.4.7 step 7 range band; land-based guns per `landRangeMode`; boundaries per `rangeBoundary`. */
export function rangeBand(
  distance: number,
  isLandGun: boolean,
  options: PvOptions = DEFAULT_OPTIONS
): Result<RangeBandId> {
  if (!(distance >= 0)) return err('Range must be 0 inches or more.');
  const bounds = isLandGun
    ? LAND_RANGE_UPPER_BOUNDS[options.landRangeMode]
    : FIRING_CHART.map((b) => b.upTo);
  for (let i = 0; i < bounds.length; i++) {
    const inside =
      options.rangeBoundary === 'upperInclusive' ? distance <= bounds[i] : distance < bounds[i];
    if (inside) return ok(FIRING_CHART[i].band);
  }
  return err(`Out of range (beyond ${bounds[bounds.length - 1]}″).`);
}

export interface HitInput {
  band: RangeBandId;
  aim: Aim;
  gunnerSights: boolean;
  firerSail: SailLevel;
  /** Fortifications: [DEFAULT] sail modifiers do not apply (Errata 1). */
  isFortification?: boolean;
}

export interface HitThreshold {
  base: number;
  modifiers: { label: string; value: number }[];
  threshold: number;
}

/** C.4.7 step 8: hit if d12 ≤ base + modifiers (modifiers widen the range, C.5 #3). */
export function hitThreshold(h: HitInput): Result<HitThreshold> {
  const row = FIRING_CHART.find((r) => r.band === h.band);
  if (!row) return err('Unknown range band.');
  const base = h.aim === 'low' ? row.low : row.high;
  // "Long 24"-36" 1-3 N/A" — no modifier makes a high shot possible at long range (C.5 #41).
  if (base === null) return err('Fire High is N/A at Long range.');
  const modifiers: { label: string; value: number }[] = [];
  if (h.gunnerSights)
    modifiers.push({ label: 'Gunner Sights Gun', value: FIRING_MODIFIERS.gunnerSightsGun });
  if (!h.isFortification) {
    const sail = SAIL_SETTINGS[h.firerSail];
    if (sail.firingMod === null) return err('Full Sail: "No firing is allowed at this speed."');
    if (sail.firingMod !== 0) modifiers.push({ label: sail.label, value: sail.firingMod });
  }
  return ok({ base, modifiers, threshold: base + modifiers.reduce((a, m) => a + m.value, 0) });
}

/** C.4.7 step 10 [DEFAULT]: the damage column by gun, load and aim (C.5 #9). */
export function damageColumn(cls: GunClass, load: GunLoad, aim: Aim): Result<DamageColumn> {
  if (cls === 'swivel' || load === 'grape') return ok('swivelGrape');
  if (load === 'shotAndGrape') {
    if (aim === 'high') return err('Shot and grape is fired low only.');
    return ok('shotAndGrape');
  }
  return ok(aim === 'low' ? 'ballLow' : 'ballHigh');
}

/** One gun taking part in a fire group, as the calculators and the battle page describe it. */
export interface FiringGun {
  id: string;
  /** damage dice per hit (C.3.5) */
  dice: number;
  column: DamageColumn;
  doubleShot: boolean;
  threshold: number;
  /** How the threshold is made (the chart's base, then each modifier), for the screens. */
  base?: number;
  modifiers?: readonly { label: string; value: number }[];
}

/** Builds the fire group from a ship's guns: loaded, undestroyed, manned (checked by the caller). */
export function firingGunsFrom(
  guns: readonly Gun[],
  ids: readonly string[],
  common: Omit<HitInput, 'gunnerSights'> & { gunnerSightsId: string | null }
): Result<FiringGun[]> {
  const out: FiringGun[] = [];
  for (const id of ids) {
    const g = guns.find((x) => x.id === id);
    if (!g) return err(`No gun ${id}.`);
    if (g.destroyed) return err(`Gun ${id} is destroyed.`);
    if (!g.loaded) return err(`Gun ${id} is not loaded.`);
    const dice = gunDamageDice(g.cls, g.extraHeavyDice);
    if (!dice.ok) return dice;
    const col = damageColumn(g.cls, g.load, common.aim);
    if (!col.ok) return col;
    const th = hitThreshold({ ...common, gunnerSights: common.gunnerSightsId === id });
    if (!th.ok) return th;
    out.push({
      id,
      dice: dice.value,
      column: col.value,
      doubleShot: g.doubleShot,
      threshold: th.value.threshold,
      base: th.value.base,
      modifiers: th.value.modifiers
    });
  }
  return ok(out);
}

/** C.4.7 step 8: one d12 per gun, in order. */
export function resolveHits(
  guns: readonly FiringGun[],
  faces: readonly number[]
): Result<boolean[]> {
  if (faces.length !== guns.length) return err(`Roll one d12 per gun (${guns.length}).`);
  if (!faces.every((f) => isFace(f, 12))) return err('Hit rolls are d12 faces 1–12.');
  return ok(guns.map((g, i) => faces[i] <= g.threshold));
}

export const COLUMN_ORDER: readonly DamageColumn[] = [
  'shotAndGrape',
  'swivelGrape',
  'ballLow',
  'ballHigh'
];
export type ColumnCounts = Record<DamageColumn, number>;
export const NO_DICE: ColumnCounts = { shotAndGrape: 0, swivelGrape: 0, ballLow: 0, ballHigh: 0 };

export interface Rakes {
  stern: boolean;
  bow: boolean;
}

/**
 * C.4.7 step 9: damage dice of the guns that hit, per column. Additive [DEFAULT]:
 * n = B(1 + ½·bow + 1·stern) + ½·Σ double-shotted c_i; multiplicative: (Σ c_i·(1.5 if double)) ×
 * (2 stern | 1.5 bow | 1). Rounded once per toss [DEFAULT up]; a toss that mixes columns (e.g. swivels
 * with a broadside) rounds once per column [APP].
 */
export function damageDiceFor(
  hits: readonly Pick<FiringGun, 'dice' | 'column' | 'doubleShot'>[],
  rakes: Rakes,
  options: PvOptions = DEFAULT_OPTIONS
): ColumnCounts {
  const out: ColumnCounts = { ...NO_DICE };
  for (const col of COLUMN_ORDER) {
    let base = 0;
    let ds = 0;
    for (const h of hits) {
      if (h.column !== col) continue;
      base += h.dice;
      if (h.doubleShot) ds += h.dice;
    }
    out[col] = diceCountOf(base, ds, rakes, options);
  }
  return out;
}

/** `diceCountOf` (tables.ts) behind its check (issue 17 #9): diceCount(−3) gave −4 dice. */
export const diceCount = guarded(
  (base: number, ds: number, rakes: Rakes, options: PvOptions) =>
    intIn('Damage dice', base, 0, MAX_DAMAGE_DICE) ??
    intIn('Double-shotted dice', ds, 0, typeof base === 'number' ? base : 0) ??
    isRecord('The rakes', rakes) ??
    firstProblem(isBool('Stern rake', rakes.stern), isBool('Bow rake', rakes.bow)) ??
    isRecord('The options', options),
  diceCountOf
);

export interface TossDie {
  column: DamageColumn;
  face: number;
}

/**
 * Errata 8, option `tossGrouping`: what one "dice toss" is ("Only one critical hit per dice toss is
 * counted"). 'perFireGroup' [DEFAULT]: each group of guns fired together is its own toss.
 * 'perTargetPerPhase': every fire at one target in the phase belongs to one toss, so once the target
 * has taken a critical this phase (`tossCriticalTurn`, fire happens only in Phase 4) no later fire at
 * it scores another, and "All other ones are totaled with the hull or rigging point damage".
 * [APP] Dice of different fire groups are rolled as each group bears, so a lone 1 does not pair with
 * a lone 1 of another group.
 */
export function isCriticalSpent(
  target: Pick<Sheet, 'tossCriticalTurn'>,
  turn: number,
  options: PvOptions = DEFAULT_OPTIONS
): boolean {
  return options.tossGrouping === 'perTargetPerPhase' && target.tossCriticalTurn === turn;
}

/** The toss's place in its target's phase (see `isCriticalSpent`). */
export interface TossState {
  isCriticalSpent: boolean;
}
export const FRESH_TOSS: TossState = { isCriticalSpent: false };

/** Which dice of a toss are consumed by the critical: two 1s, taken in COLUMN_ORDER then die order
 *  [APP rule for mixed tosses]; none when `criticalPairCountsAsDamage`, and no critical at all when
 *  the toss already had its one critical (Errata 8). */
export function criticalPair(
  dice: readonly TossDie[],
  options: PvOptions,
  toss: TossState = FRESH_TOSS
): { isCritical: boolean; consumed: number[] } {
  const ones = dice
    .map((d, i) => ({ d, i }))
    .filter((x) => x.d.face === 1)
    .sort(
      (a, b) => COLUMN_ORDER.indexOf(a.d.column) - COLUMN_ORDER.indexOf(b.d.column) || a.i - b.i
    );
  const isCritical = ones.length >= 2 && !toss.isCriticalSpent;
  return {
    isCritical,
    consumed: isCritical && !options.criticalPairCountsAsDamage ? [ones[0].i, ones[1].i] : []
  };
}

/** The column of the critical table: as fired; a toss of Swivel/Grape dice only uses Low [DEFAULT]. */
export function criticalColumn(dice: readonly TossDie[], aim: Aim): Aim {
  return dice.length > 0 && dice.every((d) => d.column === 'swivelGrape') ? 'low' : aim;
}

export interface TossNeeds {
  isCritical: boolean;
  /** Officer* results to roll on C.3.10 (one d6 each). */
  officerRolls: number;
}

/** What extra dice a toss needs before it can be resolved. */
export function tossNeeds(
  dice: readonly TossDie[],
  options: PvOptions = DEFAULT_OPTIONS,
  toss: TossState = FRESH_TOSS
): TossNeeds {
  const { isCritical, consumed } = criticalPair(dice, options, toss);
  let officerRolls = 0;
  dice.forEach((d, i) => {
    if (consumed.includes(i)) return;
    if (DAMAGE_DICE_TABLE[d.column][d.face - 1]?.kind === 'officer') officerRolls++;
  });
  return { isCritical, officerRolls };
}

export interface TossOutcome {
  ones: number;
  consumed: number[];
  critical: { face: number; column: Aim; effect: CriticalEffect } | null;
  /** points before the "2x" critical */
  baseHull: number;
  baseRigging: number;
  hullPoints: number;
  riggingPoints: number;
  crewHits: number;
  gunHits: number;
  officerRolls: { face: number; roles: OfficerRole[] }[];
}

/** C.4.8 one toss: faces of the damage dice, the critical d12 (if ≥ two 1s) and a d6 per Officer*. */
export function resolveToss(
  dice: readonly TossDie[],
  aim: Aim,
  extra: { criticalFace?: number; officerFaces?: readonly number[] },
  options: PvOptions = DEFAULT_OPTIONS,
  toss: TossState = FRESH_TOSS
): Result<TossOutcome> {
  if (!dice.every((d) => isFace(d.face, 6))) return err('Damage dice are d6 faces 1–6.');
  const { isCritical, consumed } = criticalPair(dice, options, toss);
  const needs = tossNeeds(dice, options, toss);
  if (isCritical && (extra.criticalFace === undefined || !isFace(extra.criticalFace, 12)))
    return err('Double ones: roll a d12 on the Critical Hits table.');
  const officerFaces = extra.officerFaces ?? [];
  if (officerFaces.length !== needs.officerRolls || !officerFaces.every((f) => isFace(f, 6)))
    return err(`Roll one d6 per Officer* result (${needs.officerRolls}).`);
  let baseHull = 0;
  let baseRigging = 0;
  let crewHits = 0;
  let gunHits = 0;
  dice.forEach((d, i) => {
    if (consumed.includes(i)) return;
    const r = DAMAGE_DICE_TABLE[d.column][d.face - 1];
    if (r.kind === 'hull') baseHull += r.points;
    else if (r.kind === 'rigging') baseRigging += r.points;
    else if (r.kind === 'crew') crewHits++;
    else if (r.kind === 'gun') gunHits++;
  });
  let critical: TossOutcome['critical'] = null;
  let hullPoints = baseHull;
  let riggingPoints = baseRigging;
  if (isCritical && extra.criticalFace !== undefined) {
    const column = criticalColumn(dice, aim);
    const effect = CRITICAL_HITS[extra.criticalFace - 1][column];
    critical = { face: extra.criticalFace, column, effect };
    if (effect === 'doubleHull') hullPoints = twoXOf(baseHull, options);
    if (effect === 'doubleRigging') riggingPoints = twoXOf(baseRigging, options);
  }
  return ok({
    ones: dice.filter((d) => d.face === 1).length,
    consumed,
    critical,
    baseHull,
    baseRigging,
    hullPoints,
    riggingPoints,
    crewHits,
    gunHits,
    officerRolls: officerFaces.map((f) => ({ face: f, roles: [...OFFICER_HITS[f - 1]] }))
  });
}

/** "2x Hull Pts" / "2x Rigging Pts" (C.5 #13), for points from elsewhere than a toss. */
export const twoX = guarded(
  (points: number, options: PvOptions) =>
    intIn('Points', points, 0, MAX_DAMAGE_DICE * 12) ?? isRecord('The options', options),
  twoXOf
);

export interface TossContext {
  /** Battle turn, recorded on a fire's ignition (Errata 3). */
  turn: number;
  /** Side of the target facing the firer, for the first Gun+ (C.5 #40). */
  facingSide: 'starboard' | 'larboard';
  stern?: boolean;
}

/** C.4.8 steps 4–6: apply one toss to the target's log. */
export function applyToss(
  target: Sheet,
  o: TossOutcome,
  ctx: TossContext,
  options: PvOptions = DEFAULT_OPTIONS
): Sheet {
  const commanderBefore = commanderRole(target);
  let s: Sheet = {
    ...target,
    hull: { ...target.hull, damage: target.hull.damage + o.hullPoints },
    rigging: { ...target.rigging, damage: target.rigging.damage + o.riggingPoints },
    officers: { ...target.officers }
  };
  s = applyCrewLosses(s, o.crewHits, options.gunfireCrewLossesIncludeMarines);
  for (let i = 0; i < o.gunHits; i++) {
    const id = gunToDestroy(s, ctx.facingSide);
    s = { ...(id === null ? s : destroyGun(s, id)), gunHitsTaken: s.gunHitsTaken + 1 };
  }
  const lose = (role: OfficerRole) => {
    s.officers[role] = { ...s.officers[role], present: false };
  };
  for (const r of o.officerRolls) r.roles.forEach(lose);
  if (o.critical) {
    const e = o.critical.effect;
    if (e === 'captain' || e === 'firstLt' || e === 'master' || e === 'gunner') lose(e);
    // Errata 9: a Mast critical with no standing mast left has no effect.
    else if (e === 'mast' && s.mastsLost < s.masts) s = { ...s, mastsLost: s.mastsLost + 1 };
    // Errata 9: a Fire critical on a burning ship has no further effect.
    else if (e === 'fire' && !s.onFire.burning)
      s = { ...s, onFire: { burning: true, attempt: 0, ignitedOnTurn: ctx.turn } };
    // [APP] A fortification has no rudder, helm or water line: those criticals have no effect.
    else if (e === 'rudder' && !s.isFortification) s = { ...s, rudderHit: true };
    else if (e === 'helmTiller' && !s.isFortification)
      s = {
        ...s,
        helmHit: { straightNextTurn: true, tillerCrewRequired: true, hitOnTurn: ctx.turn }
      };
    else if (e === 'waterLine' && !s.isFortification) s = { ...s, waterline: true };
    // The toss's one critical is taken (Errata 8, read under 'perTargetPerPhase').
    s = { ...s, tossCriticalTurn: ctx.turn };
  }
  const commanderAfter = commanderRole(s);
  const events = { ...s.turnEvents };
  if (commanderBefore !== null && commanderAfter !== commanderBefore) events.commanderHit = true;
  if (s.onFire.burning) events.wasOnFire = true;
  if (ctx.stern) events.sternRakeTaken = true;
  s = { ...s, turnEvents: events };
  return applySinkingFlag(applySpeedCap(s, options), options);
}

/** C.3.6 "firing low (ship's hull, all land targets)"; Errata 1 "any target on land is fired at low". */
export function checkAimAt(target: Pick<Sheet, 'isFortification'>, aim: Aim): Result<Aim> {
  if (target.isFortification && aim === 'high')
    return err('A target on land is fired at low ("all land targets").');
  return ok(aim);
}

/** Land-based guns (C.3.6 "Land Based Guns Add 12" To Each Range"): a fortification's, or guns
 *  mounted 'land'. */
export function isLandBasedFire(
  firer: Pick<Sheet, 'isFortification' | 'guns'>,
  gunIds: readonly string[]
): boolean {
  if (firer.isFortification) return true;
  const guns = firer.guns.filter((g) => gunIds.includes(g.id));
  return guns.length > 0 && guns.every((g) => g.side === 'land');
}

/** C.4.7 step 3: guns that fired are unloaded and lose their double shot. */
export function applyGunsFired(s: Sheet, gunIds: readonly string[]): Sheet {
  return {
    ...s,
    guns: s.guns.map((g) =>
      gunIds.includes(g.id) ? { ...g, loaded: false, doubleShot: false } : g
    )
  };
}

/** Helper for tests and the UI: dice of a toss from per-column faces. */
export function tossDice(faces: Partial<Record<DamageColumn, readonly number[]>>): TossDie[] {
  const out: TossDie[] = [];
  for (const col of COLUMN_ORDER)
    for (const f of faces[col] ?? []) out.push({ column: col, face: f });
  return out;
}
