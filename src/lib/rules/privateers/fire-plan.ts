// A Privateers broadside before its roll (SPEC C.4.7 steps 1–8): the guns that can fire, the plan
// the odds are worked from, and what the cannon-fire move says before its hit d12s are rolled
// (issue 31 item 2, `cannonFire.preview`): the exact odds and a d12 per gun, the firer's, low good.
import type { DiceNeed, MovePreview } from '../../battle/move';
import { err, ok, type Result } from '../../engine/result';
import { shipSheet } from './moves-common';
import type { Rational } from '../../engine/rational';
import { broadsideOdds, expectedOfficerHits, type BroadsideOdds } from './odds';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import {
  checkAimAt,
  firingGunsFrom,
  isCriticalSpent,
  isLandBasedFire,
  rangeBand,
  type FiringGun,
  type TossState
} from './resolve-gunnery';
import { gunName, type Gun, type Sheet } from './sheet';
import type { Aim } from './tables';

export type GunSide = Gun['side'];
export type Broadside = 'starboard' | 'larboard';

/** The order the gun sides are offered in. */
export const GUN_SIDES: readonly GunSide[] = ['starboard', 'larboard', 'bow', 'stern', 'land'];

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

/** The broadside planned on the battle's logs: the firer's guns at the target, this turn. */
function planOn(
  state: Parameters<MovePreview<FireSetup, unknown, PvOptions>['odds']>[0],
  setup: FireSetup,
  options: PvOptions
): Result<{ plan: FirePlan; firer: Sheet }> {
  const firer = shipSheet(state, setup.firerId);
  if (!firer.ok) return firer;
  const target = shipSheet(state, setup.targetId);
  if (!target.ok) return target;
  const plan = planBroadside(firer.value, setup, options, {
    sheet: target.value,
    turn: state.turn
  });
  return plan.ok ? ok({ plan: plan.value, firer: firer.value }) : plan;
}

/** The fire before its roll: the plan and the exact odds worked from it (the log's). */
export interface FireOutlook {
  plan: FirePlan;
  /** The fire's odds, with the officers it is expected to hit (Officer* damage results and
   *  critical officer hits together). */
  odds: BroadsideOdds & { expectedOfficers: Rational };
}

/** The fire's odds by broadsideOdds' answer, which it keeps by its inputs (see withOfficers). */
const fireOddsOf = new WeakMap<BroadsideOdds, FireOutlook['odds']>();

/**
 * The broadside's odds with the officers it is expected to hit, kept by the broadside's answer:
 * the same fire gives the same object, so a panel that shows it (PvGunneryOdds) draws nothing
 * again after an event that left the fire as it was (issue 39: a move or an undo in Phase 4 drew
 * the broadside's odds fold and its charts again, a fresh object each time).
 */
function withOfficers(odds: BroadsideOdds): FireOutlook['odds'] {
  const kept = fireOddsOf.get(odds);
  if (kept) return kept;
  const made = { ...odds, expectedOfficers: expectedOfficerHits(odds) };
  fireOddsOf.set(odds, made);
  return made;
}

export const cannonFirePreview: MovePreview<FireSetup, FireOutlook, PvOptions> = {
  odds: (state, setup, options) => {
    const p = planOn(state, setup, options);
    if (!p.ok) return p;
    const { guns, rakes, toss } = p.value.plan;
    const odds = broadsideOdds(guns, setup.aim, rakes, options, toss);
    if (!odds.ok) return odds;
    return ok({ plan: p.value.plan, odds: withOfficers(odds.value) });
  },
  // One hit d12 a gun, in the guns' order, the firer's; "a hit is scored if the roll is equal to
  // or less than" the gun's number (C.4.7 step 8), so low is good for the firer.
  dice: (state, setup, options) => {
    const p = planOn(state, setup, options);
    if (!p.ok) return p;
    const { firer, plan } = p.value;
    return ok(
      plan.guns.map((g): DiceNeed => ({
        count: 1,
        sides: 12,
        label: `${firer.name}, ${gunName(firer.guns, g.id)}, hit`,
        group: firer.name,
        ship: setup.firerId,
        isHighGood: false
      }))
    );
  }
};
