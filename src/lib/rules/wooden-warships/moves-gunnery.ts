import type { BattleState } from '../../engine/events';
import * as move from '../../battle/move';
import { withSheets } from '../../battle/sheets';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import { fireOdds } from './odds-gunnery';
import { givenHitsPlan } from './odds-bounded';
import type { WwOptions } from './options';
import { ownTurn } from './players';
import { loseBoardingParty } from './resolve-boarding';
import {
  applyFire,
  damageDiceList,
  describePieces,
  exposedSideApplies,
  firerModifiers,
  planFire,
  resolveFire,
  resolveHitRolls,
  type DamagePiece,
  type FirePlan,
  type HitRollsOutcome
} from './resolve-gunnery';
import { reload as reloadSheet } from './resolve-turn';
import { reloadPreview } from './orders-preview';
import {
  activeShip,
  boardersOf,
  draftWithVictor,
  plural,
  BATTLE_DECIDED,
  sheetOf,
  sheetsDraft,
  shipDiceRuns,
  shipPair,
  systemOf
} from './ships';
import type { Sheet } from './sheet';
import {
  AMMUNITION,
  AMMO_TYPES,
  BATTERIES,
  BATTERY_NAMES,
  EXPOSED_SIDE_MODIFIER,
  type Ammo,
  type Battery,
  type FireMode,
  type TargetArea
} from './tables';

// Step 3 Attack (SPEC B.4.5, B.4.6) and Maintenance Part 2's reload (B.4.9): one event each, the
// attack with every percentile and damage die in its roll record.

export interface FireSetup {
  firerId: string;
  targetId: string;
  mode: FireMode;
  batteries: Battery[];
  distanceInches: number;
  area: TargetArea;
  /** Fired on from the boarding ship's exposed side (asked only when it can apply). */
  isExposedSide: boolean;
  hasLineOfSight: boolean;
}

/** Can the exposed-side +30 apply to an attack on this target (B.4.7 step 8)? */
export function canBeExposed(state: BattleState, targetId: string, options: WwOptions): boolean {
  const target = sheetOf(state.ships[targetId]);
  if (!target) return false;
  return exposedSideApplies(target, boardersOf(state, targetId).length > 0, options);
}

/**
 * The exposed-side tick's default, from the battle (B.4.7 step 8): ticked when the target is a ship
 * boarding another (or, with `exposedSideAppliesTo = 'bothShips'`, one being boarded), with the
 * reason to show. Which side the shot comes from is still the referee's call, so it stays a tick.
 */
export function exposedSideDefault(
  state: BattleState,
  targetId: string,
  options: WwOptions
): { isExposable: boolean; reason: string } {
  const target = sheetOf(state.ships[targetId]);
  if (!target) return { isExposable: false, reason: '' };
  const bonus =
    options.percentModifierMode === 'relative'
      ? `×${(100 + EXPOSED_SIDE_MODIFIER) / 100}`
      : `+${EXPOSED_SIDE_MODIFIER}`;
  const why = `"During Boarding you are 30% more likely to be hit if attacked from your exposed side due to your crew being occupied" (${bonus}).`;
  if (target.boarding) {
    const prey = sheetOf(state.ships[target.boarding.targetShipId]);
    const side = target.boarding.exposedSide
      ? ` Her exposed side: ${target.boarding.exposedSide}.`
      : '';
    return {
      isExposable: true,
      reason: `${target.name} is boarding ${prey?.name ?? 'a ship'} this turn (${plural(target.boarding.party, 'boarder')} across): ${why}${side} Untick it for a shot from her other side.`
    };
  }
  const boarders = boardersOf(state, targetId);
  if (boarders.length > 0 && options.exposedSideAppliesTo === 'bothShips') {
    return {
      isExposable: true,
      reason: `${target.name} is being boarded by ${boarders.map((b) => b.sheet.name).join(', ')}; the battle's reading applies it to both ships: ${why} Untick it for a shot from her other side.`
    };
  }
  return { isExposable: false, reason: '' };
}

