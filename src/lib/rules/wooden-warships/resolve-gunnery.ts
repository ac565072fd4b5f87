import { err, ok, type Result } from '../../engine/result';
import { rational, type Rational } from '../../engine/rational';
import type {
  MismatchedAmmo,
  PercentileConvention,
  PercentModifierMode,
  WwOptions
} from './options';
import type { DamageDice, PercentModifier, ShipChart, Sheet } from './sheet';
import {
  AMMO_DAMAGE_DIE,
  BATTERY_NAMES,
  BROADSIDE_SIDES,
  EXPOSED_SIDE_MODIFIER,
  MISMATCHED_AMMO_SIDES,
  halfDieValue,
  type Ammo,
  type Battery,
  type FireMode,
  type ShipType,
  type TargetArea
} from './tables';

// Wooden Warships, Step 3 Attack (SPEC B.4.5) and the damage computation (B.4.6).

/** B.4.5 step 4: "find your probability percentage on that chart by matching the target ship type and
 *  the distance". Bands are inclusive upper bounds; beyond the last band the target is out of range. */
export function chartPercent(
  chart: ShipChart,
  targetType: ShipType,
  distanceInches: number
): Result<{ percent: number; band: number }> {
  const { bands, percent } = chart.hitTable;
  if (bands.length === 0) return err(`The ${chart.name} chart has no distance table yet.`);
  if (!(distanceInches >= 0)) return err('Distance must be 0 or more inches.');
  const band = bands.findIndex((b) => distanceInches <= b.upToInches);
  if (band < 0) {
    return err(`Out of range: the chart stops at ${bands[bands.length - 1].upToInches}″.`);
  }
  return ok({ percent: percent[targetType][band], band });
}

/**
 * B.4.5 step 6: "If there are Percentage Modifiers you will apply them here by raising or lowering
 * the number you need to roll." Default adds points; option 'relative' scales N by (100 + Σ)/100
 * (×1.3 for "30% more likely"). Clamped to 0..100. Exact (a fraction under 'relative').
 */
export function neededNumber(
  base: number,
  modifiers: readonly PercentModifier[],
  mode: PercentModifierMode
): Rational {
  const total = modifiers.reduce((s, m) => s + m.value, 0);
  const raw =
    mode === 'additivePoints' ? rational(base + total) : rational(base * (100 + total), 100);
  if (raw.n <= 0n) return rational(0);
  if (raw.n >= 100n * raw.d) return rational(100);
  return raw;
}

/**
 * B.4.5 step 7: "Roll UNDER the number listed to hit." The d100 face 1..100 is read per
 * `percentileConvention` (B.5 #1): '00to99_under' reads face 100 as 00 and hits if reading < N;
 * '01to100_strictUnder' reads 1..100 and hits if reading < N.
 */
export function isPercentileHit(
  face: number,
  needed: Rational,
  convention: PercentileConvention
): boolean {
  const reading = convention === '00to99_under' ? face % 100 : face;
  return BigInt(reading) * needed.d < needed.n;
}

/** Number of the 100 d100 faces that hit: the per-roll chance is this / 100 (B.7 #1). */
export function hittingFaces(needed: Rational, convention: PercentileConvention): number {
  let count = 0;
  for (let f = 1; f <= 100; f++) if (isPercentileHit(f, needed, convention)) count++;
  return count;
}

/** One battery firing in an attack: its rolls and what each hit adds to the damage. */
export interface BatteryFire {
  battery: Battery;
  ammo: Ammo;
  /** Percentile rolls: "once for each deck a ship has in that quadrant"; the Schooner rolls 1. */
  rolls: number;
  /** Deck weight of each hit: 1, or 0.5 for the half deck ("3d6x0.5= 1.5d6"). */
  weight: number;
  /** Damage dice per deck weight 1 ("your ships damage"). */
  dice: DamageDice;
  /** Ammunition suits the target area (B.3.5). */
  isMatched: boolean;
}

export interface FirePlan {
  mode: FireMode;
  area: TargetArea;
  basePercent: number;
  modifiers: PercentModifier[];
  needed: Rational;
  /** d100 faces (of 100) that hit. */
  hitFaces: number;
  batteries: BatteryFire[];
  totalRolls: number;
  mismatchedAmmo: MismatchedAmmo;
  convention: PercentileConvention;
}

