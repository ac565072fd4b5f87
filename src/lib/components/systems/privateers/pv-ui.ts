import type { DiceSpec } from '$lib/components/dice/dice-pad';
import { err, ok, type Result } from '$lib/rules/core/result';
import {
  COLUMN_ORDER,
  damageColumn,
  gunDamageDice,
  hitThreshold,
  rangeBand,
  type ColumnCounts,
  type FiringGun,
  type TossDie
} from '$lib/rules/privateers/resolve-gunnery';
import type { PvOptions } from '$lib/rules/privateers/options';
import {
  DAMAGE_COLUMN_LABELS,
  GUN_CLASS_LABELS,
  type Aim,
  type GunClass,
  type GunLoad,
  type RangeBandId,
  type SailLevel
} from '$lib/rules/privateers/tables';

// Pure helpers for the Privateers calculators (kept out of the .svelte files so they are tested).

/** A group of identical guns in the standalone gunnery calculator. */
export interface GunGroup {
  cls: GunClass;
  count: number;
  load: GunLoad;
  /** how many of the group are double-shotted */
  doubleShotted: number;
  extraHeavyDice: number;
}

export interface FireSetup {
  groups: GunGroup[];
  /** index of the group with the Gunner-sighted gun (its first gun), or -1 */
  gunnerGroup: number;
  range: number;
  aim: Aim;
  firerSail: SailLevel;
  isLandBased: boolean;
  isFortification: boolean;
}

export interface FirePlan {
  band: RangeBandId;
  guns: (FiringGun & { label: string })[];
}

/** Expands the groups into the guns of one fire group, in order (one hit d12 each). */
export function planFire(setup: FireSetup, options: PvOptions): Result<FirePlan> {
  const band = rangeBand(setup.range, setup.isLandBased, options);
  if (!band.ok) return band;
  const guns: FirePlan['guns'] = [];
  for (const [gi, g] of setup.groups.entries()) {
    if (g.count < 1) continue;
    const dice = gunDamageDice(g.cls, g.extraHeavyDice);
    if (!dice.ok) return dice;
    const col = damageColumn(g.cls, g.load, setup.aim);
    if (!col.ok) return col;
    for (let i = 0; i < g.count; i++) {
      const th = hitThreshold({
        band: band.value,
        aim: setup.aim,
        gunnerSights: setup.gunnerGroup === gi && i === 0,
        firerSail: setup.firerSail,
        isFortification: setup.isFortification
      });
      if (!th.ok) return th;
      guns.push({
        id: `${gi}-${i}`,
        label: `${GUN_CLASS_LABELS[g.cls]} ${i + 1}${setup.gunnerGroup === gi && i === 0 ? ' (Gunner)' : ''}`,
        dice: dice.value,
        column: col.value,
        doubleShot: i < g.doubleShotted,
        threshold: th.value.threshold
      });
    }
  }
  if (guns.length === 0) return err('Add at least one gun.');
  return ok({ band: band.value, guns });
}

/** DicePad specs for a toss: one entry per column in COLUMN_ORDER. */
export function tossDiceSpecs(counts: ColumnCounts): DiceSpec[] {
  return COLUMN_ORDER.filter((c) => counts[c] > 0).map((c) => ({
    count: counts[c],
    sides: 6,
    label: DAMAGE_COLUMN_LABELS[c]
  }));
}

/** The faces of a toss in DicePad order back to dice with their columns. */
export function tossFromFaces(counts: ColumnCounts, faces: readonly number[]): TossDie[] {
  const out: TossDie[] = [];
  let i = 0;
  for (const c of COLUMN_ORDER)
    for (let k = 0; k < counts[c]; k++) out.push({ column: c, face: faces[i++] });
  return out;
}

export function totalDice(counts: ColumnCounts): number {
  return COLUMN_ORDER.reduce((a, c) => a + counts[c], 0);
}

export function describeCounts(counts: ColumnCounts): string {
  const parts = COLUMN_ORDER.filter((c) => counts[c] > 0).map(
    (c) => `${counts[c]} ${DAMAGE_COLUMN_LABELS[c]}`
  );
  return parts.length ? parts.join(' + ') : 'no dice';
}