/** B.4.5 steps 1–6 for two ships of the battle: the plan the odds and the resolver share. */
export function planBattleFire(
  state: BattleState,
  setup: FireSetup,
  options: WwOptions
): Result<FirePlan> {
  const pair = shipPair(state, setup.firerId, setup.targetId, 'A ship cannot fire at herself.');
  if (!pair.ok) return pair;
  const [firer, target] = pair.value;
  if (firer.sheet.status !== 'active') return err(`${firer.sheet.name} is ${firer.sheet.status}.`);
  if (target.sheet.status !== 'active') return err('The target is already out of the fight.');
  const captain = systemOf(state).players[firer.ship.player]?.captain;
  return planFire(
    {
      firer: firer.sheet,
      mode: setup.mode,
      batteries: setup.batteries,
      targetType: target.sheet.chart.type,
      distanceInches: setup.distanceInches,
      area: setup.area,
      modifiers: firerModifiers(firer.sheet, captain?.modifiers ?? []),
      isExposedSide: setup.isExposedSide && canBeExposed(state, setup.targetId, options),
      hasLineOfSight: setup.hasLineOfSight
    },
    options
  );
}

/** What each percentile die is for: "Pickle, Zone 1, hit roll 1", in battery order. */
export function hitDiceLabels(plan: FirePlan, firerName: string): string[] {
  return plan.batteries.flatMap((b) =>
    Array.from(
      { length: b.rolls },
      (_, i) => `${firerName}, ${BATTERY_NAMES[b.battery]}, hit roll ${i + 1}`
    )
  );
}

/** What each damage die is for, in the order they are rolled (full dice, then the half dice). */
export function damageDiceLabels(pieces: readonly DamagePiece[], firerName: string): string[] {
  return damageDiceList(pieces).map(
    (d, i) => `${firerName}, damage ${i + 1}${d.isHalf ? ' (half die)' : ''}`
  );
}

export interface FireInput extends FireSetup {
  /** The percentile rolls, in battery order. */
  hitRoll: DiceRoll;
  /** The damage dice (null when every roll missed). */
  damageRoll: DiceRoll | null;
}

/**
 * Step 3 Attack as one event: the percentile faces, then the damage faces (none when every roll
 * missed). Applies the damage and empties the batteries; when a player other than the boarding
 * player attacks a ship being boarded, the boarders on her deck are lost (Errata 2, B.4.5 step 11).
 */
const fireMove = move.defineMove<FireInput, WwOptions>({
  id: 'ww.fire',
  category: 'gunnery',
  input: ({ z, idInput, numberInput, diceInput }) =>
    z.strictObject({
      firerId: idInput,
      targetId: idInput,
      mode: z.enum(['chase', 'halfBroadside', 'fullBroadside']),
      batteries: z.array(z.enum(BATTERIES as [Battery, ...Battery[]])),
      distanceInches: numberInput(0, 100_000),
      area: z.enum(['hull', 'crew', 'rigging']),
      isExposedSide: z.boolean(),
      hasLineOfSight: z.boolean(),
      hitRoll: diceInput,
      damageRoll: z.nullable(diceInput)
    }),
  guards: [BATTLE_DECIDED, ownTurn((i) => i.firerId)],
  run: (state, input, ctx) => {
    const { hitRoll, damageRoll, ...setup } = input;
    const options = ctx.options;
    const plan = planBattleFire(state, setup, options);
    if (!plan.ok) return plan;
    const hitFaces = hitRoll.dice.map((d) => d.face);
    const damageFaces = damageRoll ? damageRoll.dice.map((d) => d.face) : [];
    const r = resolveFire(plan.value, hitFaces, damageFaces);
    if (!r.ok) return r;
    const firerShip = state.ships[setup.firerId];
    const firer = sheetOf(firerShip);
    const target = sheetOf(state.ships[setup.targetId]);
    if (!firerShip || !firer || !target) return move.refuse('Ship missing.');
    const applied = applyFire(firer, target, r.value);
    const sheets: Record<string, Sheet> = {
      [setup.firerId]: applied.firer,
      [setup.targetId]: applied.target
    };
    const lost: string[] = [];
    for (const b of boardersOf(state, setup.targetId)) {
      if (b.player !== firerShip.player && b.id !== setup.firerId) {
        const party = b.sheet.boarding?.party ?? 0;
        sheets[b.id] = loseBoardingParty(b.sheet);
        lost.push(`${b.sheet.name} loses the ${plural(party, 'boarder')} aboard`);
      }
    }
    const out = r.value;
    const hits = out.hitRolls.hits;
    const guns =
      setup.mode === 'chase'
        ? `${BATTERY_NAMES[setup.batteries[0]]}`
        : setup.mode === 'fullBroadside'
          ? 'a full broadside'
          : 'a half broadside';
    const after = applied.target[setup.area].current;
    let summary = `${firer.name} fires ${guns} at ${target.name}'s ${setup.area} (${setup.distanceInches}″): ${hits} of ${plan.value.totalRolls} hit`;
    if (hits > 0) {
      summary += `, ${describePieces(out.hitRolls.pieces)} = ${out.damage} ${setup.area} (${after} left)`;
    }
    if (applied.target.status === 'sunk') summary += `; ${target.name} sinks`;
    if (lost.length) summary += `; ${lost.join('; ')}`;
    const odds = fireOdds(plan.value);
    // Per die: app percentiles then typed damage keep their own source (move.joinRolls).
    const dice = move.labelDice(move.joinRolls(damageRoll ? [hitRoll, damageRoll] : [hitRoll]), [
      ...hitDiceLabels(plan.value, firer.name),
      ...damageDiceLabels(out.hitRolls.pieces, firer.name)
    ]);
    return draftWithVictor(state, {
      kind: 'ww.fire',
      summary,
      next: withSheets(state, sheets),
      // Every die is the firer's: the percentiles hit "UNDER" the number (B.4.5 step 7), so a low
      // face is good for her (a face of 100 read as 00 is the one exception, B.5 #1); then her
      // damage dice, full dice before the half die (B.4.6 step 4), one group per die type.
      meaning: {
        actor: setup.firerId,
        target: setup.targetId,
        dice: [
          ...shipDiceRuns(
            setup.firerId,
            hitRoll.dice,
            false,
            options.percentileConvention === '00to99_under' ? 100 : undefined
          ),
          ...shipDiceRuns(setup.firerId, damageRoll?.dice ?? [], true)
        ],
        hits
      },
      roll: move.rollRecord({
        procedure: 'ww.fire',
        inputs: move.asJson({
          ...setup,
          neededUnder: plan.value.hitFaces,
          basePercent: plan.value.basePercent,
          modifiers: plan.value.modifiers,
          hitFaces,
          damageFaces,
          damageDice: describePieces(out.hitRolls.pieces)
        }),
        dice,
        odds: move.asJson({
          perRoll: formatFraction(odds.perRoll),
          anyHit: formatFraction(odds.anyHit),
          meanDamage: formatFraction(odds.meanDamage)
        }),
        outcome: move.asJson({
          rolls: out.hitRolls.rolls,
          hits,
          damage: out.damage,
          targetAfter: after,
          targetStatus: applied.target.status,
          lostBoarders: lost
        })
      })
    });
  }
});