export interface FireInput {
  firer: Sheet;
  /** Which batteries fire: one chase battery; one zone (half broadside); two zones of a side (full). */
  mode: FireMode;
  batteries: readonly Battery[];
  targetType: ShipType;
  distanceInches: number;
  area: TargetArea;
  /** Percentage modifiers besides the exposed side (captain card, upgrades, referee). */
  modifiers?: readonly PercentModifier[];
  /** "30% more likely to be hit if attacked from your exposed side" applies (see `exposedSideApplies`). */
  isExposedSide?: boolean;
  /** "You can't fire over Islands or ships … have a clear line of sight." Referee input; default true. */
  hasLineOfSight?: boolean;
}

function isZone(b: Battery): boolean {
  return b.startsWith('zone');
}

/** B.3.8: the batteries a fire mode may use, and whether the given ones fit it. */
export function checkBatteries(mode: FireMode, batteries: readonly Battery[]): Result<true> {
  const unique = new Set(batteries);
  if (unique.size !== batteries.length) return err('A battery can fire only once.');
  if (mode === 'chase') {
    if (batteries.length !== 1 || isZone(batteries[0])) {
      return err(
        'In the chase areas "you can only fire chase guns": choose the fore or aft chase guns.'
      );
    }
    return ok(true);
  }
  if (batteries.some((b) => !isZone(b))) return err('A broadside fires from zones 1–4.');
  if (mode === 'halfBroadside') {
    return batteries.length === 1 ? ok(true) : err('A half broadside fires from one zone.');
  }
  const isSide = BROADSIDE_SIDES.some(
    (side) => batteries.length === 2 && side.every((z) => batteries.includes(z))
  );
  return isSide
    ? ok(true)
    : err('A full broadside needs the target in both zones of one side (1 & 2, or 3 & 4).');
}

/** B.4.6 step 1 and B.3.8: rolls per zone and the weight of a hit for a ship's decks. */
function deckRollsOf(decks: number): { rolls: number; weight: number } {
  // "The Schooner will roll one dice even though they have a half deck."
  return decks < 1 ? { rolls: 1, weight: decks } : { rolls: decks, weight: 1 };
}

/** Plans an attack (B.4.5 steps 1–6): checks, the chart percentage, modifiers and the rolls. */
export function planFire(input: FireInput, options: WwOptions): Result<FirePlan> {
  const { firer } = input;
  const chart = firer.chart;
  if (firer.status !== 'active') return err('Only an active ship can fire.');
  if (firer.hasEndedTurn) return err('This ship ended its turn by upgrading.');
  if (input.hasLineOfSight === false) {
    return err('"You can\'t fire over Islands or ships": no clear line of sight.');
  }
  const fit = checkBatteries(input.mode, input.batteries);
  if (!fit.ok) return fit;
  const batteries: BatteryFire[] = [];
  for (const b of input.batteries) {
    const ammo = firer.loaded[b];
    if (ammo === null) {
      return err(`"First are your guns loaded? Nay?!" ${BATTERY_NAMES[b]} is not loaded.`);
    }
    const isMatched = AMMO_DAMAGE_DIE[ammo][input.area] === 'ship';
    if (input.mode === 'chase') {
      // B.5 #20: chase guns from the chart; [DEFAULT] 1 roll and the ship's damage dice.
      if (chart.chaseGuns.rolls === 0) return err(`The ${chart.name} chart lists no chase guns.`);
      const rolls = chart.chaseGuns.rolls;
      const dice =
        chart.chaseGuns.damageDice.count > 0 ? chart.chaseGuns.damageDice : chart.damageDice;
      batteries.push({ battery: b, ammo, rolls, weight: 1, dice, isMatched });
    } else {
      const { rolls, weight } = deckRollsOf(chart.decks);
      batteries.push({ battery: b, ammo, rolls, weight, dice: chart.damageDice, isMatched });
    }
  }
  const pct = chartPercent(chart, input.targetType, input.distanceInches);
  if (!pct.ok) return pct;
  const modifiers = [...(input.modifiers ?? [])];
  if (input.isExposedSide) {
    modifiers.push({ source: 'Exposed side while boarding', value: EXPOSED_SIDE_MODIFIER });
  }
  const needed = neededNumber(pct.value.percent, modifiers, options.percentModifierMode);
  return ok({
    mode: input.mode,
    area: input.area,
    basePercent: pct.value.percent,
    modifiers,
    needed,
    hitFaces: hittingFaces(needed, options.percentileConvention),
    batteries,
    totalRolls: batteries.reduce((s, b) => s + b.rolls, 0),
    mismatchedAmmo: options.mismatchedAmmo,
    convention: options.percentileConvention
  });
}

