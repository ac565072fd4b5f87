import type { BattleShip, BattleState, Json } from '$lib/battle/events';
import { formatFraction } from '$lib/rules/core/rational';
import { err, ok, type Result } from '$lib/rules/core/result';
import type { BroadsideOdds } from '$lib/rules/privateers/odds';
import { DEFAULT_OPTIONS, type PvOptions } from '$lib/rules/privateers/options';
import { reloadMod } from '$lib/rules/privateers/resolve-morale';
import {
  applyGunsFired,
  applyToss,
  checkAimAt,
  damageDiceFor,
  firingGunsFrom,
  isCriticalSpent,
  isLandBasedFire,
  rangeBand,
  resolveHits,
  resolveToss,
  type ColumnCounts,
  type FiringGun,
  type TossDie,
  type TossOutcome,
  type TossState
} from '$lib/rules/privateers/resolve-gunnery';
import { applyReload, reloadGunsOf, resolveReload } from '$lib/rules/privateers/resolve-tasks';
import {
  fortificationSheet,
  reloadBatteries,
  sheetSchema,
  type FortGunGroup,
  type Gun,
  type Sheet
} from '$lib/rules/privateers/sheet';
import {
  CRITICAL_LABELS,
  OFFICER_LABELS,
  type Aim,
  type Rating
} from '$lib/rules/privateers/tables';

// Privateers cannon fire on the battle page (SPEC C.4.7–C.4.9), fortifications and land batteries
// (C.4.13 with Errata 1) and their reload per independent battery (C.4.5 step 1): dice → the
// engine's resolver → its apply function → the next battle state, a log line and the roll record.
// Pure: PvBroadside, PvFortSetup and PvFortReload only gather inputs and call these.

export type GunSide = Gun['side'];
export type Broadside = 'starboard' | 'larboard';

/** The order the gun sides are offered in. */
export const GUN_SIDES: readonly GunSide[] = ['starboard', 'larboard', 'bow', 'stern', 'land'];

function sheetIn(state: BattleState, id: string): Sheet | null {
  const ship = state.ships[id];
  if (!ship) return null;
  const r = sheetSchema.safeParse(ship.sheet);
  return r.success ? r.data : null;
}

function withSheets(state: BattleState, sheets: Record<string, Sheet>): BattleState {
  const ships = { ...state.ships };
  for (const [id, sheet] of Object.entries(sheets)) ships[id] = { ...ships[id], sheet };
  return { ...state, ships };
}

/** The guns of a ship that can fire from one side: loaded, not destroyed (C.4.7 step 1). */
export function gunsReady(s: Sheet, side: GunSide): Gun[] {
  return s.guns.filter((g) => g.side === side && g.loaded && !g.destroyed);
}

/** The sides with a loaded gun, in GUN_SIDES order (a fortification's guns are all 'land'). */
export function sidesReady(s: Sheet): GunSide[] {
  return GUN_SIDES.filter((sd) => gunsReady(s, sd).length > 0);
}

export interface FireSetup {
  firerId: string;
  targetId: string;
  gunIds: string[];
  range: number;
  aim: Aim;
  rake: 'none' | 'bow' | 'stern';
  /** The target's broadside facing the firer (first Gun+ result, C.5 #40). */
  facingSide: Broadside;
  gunnerSightsId: string | null;
  /** Land-based guns; a fortification's or 'land'-mounted guns are land-based whatever this says. */
  isLandBased: boolean;
}

export interface FirePlan {
  band: string;
  guns: FiringGun[];
  rakes: { stern: boolean; bow: boolean };
  /** C.3.6 "Land Based Guns Add 12" To Each Range" (bands per `landRangeMode`). */
  isLandBased: boolean;
  /** Errata 8: whether this fire's toss may still score a critical on the target. */
  toss: TossState;
}

/** The target and turn a fire is planned against: "all land targets" are fired low, and under
 *  `tossGrouping = 'perTargetPerPhase'` a target that took its critical this turn takes no other. */
export interface FireTarget {
  sheet: Sheet;
  turn: number;
}