/** What the attack panel has gathered: the set-up, then the percentile faces once rolled. */
export interface FireAim extends FireSetup {
  hitFaces?: readonly number[];
}

/**
 * The attack before its rolls: the plan whose exact odds the panel shows (worked at once for
 * ordinary ships, in a worker for the largest charts: FireOddsProjection) and, once the
 * percentiles are in, which of them hit and the damage dice they earn.
 */
export interface FireOutlook {
  plan: FirePlan;
  /** The target's hull now, as the move reads her: the damage at which she sinks (B.4.9 step 2),
   *  read with the damage odds by `fireSinkingChance` (fire-odds.ts). */
  targetHull: number;
  hits: HitRollsOutcome | null;
  /** Once the percentiles are in and some hit: the plan whose odds are the damage they do (each
   *  hit a sure one, B.4.6), read by the damage step's odds; null before, or when all missed. */
  damagePlan: FirePlan | null;
}

/** The plan whose odds are the damage the hits do (each battery's hits sure); null for no hit. */
export function damagePlanOf(plan: FirePlan, hits: HitRollsOutcome): FirePlan | null {
  return hits.hits > 0 ? givenHitsPlan(plan, hits.hitsPerBattery) : null;
}

export type { DamagePiece, FirePlan, HitRollsOutcome };
export type { FireOdds } from './odds-gunnery';

/** The percentile dice of an attack, one group per battery, the firer's, low good (B.4.5 step 7). */
export function fireHitDice(
  batteries: readonly { battery: Battery; rolls: number }[],
  firer: string | null,
  name: string
): move.DiceNeed[] {
  return batteries
    .filter((b) => b.rolls > 0)
    .map((b) => ({
      count: b.rolls,
      sides: 100,
      label: `${name ? `${name}, ` : ''}${BATTERY_NAMES[b.battery]}: to hit`,
      ship: firer,
      isHighGood: false,
      ...(name ? { group: `Attacker: ${name}` } : {})
    }));
}

/** The damage dice the hits earn, in the order the move reads them: full dice, then the half die
 *  ("always roll your full die first then the half die", B.4.6 step 4); the firer's, high good. */
