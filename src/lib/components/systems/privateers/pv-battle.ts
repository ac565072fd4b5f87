import type { BattleShip, BattleState, Json } from '$lib/battle/events';
import type { DiceRoll } from '$lib/rules/core/dice';
import { formatFraction, type Rational } from '$lib/rules/core/rational';
import { err, ok, type Result } from '$lib/rules/core/result';
import type { BroadsideOdds } from '$lib/rules/privateers/odds';
import { DEFAULT_OPTIONS, type PvOptions } from '$lib/rules/privateers/options';
import {
  damageDiceFor,
  firingGunsFrom,
  rangeBand,
  resolveHits,
  resolveToss,
  applyGunsFired,
  applyToss,
  type ColumnCounts,
  type FiringGun,
  type TossDie,
  type TossOutcome
} from '$lib/rules/privateers/resolve-gunnery';
import {
  applyMorale,
  moraleInputOf,
  moraleTriggers,
  resolveMorale,
  type MoraleOutcome
} from '$lib/rules/privateers/resolve-morale';
import { applyReload, reloadGunsOf, resolveReload } from '$lib/rules/privateers/resolve-tasks';
import { reloadMod } from '$lib/rules/privateers/resolve-morale';
import {
  defaultSystemState,
  sheetFromClass,
  sheetSchema,
  systemStateSchema,
  type SystemState,
  shipClassSchema,
  type Gun,
  type Sheet,
  type ShipClass
} from '$lib/rules/privateers/sheet';
import {
  CRITICAL_LABELS,
  MORALE_RESULTS,
  OFFICER_LABELS,
  type Aim
} from '$lib/rules/privateers/tables';

// Privateers on the battle page: each procedure's dice → the engine's resolver → its apply
// function → the next battle state, a log line and the roll record (SPEC C.4). Pure: the panel
// components only gather inputs and call these.

export type GunSide = Gun['side'];
export type Broadside = 'starboard' | 'larboard';

/** The ship's log, or null when the sheet does not parse (the roster asks the referee to fix it). */
export function sheetOf(ship: BattleShip | undefined): Sheet | null {
  if (!ship) return null;
  const r = sheetSchema.safeParse(ship.sheet);
  return r.success ? r.data : null;
}

function withSheets(state: BattleState, sheets: Record<string, Sheet>): BattleState {
  const ships = { ...state.ships };
  for (const [id, sheet] of Object.entries(sheets)) {
    ships[id] = { ...ships[id], sheet: sheet };
  }
  return { ...state, ships };
}

/** A Rational as the JSON string the log stores ("3805/7776"). */
export const frac = (p: Rational): string => formatFraction(p);

/** The guns of a ship that can fire from one side: loaded, not destroyed (C.4.7 step 1). */
export function gunsReady(s: Sheet, side: GunSide): Gun[] {
  return s.guns.filter((g) => g.side === side && g.loaded && !g.destroyed);
}

// ---- Ship classes ---------------------------------------------------------------------------

/** Ship classes from stored records (`data` is the class); records that do not parse are skipped. */
export function classesFromRecords(records: readonly { id: string; data: unknown }[]): {
  recordId: string;
  cls: ShipClass;
}[] {
  const out: { recordId: string; cls: ShipClass }[] = [];
  for (const r of records) {
    const p = shipClassSchema.safeParse(r.data);
    if (p.success) out.push({ recordId: r.id, cls: p.data });
  }
  return out;
}

/** A battle ship from a class chart (C.6 user data), ready for `addShip`. */
export function shipFromClass(
  cls: ShipClass,
  input: { id: string; name: string; side: string; player: string; order: number }
): BattleShip {
  return {
    id: input.id,
    side: input.side,
    player: input.player,
    order: input.order,
    sheet: sheetFromClass(cls, input.name)
  };
}

// ---- Cannon fire (C.4.7–C.4.9) ---------------------------------------------------------------

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
  isLandBased: boolean;
}

export interface FirePlan {
  band: string;
  guns: FiringGun[];
  rakes: { stern: boolean; bow: boolean };
}

/** C.4.7 steps 1–8: the fire group from the firer's log. */
export function planBroadside(
  firer: Sheet,
  setup: FireSetup,
  options: PvOptions = DEFAULT_OPTIONS
): Result<FirePlan> {
  if (setup.gunIds.length === 0) return err('Choose at least one gun.');
  const band = rangeBand(setup.range, setup.isLandBased, options);
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
    rakes: { stern: setup.rake === 'stern', bow: setup.rake === 'bow' }
  });
}