/** C.4.7 steps 1–8: the fire group from the firer's log. */
export function planBroadside(
  firer: Sheet,
  setup: FireSetup,
  options: PvOptions = DEFAULT_OPTIONS,
  target?: FireTarget
): Result<FirePlan> {
  if (setup.gunIds.length === 0) return err('Choose at least one gun.');
  if (target) {
    const aim = checkAimAt(target.sheet, setup.aim);
    if (!aim.ok) return aim;
  }
  const isLandBased = setup.isLandBased || isLandBasedFire(firer, setup.gunIds);
  const band = rangeBand(setup.range, isLandBased, options);
  if (!band.ok) return band;
  const guns = firingGunsFrom(firer.guns, setup.gunIds, {
    band: band.value,
    aim: setup.aim,
    firerSail: firer.sail,
    isFortification: firer.isFortification,
    gunnerSightsId: firer.officers.gunner.present ? setup.gunnerSightsId : null
  });
  if (!guns.ok) return guns;
  return ok({
    band: band.value,
    guns: guns.value,
    rakes: { stern: setup.rake === 'stern', bow: setup.rake === 'bow' },
    isLandBased,
    toss: {
      isCriticalSpent: target ? isCriticalSpent(target.sheet, target.turn, options) : false
    }
  });
}

/** Step 8–9: hits from the d12 faces and the damage dice they place aside. */
export function broadsideHits(
  plan: Pick<FirePlan, 'guns' | 'rakes'>,
  faces: readonly number[],
  options: PvOptions = DEFAULT_OPTIONS
): Result<{ hits: boolean[]; counts: ColumnCounts }> {
  const r = resolveHits(plan.guns, faces);
  if (!r.ok) return r;
  const hitGuns = plan.guns.filter((_, i) => r.value[i]);
  return ok({ hits: r.value, counts: damageDiceFor(hitGuns, plan.rakes, options) });
}

/** One line for the log and the screen: "4 hits, 11 hull, 2 crew, 1 gun, critical: Fire". */
export function describeToss(o: TossOutcome | null): string {
  if (!o) return 'no damage';
  const parts: string[] = [];
  if (o.hullPoints) parts.push(`${o.hullPoints} hull`);
  if (o.riggingPoints) parts.push(`${o.riggingPoints} rigging`);
  if (o.crewHits) parts.push(`${o.crewHits} crew`);
  if (o.gunHits) parts.push(`${o.gunHits} gun${o.gunHits === 1 ? '' : 's'}`);
  for (const r of o.officerRolls)
    parts.push(`officer hit: ${r.roles.map((x) => OFFICER_LABELS[x]).join(' & ')}`);
  if (o.critical) parts.push(`critical: ${CRITICAL_LABELS[o.critical.effect]}`);
  return parts.length ? parts.join(', ') : 'no damage';
}

/** Odds shown before the fire, as the JSON strings the log keeps. */
export function oddsRecord(odds: BroadsideOdds): Json {
  const frac = formatFraction;
  return {
    perGun: odds.perGun.map((g) => ({ id: g.id, p: frac(g.p) })),
    pAnyHit: frac(odds.hits.probWhere((h) => h > 0)),
    pCritical: frac(odds.pCritical),
    expectedCrew: frac(odds.expectedCrew),
    expectedGuns: frac(odds.expectedGuns),
    expectedOfficerRolls: frac(odds.expectedOfficerRolls),
    expectedCriticalOfficers: frac(odds.expectedCriticalOfficers)
  };
}

/** The dice of one toss as `resolveToss` takes them. */
export interface TossInput {
  dice: TossDie[];
  criticalFace?: number;
  officerFaces?: number[];
}

export interface BroadsideResult {
  next: BattleState;
  summary: string;
  hits: number;
  outcome: TossOutcome | null;
}

/**
 * C.4.7 step 3 and C.4.8 steps 4–6: the guns that fired are unloaded; the toss (if any gun hit) is
 * resolved from its faces and applied to the target's log. The toss state is read from `state`
 * (not the plan) so a fire recorded after another one at the same target obeys `tossGrouping`.
 */
