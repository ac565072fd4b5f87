import type { BattleShip } from '$lib/engine/events';
import type { Gun, Sheet, ShipClass } from '$lib/rules/privateers/sheet';
import {
  RATING_CHART,
  SAIL_SETTINGS,
  type Aim,
  type GunClass,
  type GunLoad,
  type OfficerRole,
  type Rating,
  type SailLevel
} from '$lib/rules/privateers/tables';
import { GUN_CLASS_LABELS, LAND_RANGE_UPPER_BOUNDS } from '$lib/rules/privateers/tables-play';
import type { FireSetup as BroadsideSetup } from '$lib/rules/privateers/fire-plan';
import { sheetOf } from '$lib/rules/privateers/moves-common';

// Pure helpers for the Privateers calculators (kept out of the .svelte files so they are tested).

/** One choice of a Privateers `<select>` (PvSelect.svelte). */
export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

/** Values that are their own label (gun sides: "starboard", "larboard", …). */
export function plainOptions<T extends string>(values: readonly T[]): SelectOption<T>[] {
  return values.map((value) => ({ value, label: value }));
}

/** The ships of a roster: the log's name, or the ship id where there is no readable log. */
export function shipOptions(ships: readonly BattleShip[]): SelectOption<string>[] {
  return ships.map((s) => ({ value: s.id, label: sheetOf(s)?.name ?? s.id }));
}

/** An officer's or the crew's rating, titled from the Rating chart (C.3.1): "Sea Dog (1)". */
export function ratingOptions(who: OfficerRole | 'crew'): SelectOption<Rating>[] {
  return RATING_CHART.map((row) => ({
    value: row.rating,
    label: `${row.titles[who]} (${row.rating})`
  }));
}

/** The gun classes of "Damage Dice (6 Sided)" (C.3.5), smallest first. */
export const GUN_CLASS_OPTIONS: readonly SelectOption<GunClass>[] = (
  ['swivel', 'light', 'medium', 'heavy', 'extraHeavy'] as const
).map((c) => ({ value: c, label: GUN_CLASS_LABELS[c] }));

/** Where a gun is mounted. A fortification's guns are land guns (C.4.13, "Land Based Guns Add 12"
 *  To Each Range"); a ship's are on a side, the bow or the stern. */
export function gunSideOptions(isFortification: boolean): SelectOption<Gun['side']>[] {
  return plainOptions<Gun['side']>(
    isFortification ? ['land'] : ['starboard', 'larboard', 'bow', 'stern']
  );
}

/** What a gun fires: the shot types of the Damage Dice Table's columns (C.3.9). */
export const LOAD_OPTIONS: readonly SelectOption<GunLoad>[] = [
  { value: 'ball', label: 'Ball' },
  { value: 'shotAndGrape', label: 'Shot & grape' },
  { value: 'grape', label: 'Grape' }
];

/** The sail settings (C.3.3), No Sail to Full Sail. */
export const SAIL_OPTIONS: readonly SelectOption<SailLevel>[] = SAIL_SETTINGS.map((s) => ({
  value: s.level,
  label: s.label
}));

/** A ship chart's rig (the ship log's "Rig"). */
export const RIG_OPTIONS: readonly SelectOption<Sheet['rig']>[] = [
  { value: 'squareRigged', label: 'Square-rigged' },
  { value: 'foreAndAft', label: 'Fore-and-aft' }
];

/** "firing low (ship's hull, all land targets), or firing high ( at ship's mast and rigging)" (C.4.7). */
export const AIM_OPTIONS: readonly SelectOption<Aim>[] = [
  { value: 'low', label: 'Fire low (hull)' },
  { value: 'high', label: 'Fire high (masts and rigging)' }
];

export type Rake = BroadsideSetup['rake'];

/** Firing modifiers (C.3.7): "Stern Rake: 2x Damage Dice Bow Rake: +1/2 damage Dice". */
export const RAKE_OPTIONS: readonly SelectOption<Rake>[] = [
  { value: 'none', label: 'No rake' },
  { value: 'bow', label: 'Bow rake (+½ dice)' },
  { value: 'stern', label: 'Stern rake (2× dice)' }
];

/** The ship chart's fields as a class holds them ([USER DATA], C.6); the log keeps them nested. */
export type ChartFields = Pick<
  ShipClass,
  'rig' | 'masts' | 'bowsprit' | 'hullPoints' | 'riggingPoints' | 'crew' | 'marines' | 'boats'
>;

/** A ship log's chart values, as PvChartFields edits them. */
export function chartOf(s: Sheet): ChartFields {
  return {
    rig: s.rig,
    masts: s.masts,
    bowsprit: s.bowsprit,
    hullPoints: s.hull.points,
    riggingPoints: s.rigging.points,
    crew: s.crew.initial,
    marines: s.marines.initial,
    boats: s.boats.total
  };
}

/** A chart change onto a ship log, keeping the log consistent: masts lost, boats lowered never
 *  above the new totals; crew and marines now clamped to the new start (or set to it from 0). */
export function chartPatch(s: Sheet, p: Partial<ChartFields>): Partial<Sheet> {
  const out: Partial<Sheet> = {};
  if (p.rig !== undefined) out.rig = p.rig;
  if (p.bowsprit !== undefined) out.bowsprit = p.bowsprit;
  if (p.masts !== undefined) {
    out.masts = p.masts;
    out.mastsLost = Math.min(s.mastsLost, p.masts);
  }
  if (p.hullPoints !== undefined) out.hull = { ...s.hull, points: p.hullPoints };
  if (p.riggingPoints !== undefined) out.rigging = { ...s.rigging, points: p.riggingPoints };
  if (p.crew !== undefined)
    out.crew = { initial: p.crew, current: Math.min(s.crew.current, p.crew) || p.crew };
  if (p.marines !== undefined)
    out.marines = {
      initial: p.marines,
      current: Math.min(s.marines.current, p.marines) || p.marines
    };
  if (p.boats !== undefined)
    out.boats = { total: p.boats, lowered: Math.min(s.boats.lowered, p.boats) };
  return out;
}

/** A group of identical guns in the standalone gunnery calculator. */
export interface GunGroup {
  cls: GunClass;
  count: number;
  load: GunLoad;
  /** how many of the group are double-shotted */
  doubleShotted: number;
  extraHeavyDice: number;
}

/** "9 Short, fire low; Medium Sail −1": the chart's number and each modifier (#14 item 10), in
 *  words. A label, not a figure: the base and the modifiers are the fire plan's
 *  (`cannonFire.preview`), which adds them up into the gun's number. */
export function thresholdBreakdown(
  g: { base?: number; modifiers?: readonly { label: string; value: number }[] },
  band: string,
  aim: Aim
): string {
  if (g.base === undefined) return '';
  const head = `${g.base} ${band[0].toUpperCase()}${band.slice(1)}, fire ${aim}`;
  const mods = (g.modifiers ?? []).map(
    (m) => `${m.label} ${m.value < 0 ? '−' : '+'}${Math.abs(m.value)}`
  );
  return [head, ...mods].join('; ');
}

/** A land-based battery's range bands (C.3.6, as option `landRangeMode` reads it), for the odds'
 *  caption: "0–24″ / 24–36″ / 36–48″". */
export function landBandsOf(mode: keyof typeof LAND_RANGE_UPPER_BOUNDS): string {
  return LAND_RANGE_UPPER_BOUNDS[mode]
    .map((b, i, all) => `${i === 0 ? 0 : all[i - 1]}–${b}″`)
    .join(' / ');
}