/** Step 8–9: hits from the d12 faces and the damage dice they place aside. */
export function broadsideHits(
  plan: FirePlan,
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

export interface BroadsideResult {
  next: BattleState;
  summary: string;
  hits: number;
  outcome: TossOutcome | null;
}

/**
 * C.4.7 step 3 and C.4.8 steps 4–6: the guns that fired are unloaded; the toss (if any gun hit) is
 * resolved from its faces and applied to the target's log.
 */
export function resolveBroadside(
  state: BattleState,
  setup: FireSetup,
  plan: FirePlan,
  hits: boolean[],
  toss: { dice: TossDie[]; criticalFace?: number; officerFaces?: number[] } | null,
  options: PvOptions = DEFAULT_OPTIONS
): Result<BroadsideResult> {
  const firer = sheetOf(state.ships[setup.firerId]);
  const target = sheetOf(state.ships[setup.targetId]);
  if (!firer || !target) return err('Both ships need a valid log.');
  if (setup.firerId === setup.targetId) return err('A ship cannot fire at itself.');
  let outcome: TossOutcome | null = null;
  let nextTarget = target;
  if (toss && toss.dice.length > 0) {
    const r = resolveToss(
      toss.dice,
      setup.aim,
      { criticalFace: toss.criticalFace, officerFaces: toss.officerFaces },
      options
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
  const summary =
    `${firer.name} fires ${plan.guns.length} gun${plan.guns.length === 1 ? '' : 's'} at ` +
    `${target.name}: ` +
    (n === 0 ? 'all miss' : `${n} hit${n === 1 ? '' : 's'}, ${describeToss(outcome)}`);
  return ok({
    next: withSheets(state, { [setup.firerId]: nextFirer, [setup.targetId]: nextTarget }),
    summary,
    hits: n,
    outcome
  });
}

/** All the dice of one procedure as one DiceRoll record (typed faces win: any entered roll marks
 *  the record "entered"). */
export function joinRolls(rolls: readonly DiceRoll[]): DiceRoll {
  const source = rolls.some((r) => r.source === 'entered')
    ? 'entered'
    : (rolls[0]?.source ?? 'app');
  return { source, dice: rolls.flatMap((r) => r.dice) };
}

// ---- Morale (C.4.17) -------------------------------------------------------------------------

export function resolveMoraleAction(
  state: BattleState,
  shipId: string,
  face: number,
  options: PvOptions = DEFAULT_OPTIONS
): Result<{ next: BattleState; summary: string; outcome: MoraleOutcome; triggers: string[] }> {
  const s = sheetOf(state.ships[shipId]);
  if (!s) return err('This ship needs a valid log.');
  const r = resolveMorale(moraleInputOf(s), face);
  if (!r.ok) return r;
  const label = MORALE_RESULTS.find((x) => x.result === r.value.result)?.label ?? r.value.result;
  const o = r.value;
  const sign = o.modifier >= 0 ? '+' : '−';
  return ok({
    next: withSheets(state, { [shipId]: applyMorale(s, o, options) }),
    summary: `${s.name} morale check: ${o.roll} ${sign} ${Math.abs(o.modifier)} = ${o.modified}, ${label}`,
    outcome: o,
    triggers: moraleTriggers(s)
  });
}

// ---- Reload (C.4.5) --------------------------------------------------------------------------

export function resolveReloadAction(
  state: BattleState,
  shipId: string,
  face: number,
  options: PvOptions = DEFAULT_OPTIONS
): Result<{ next: BattleState; summary: string; loaded: number; notLoaded: number }> {
  const s = sheetOf(state.ships[shipId]);
  if (!s) return err('This ship needs a valid log.');
  const guns = reloadGunsOf(s);
  if (guns.length === 0) return err('Every gun is loaded.');
  const r = resolveReload(guns, reloadMod(s), face, options);
  if (!r.ok) return r;
  return ok({
    next: withSheets(state, { [shipId]: applyReload(s, r.value) }),
    summary: `${s.name} reloads (${r.value.roll} → ${r.value.modified}): ${r.value.loaded.length} of ${guns.length} guns loaded`,
    loaded: r.value.loaded.length,
    notLoaded: r.value.notLoaded.length
  });
}

// ---- Wind (system state) ---------------------------------------------------------------------

/** The battle's Privateers state; a battle set up before the system had one gets the default. */
export function systemOf(state: BattleState): SystemState {
  const p = systemStateSchema.safeParse(state.system);
  return p.success ? p.data : defaultSystemState();
}

/** The referee sets the wind (the text has no wind-change rule, SPEC C.6): the bearing it blows
 *  from, which the point of sail of every ship is measured against (C.4.6). */
export function setWind(state: BattleState, windFromDeg: number): Result<BattleState> {
  const deg = ((Math.round(windFromDeg) % 360) + 360) % 360;
  if (!Number.isFinite(deg)) return err('The wind bearing is a number of degrees.');
  return ok({ ...state, system: { ...systemOf(state), windFromDeg: deg } });
}