/** One group of damage dice: `count` full dice, then (if `hasHalf`) one half die, of `sides`. */
export interface DamagePiece {
  sides: number;
  count: number;
  hasHalf: boolean;
  isMatched: boolean;
}

/**
 * B.4.6: "you multiply your ships damage by the number of decks that hit"; the half deck adds half
 * ("3d6x0.5= 1.5d6", one full die and a half die); mismatched ammunition rolls d4 (B.3.5, option
 * `mismatchedAmmo`). Hits are pooled by die size, so a Schooner's two half-deck hits make 3d6.
 */
export function damagePieces(plan: FirePlan, hitsPerBattery: readonly number[]): DamagePiece[] {
  // Pool deck weight (in halves, to stay integral) by die size and dice per deck.
  const pools = new Map<
    string,
    { sides: number; perDeck: number; halves: number; isMatched: boolean }
  >();
  plan.batteries.forEach((b, i) => {
    const hits = hitsPerBattery[i] ?? 0;
    if (hits === 0) return;
    const halves = hits * Math.round(b.weight * 2);
    let sides: number;
    let perDeck: number;
    if (b.isMatched) {
      sides = b.dice.sides;
      perDeck = b.dice.count;
    } else {
      sides = MISMATCHED_AMMO_SIDES;
      perDeck = plan.mismatchedAmmo === 'eachDieBecomesD4' ? b.dice.count : 1;
    }
    const key = `${sides}|${perDeck}|${b.isMatched}`;
    const pool = pools.get(key) ?? { sides, perDeck, halves: 0, isMatched: b.isMatched };
    pool.halves += halves;
    pools.set(key, pool);
  });
  const pieces: DamagePiece[] = [];
  for (const pool of pools.values()) {
    if (!pool.isMatched && plan.mismatchedAmmo === 'oneD4Total') {
      pieces.push({ sides: pool.sides, count: 1, hasHalf: false, isMatched: false });
      continue;
    }
    const diceHalves = pool.perDeck * pool.halves; // number of dice × 2
    pieces.push({
      sides: pool.sides,
      count: Math.floor(diceHalves / 2),
      hasHalf: diceHalves % 2 === 1,
      isMatched: pool.isMatched
    });
  }
  return pieces;
}

/** "3d6", "1d6 + ½d6", "6d4". */
export function describePieces(pieces: readonly DamagePiece[]): string {
  const parts: string[] = [];
  for (const p of pieces) {
    if (p.count > 0) parts.push(`${p.count}d${p.sides}`);
    if (p.hasHalf) parts.push(`½d${p.sides}`);
  }
  return parts.length ? parts.join(' + ') : 'no damage';
}

/** The dice to roll for damage, in order: every full die first, then the half dice
 *  ("always roll your full die first then the half die"). */
export function damageDiceList(
  pieces: readonly DamagePiece[]
): { sides: number; isHalf: boolean }[] {
  const full: { sides: number; isHalf: boolean }[] = [];
  const half: { sides: number; isHalf: boolean }[] = [];
  for (const p of pieces) {
    for (let i = 0; i < p.count; i++) full.push({ sides: p.sides, isHalf: false });
    if (p.hasHalf) half.push({ sides: p.sides, isHalf: true });
  }
  return [...full, ...half];
}

/** Sums damage faces in `damageDiceList` order; a half die counts ceil(face/2) (B.3.6). */
export function resolveDamage(
  pieces: readonly DamagePiece[],
  faces: readonly number[]
): Result<number> {
  const list = damageDiceList(pieces);
  if (faces.length !== list.length)
    return err(`${list.length} damage dice expected, ${faces.length} given.`);
  let total = 0;
  for (let i = 0; i < list.length; i++) {
    const f = faces[i];
    if (!Number.isInteger(f) || f < 1 || f > list[i].sides)
      return err(`Damage die ${i + 1} is a d${list[i].sides}.`);
    total += list[i].isHalf ? halfDieValue(f) : f;
  }
  return ok(total);
}

export interface HitRollsOutcome {
  /** Per battery: each roll's d100 face and whether it hit. */
  rolls: { battery: Battery; face: number; isHit: boolean }[];
  hitsPerBattery: number[];
  hits: number;
  pieces: DamagePiece[];
}