export function fireDamageDice(
  pieces: readonly DamagePiece[],
  firer: string | null,
  name: string
): move.DiceNeed[] {
  const out: move.DiceNeed[] = [];
  const who = name ? `${name}, ` : '';
  for (const d of damageDiceList(pieces)) {
    const label = `${who}${d.isHalf ? 'half die' : 'damage'}`;
    const last = out[out.length - 1];
    if (last && last.sides === d.sides && last.label === label) last.count++;
    else
      out.push({
        count: 1,
        sides: d.sides,
        label,
        ship: firer,
        isHighGood: true,
        ...(name ? { group: `Attacker: ${name}` } : {})
      });
  }
  return out;
}

/** The last outlook worked out, with what it was worked out of (compared by identity: a state is
 *  never changed in place): the panels ask one attack for its odds and for its dice, and the dice
 *  read the odds, so the plan is worked out once for both (issue 40). */
let lastOutlook: {
  state: BattleState;
  aim: FireAim;
  options: WwOptions;
  outlook: Result<FireOutlook>;
} | null = null;

const firePreview: move.MovePreview<FireAim, FireOutlook, WwOptions> = {
  odds: (state, aim, options) => {
    const last = lastOutlook;
    if (last?.state === state && last.aim === aim && last.options === options) return last.outlook;
    const outlook = fireOutlook(state, aim, options);
    lastOutlook = { state, aim, options, outlook };
    return outlook;
  },
  dice: (state, aim, options) => {
    const outlook = firePreview.odds(state, aim, options);
    if (!outlook.ok) return outlook;
    const name = sheetOf(state.ships[aim.firerId])?.name ?? '';
    const { plan, hits } = outlook.value;
    return ok(
      hits
        ? fireDamageDice(hits.pieces, aim.firerId, name)
        : fireHitDice(plan.batteries, aim.firerId, name)
    );
  }
};

function fireOutlook(state: BattleState, aim: FireAim, options: WwOptions): Result<FireOutlook> {
  const { hitFaces, ...setup } = aim;
  const plan = planBattleFire(state, setup, options);
  if (!plan.ok) return plan;
  const targetHull = sheetOf(state.ships[setup.targetId])?.hull.current ?? 0;
  if (!hitFaces) return ok({ plan: plan.value, targetHull, hits: null, damagePlan: null });
  const hits = resolveHitRolls(plan.value, [...hitFaces]);
  if (!hits.ok) return hits;
  return ok({
    plan: plan.value,
    targetHull,
    hits: hits.value,
    damagePlan: damagePlanOf(plan.value, hits.value)
  });
}

/** Step 3 Attack, with its odds and dice before the rolls (`fire.preview`). */
export const fire = move.withPreview(fireMove, firePreview);

export interface ReloadInput {
  shipId: string;
  loads: Partial<Record<Battery, Ammo>>;
}

/** Maintenance Part 2 (B.4.9): "Load the Prime! Announce the shot you are loading". */
const reloadMove = move.defineMove<ReloadInput, WwOptions>({
  id: 'ww.reload',
  category: 'reload',
  input: ({ z, idInput }) =>
    z.strictObject({
      shipId: idInput,
      loads: z.partialRecord(
        z.enum(BATTERIES as [Battery, ...Battery[]]),
        z.optional(z.enum(AMMO_TYPES as [Ammo, ...Ammo[]]))
      )
    }),
  guards: [ownTurn((i) => i.shipId)],
  run: (state, input, ctx) => {
    const s = activeShip(state, input.shipId);
    if (!s.ok) return s;
    const entries = Object.entries(input.loads).filter(([, a]) => a) as [Battery, Ammo][];
    if (entries.length === 0) return move.refuse('Choose the shot for at least one battery.');
    const r = reloadSheet(s.value.sheet, input.loads, ctx.options);
    if (!r.ok) return r;
    // Every battery with the same shot (the one-tap load) reads as one phrase.
    const isAll =
      entries.length === BATTERIES.length && entries.every(([, a]) => a === entries[0][1]);
    const what = isAll
      ? `every battery with ${AMMUNITION[entries[0][1]].name.toLowerCase()}`
      : entries.map(([b, a]) => `${BATTERY_NAMES[b]}: ${a}`).join(', ');
    return sheetsDraft(state, {
      kind: 'ww.reload',
      summary: `${s.value.sheet.name} loads ${what}`,
      sheets: { [input.shipId]: r.value },
      // Loading is announced, not rolled (B.4.9 step 1): the ship's act, no dice.
      meaning: { actor: input.shipId }
    });
  }
});

/** The reload, with which batteries may load now before the shot is announced (`reload.preview`). */
export const reload = move.withPreview(reloadMove, reloadPreview);