export function resolveBroadside(
  state: BattleState,
  setup: FireSetup,
  plan: FirePlan,
  hits: boolean[],
  toss: TossInput | null,
  options: PvOptions = DEFAULT_OPTIONS
): Result<BroadsideResult> {
  const firer = sheetIn(state, setup.firerId);
  const target = sheetIn(state, setup.targetId);
  if (!firer || !target) return err('Both ships need a valid log.');
  if (setup.firerId === setup.targetId) return err('A ship cannot fire at itself.');
  const aim = checkAimAt(target, setup.aim);
  if (!aim.ok) return aim;
  const tossState: TossState = { isCriticalSpent: isCriticalSpent(target, state.turn, options) };
  let outcome: TossOutcome | null = null;
  let nextTarget = target;
  if (toss && toss.dice.length > 0) {
    const r = resolveToss(
      toss.dice,
      setup.aim,
      { criticalFace: toss.criticalFace, officerFaces: toss.officerFaces },
      options,
      tossState
    );
    if (!r.ok) return r;
    outcome = r.value;
    nextTarget = applyToss(
      target,
      r.value,
      { turn: state.turn, facingSide: setup.facingSide, stern: setup.rake === 'stern' },
      options
    );
  }
  const nextFirer = applyGunsFired(firer, setup.gunIds);
  const n = hits.filter(Boolean).length;
  const spentNote =
    outcome && tossState.isCriticalSpent && outcome.ones >= 2
      ? ' (double ones count as damage: the one critical of this toss is taken)'
      : '';
  const summary =
    `${firer.name} fires ${plan.guns.length} gun${plan.guns.length === 1 ? '' : 's'} at ` +
    `${target.name}: ` +
    (n === 0 ? 'all miss' : `${n} hit${n === 1 ? '' : 's'}, ${describeToss(outcome)}`) +
    spentNote;
  return ok({
    next: withSheets(state, { [setup.firerId]: nextFirer, [setup.targetId]: nextTarget }),
    summary,
    hits: n,
    outcome
  });
}

// ---- Fortifications and land batteries (C.4.13, Errata 1, C.6) ------------------------------

export interface FortInput {
  name: string;
  guns: FortGunGroup[];
  gunnerRating: Rating;
  hasGunner: boolean;
  crewRating: Rating;
  crew: number;
  hullPoints: number;
}

/** A fortification for the roster ("Fortification / land battery hull points, and which guns form
 *  'independent batteries'" are user data, C.6). */
export function fortificationShip(
  input: FortInput & { id: string; side: string; player: string; order: number }
): Result<BattleShip> {
  const name = input.name.trim();
  if (!name) return err('Name the fortification.');
  if (!input.guns.some((g) => g.count > 0)) return err('A fortification needs at least one gun.');
  if (input.guns.some((g) => g.cls === 'extraHeavy' && g.count > 0 && g.extraHeavyDice < 1))
    return err('Extra heavy guns: enter the damage dice "Per Scenario".');
  const sheet = fortificationSheet({ ...input, name, guns: input.guns.filter((g) => g.count > 0) });
  const parsed = sheetSchema.safeParse(sheet);
  if (!parsed.success) return err('The fortification does not fit the log (too many guns?).');
  return ok({
    id: input.id,
    side: input.side,
    player: input.player,
    order: input.order,
    sheet: parsed.data
  });
}

export interface BatteryToReload {
  index: number;
  name: string;
  /** the battery's unloaded, undestroyed guns */
  gunIds: string[];
}

/** C.4.5 step 1: "Independent batteries on land roll individually" — the batteries of a
 *  fortification that have guns to reload (a ship is one group). */
export function batteriesToReload(s: Sheet): BatteryToReload[] {
  const unloaded = reloadGunsOf(s).map((g) => g.id);
  return reloadBatteries(s)
    .map((b, index) => ({
      index,
      name: b.name,
      gunIds: b.gunIds.filter((id) => unloaded.includes(id))
    }))
    .filter((b) => b.gunIds.length > 0);
}

/** C.4.5 for one battery: one d12 + (Gunner + Crew) for that battery's guns only. */
export function resolveBatteryReloadAction(
  state: BattleState,
  shipId: string,
  batteryIndex: number,
  face: number,
  options: PvOptions = DEFAULT_OPTIONS
): Result<{ next: BattleState; summary: string; loaded: number; notLoaded: number }> {
  const s = sheetIn(state, shipId);
  if (!s) return err('This fortification needs a valid log.');
  const battery = reloadBatteries(s)[batteryIndex];
  if (!battery) return err('No such battery.');
  const guns = reloadGunsOf(s).filter((g) => battery.gunIds.includes(g.id));
  if (guns.length === 0) return err('Every gun of this battery is loaded.');
  const r = resolveReload(guns, reloadMod(s), face, options);
  if (!r.ok) return r;
  return ok({
    next: withSheets(state, { [shipId]: applyReload(s, r.value) }),
    summary: `${s.name} ${battery.name} reloads (${r.value.roll} → ${r.value.modified}): ${r.value.loaded.length} of ${guns.length} guns loaded`,
    loaded: r.value.loaded.length,
    notLoaded: r.value.notLoaded.length
  });
}

/** [APP] C.4.4 "For each ship, roll the initiative die": a fortification does not move, so it
 *  takes no part in the movement order (for the initiative procedure). */
export function takesInitiative(s: Sheet): boolean {
  return !s.isFortification;
}