/** B.4.5 step 7: the percentile rolls, in battery order. Faces are d100 faces 1..100 (100 = "00"). */
export function resolveHitRolls(plan: FirePlan, faces: readonly number[]): Result<HitRollsOutcome> {
  if (faces.length !== plan.totalRolls) {
    return err(`${plan.totalRolls} percentile rolls expected, ${faces.length} given.`);
  }
  if (faces.some((f) => !Number.isInteger(f) || f < 1 || f > 100)) {
    return err('Percentile rolls are 1–100 (type 00 as 100).');
  }
  const rolls: HitRollsOutcome['rolls'] = [];
  const hitsPerBattery: number[] = [];
  let i = 0;
  for (const b of plan.batteries) {
    let hits = 0;
    for (let r = 0; r < b.rolls; r++) {
      const face = faces[i++];
      const isHit = isPercentileHit(face, plan.needed, plan.convention);
      if (isHit) hits++;
      rolls.push({ battery: b.battery, face, isHit });
    }
    hitsPerBattery.push(hits);
  }
  return ok({
    rolls,
    hitsPerBattery,
    hits: hitsPerBattery.reduce((s, h) => s + h, 0),
    pieces: damagePieces(plan, hitsPerBattery)
  });
}

export interface FireOutcome {
  hitRolls: HitRollsOutcome;
  damage: number;
  area: TargetArea;
  batteries: Battery[];
}

/** A whole attack: hit rolls, then damage faces (empty when nothing hit). */
export function resolveFire(
  plan: FirePlan,
  hitFaces: readonly number[],
  damageFaces: readonly number[]
): Result<FireOutcome> {
  const hitRolls = resolveHitRolls(plan, hitFaces);
  if (!hitRolls.ok) return hitRolls;
  const damage = resolveDamage(hitRolls.value.pieces, damageFaces);
  if (!damage.ok) return damage;
  return ok({
    hitRolls: hitRolls.value,
    damage: damage.value,
    area: plan.area,
    batteries: plan.batteries.map((b) => b.battery)
  });
}

/** Whether the exposed-side +30 applies to an attack on `target` (B.4.7 step 8, option
 *  `exposedSideAppliesTo`): the boarding ship, or also the ship being boarded. */
export function exposedSideApplies(
  target: Sheet,
  isTargetBeingBoarded: boolean,
  options: WwOptions
): boolean {
  if (target.boarding !== null) return true;
  return options.exposedSideAppliesTo === 'bothShips' && isTargetBeingBoarded;
}

/** Percentage modifiers a ship brings to its own attacks: its log's list and applied upgrades. */
export function firerModifiers(
  firer: Sheet,
  captainModifiers: readonly PercentModifier[] = []
): PercentModifier[] {
  const fromUpgrades = firer.appliedUpgrades
    .filter((u) => u.effect.percent !== 0)
    .map((u) => ({ source: u.name, value: u.effect.percent }));
  return [...captainModifiers, ...firer.percentModifiers, ...fromUpgrades];
}

/** Sinking (B.4.9 step 2, option `sinkWhen = 'hullZero'`). */
export function withSinking(sheet: Sheet): Sheet {
  return sheet.hull.current === 0 && sheet.status === 'active'
    ? { ...sheet, status: 'sunk' }
    : sheet;
}

/** Damage to one area: `area.current = max(0, area.current − D)` (B.4.5 step 9), then sinking. */
export function applyDamage(sheet: Sheet, area: TargetArea, damage: number): Sheet {
  const points = sheet[area];
  return withSinking({
    ...sheet,
    [area]: { ...points, current: Math.max(0, points.current - damage) }
  });
}

/**
 * B.4.5 steps 9–10: damage to the target area; the batteries that fired are emptied and marked
 * fired this turn, and the firer has attacked (no boarding this turn). Firing at oneself is refused
 * by the caller (the battle knows ship ids).
 */
export function applyFire(
  firer: Sheet,
  target: Sheet,
  outcome: FireOutcome
): { firer: Sheet; target: Sheet } {
  const loaded = { ...firer.loaded };
  for (const b of outcome.batteries) loaded[b] = null;
  const fired = [...firer.firedThisTurn];
  for (const b of outcome.batteries) if (!fired.includes(b)) fired.push(b);
  return {
    firer: { ...firer, loaded, firedThisTurn: fired, hasAttackedThisTurn: true },
    target: applyDamage(target, outcome.area, outcome.damage)
  };
}
