import type { BattleShip, BattleState } from '$lib/battle/events';
import type { DiceRoll } from '$lib/rules/core/dice';
import { formatFraction, type Rational } from '$lib/rules/core/rational';
import { err, ok, type Result } from '$lib/rules/core/result';
import { DEFAULT_OPTIONS, type PvOptions } from '$lib/rules/privateers/options';
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
  type Sheet,
  type ShipClass
} from '$lib/rules/privateers/sheet';
import { MORALE_RESULTS } from '$lib/rules/privateers/tables';

// Privateers on the battle page: each procedure's dice → the engine's resolver → its apply
// function → the next battle state, a log line and the roll record (SPEC C.4). Pure: the panel
// components only gather inputs and call these.

// Cannon fire, fortifications and battery reload live in pv-battle-gunnery.ts (re-exported here).
export {
  broadsideHits,
  describeToss,
  gunsReady,
  oddsRecord,
  planBroadside,
  resolveBroadside,
  type BroadsideResult,
  type Broadside,
  type FirePlan,
  type FireSetup,
  type GunSide
} from './pv-battle-gunnery';

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
