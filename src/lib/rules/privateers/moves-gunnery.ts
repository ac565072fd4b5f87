import type { BattleState, Json } from '../../engine/events';
import type { InputKitModule } from '../../engine/move';
import { asJson, draftOf, rollRecord, withPreview } from '../../battle/move';
import { rolledBy, type MeaningParts } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { err, ok, type Result } from '../../engine/result';
import * as common from './moves-common';
import { broadsideOdds, tossOdds, type BroadsideOdds } from './odds';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { cannonFirePreview, planBroadside, type FirePlan, type FireSetup } from './fire-plan';
import { reloadPreview } from './previews';
import { damageExtraPreview, damageTossPreview, tossStateOf } from './damage-preview';
import { fireInProgress, fireLabel, hasReloaded, nameIn, reloadKey } from './turn-reads';
import { reloadMod } from './morale-reads';
import {
  applyGunsFired,
  applyToss,
  gunnerMoveNote,
  COLUMN_ORDER,
  damageDiceFor,
  resolveHits,
  resolveToss,
  tossNeeds,
  type ColumnCounts,
  type TossDie,
  type TossOutcome
} from './resolve-gunnery';
import { applyReload, reloadGunsOf, resolveReload } from './resolve-tasks';
import { reloadBatteries, type FireInProgress } from './sheet';
import { OFFICER_LABELS } from './tables';
import { CRITICAL_LABELS, DAMAGE_COLUMN_LABELS } from './tables-play';

// Privateers cannon fire (SPEC C.4.7–C.4.9), by ships and by fortifications and land batteries
// (C.4.13 with Errata 1), and reload (C.4.5, one roll per vessel or independent battery a turn).
// A fire is three moves, each one event: the hit d12s (the guns fire, the fire is then under way in
// the battle state), the damage d6s, and — on double ones or Officer* results — the Critical Hits
// d12 and the Officer Hits d6s. A page reload keeps a fire under way; undo steps back through it.

export {
  GUN_SIDES,
  gunsReady,
  planBroadside,
  sidesReady,
  type Broadside,
  type FirePlan,
  type FireSetup,
  type FireTarget,
  type GunSide
} from './fire-plan';

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

/** The damage dice of a toss in words: "1 Swivel/Grape + 2 Ball Low". */
export function describeCounts(counts: ColumnCounts): string {
  const parts = COLUMN_ORDER.filter((c) => counts[c] > 0).map(
    (c) => `${counts[c]} ${DAMAGE_COLUMN_LABELS[c]}`
  );
  return parts.length ? parts.join(' + ') : 'no dice';
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
    perGun: odds.perGun.map((g) => ({ id: g.id, p: common.frac(g.p) })),
    pAnyHit: common.frac(odds.hits.probWhere((h) => h > 0)),
    pCritical: common.frac(odds.pCritical),
    expectedCrew: common.frac(odds.expectedCrew),
    expectedGuns: common.frac(odds.expectedGuns),
    expectedOfficerRolls: common.frac(odds.expectedOfficerRolls),
    expectedCriticalOfficers: common.frac(odds.expectedCriticalOfficers)
  };
}

/** The dice of one toss as `resolveToss` takes them. */
export interface TossInput {
  dice: TossDie[];
  criticalFace?: number;
  officerFaces?: number[];
}

// ---- The fire under way ----------------------------------------------------------------------

function clearFire(state: BattleState): BattleState {
  return common.withSystem(state, { ...common.systemOf(state), fire: null });
}

const fireSetupInput = ({ z, idInput, numberInput }: InputKitModule) =>
  z.strictObject({
    firerId: idInput,
    targetId: idInput,
    gunIds: z.array(idInput),
    range: numberInput(0, 100_000),
    aim: z.enum(['low', 'high']),
    rake: z.enum(['none', 'bow', 'stern']),
    facingSide: z.enum(['starboard', 'larboard']),
    gunnerSightsId: z.nullable(idInput),
    isLandBased: z.boolean()
  });

export interface CannonFireInput {
  setup: FireSetup;
  /** The hit d12s, one per gun in `setup.gunIds` order. */
  dice: DiceRoll;
}

/**
 * C.4.7 steps 1–9: the guns fire (they are unloaded, C.4.7 step 3) and the hit d12s are read. With
 * no damage dice to roll the fire is over; otherwise it is under way until its damage is rolled.
 */
const cannonFireMove = common.pvMove<CannonFireInput>({
  id: 'pv.cannon-fire',
  input: (kit) => {
    const { z, diceInput } = kit;
    return z.strictObject({ setup: fireSetupInput(kit), dice: diceInput });
  },
  phase: 'movementFiring',
  what: 'Cannon fire',
  category: 'gunnery',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { setup } = input;
    const under = fireInProgress(state);
    if (under) return err(`Finish ${fireLabel(state, under)} first: its damage is still to roll.`);
    if (setup.firerId === setup.targetId) return err('A ship cannot fire at itself.');
    const firer = common.fightingSheet(state, setup.firerId);
    if (!firer.ok) return firer;
    const target = common.fightingSheet(state, setup.targetId);
    if (!target.ok) return target;
    if (firer.value.sail === 3) return err('Full Sail: "No firing is allowed at this speed".');
    const notReady = setup.gunIds.filter(
      (id) => !firer.value.guns.some((g) => g.id === id && g.loaded && !g.destroyed)
    );
    if (notReady.length) return err('Only loaded guns fire ("guns must be loaded to fire again").');
    const plan = planBroadside(firer.value, setup, options, {
      sheet: target.value,
      turn: state.turn
    });
    if (!plan.ok) return plan;
    const p = plan.value;
    const h = broadsideHits(p, common.facesOf(input.dice), options);
    if (!h.ok) return h;
    const n = h.value.hits.filter(Boolean).length;
    const dice = totalDice(h.value.counts);
    const fired = common.markDone(
      common.withSheets(state, { [setup.firerId]: applyGunsFired(firer.value, setup.gunIds) }),
      setup.firerId,
      'fired'
    );
    const head =
      `${firer.value.name} fires ${common.plural(p.guns.length, 'gun')} at ${target.value.name}: ` +
      (n === 0 ? 'all miss' : `${common.plural(n, 'hit')}`);
    const fire: FireInProgress = {
      turn: state.turn,
      firerId: setup.firerId,
      targetId: setup.targetId,
      gunIds: [...setup.gunIds],
      aim: setup.aim,
      rake: setup.rake,
      facingSide: setup.facingSide,
      hits: n,
      counts: h.value.counts,
      damage: null
    };
    const summary = n === 0 ? head : dice === 0 ? `${head}, no damage` : `${head}; damage to roll`;
    const odds = broadsideOdds(p.guns, setup.aim, p.rakes, options, p.toss);
    if (!odds.ok) return odds;
    return draftOf(state, {
      kind: 'pv.cannon-fire',
      summary,
      next: dice === 0 ? fired : common.withSystem(fired, { ...common.systemOf(fired), fire }),
      // Every hit d12 is the firer's; a hit is a face at or under the gun's number (C.4.7 step 8).
      meaning: {
        actor: setup.firerId,
        target: setup.targetId,
        dice: [rolledBy(setup.firerId, input.dice, false)],
        hits: n
      },
      roll: rollRecord({
        procedure: 'pv.cannon-fire',
        inputs: asJson({
          ...setup,
          turn: state.turn,
          band: p.band,
          isLandBased: p.isLandBased,
          isCriticalSpent: p.toss.isCriticalSpent,
          tossGrouping: options.tossGrouping,
          thresholds: p.guns.map((g) => g.threshold)
        }),
        dice: input.dice,
        odds: oddsRecord(odds.value),
        outcome: { hits: h.value.hits, counts: h.value.counts, summary }
      })
    });
  }
});

/** Cannon fire, with its odds and hit dice before the roll (`cannonFire.preview`). */
export const cannonFire = withPreview(cannonFireMove, cannonFirePreview);

function finishToss(
  state: BattleState,
  f: FireInProgress,
  toss: TossInput,
  options: PvOptions
): Result<{ next: BattleState; outcome: TossOutcome; summary: string }> {
  const target = common.shipSheet(state, f.targetId);
  if (!target.ok) return target;
  const tossState = tossStateOf(state, f, options);
  const r = resolveToss(
    toss.dice,
    f.aim,
    { criticalFace: toss.criticalFace, officerFaces: toss.officerFaces },
    options,
    tossState
  );
  if (!r.ok) return r;
  const nextTarget = applyToss(
    target.value,
    r.value,
    { turn: state.turn, facingSide: f.facingSide, stern: f.rake === 'stern' },
    options
  );
  const spentNote =
    tossState.isCriticalSpent && r.value.ones >= 2
      ? ' (double ones count as damage: the one critical of this toss is taken)'
      : '';
  const firer = nameIn(state, f.firerId);
  const summary =
    `${firer} fires ${common.plural(f.gunIds.length, 'gun')} at ${target.value.name}: ` +
    `${common.plural(f.hits, 'hit')}, ${describeToss(r.value)}${spentNote}` +
    gunnerMoveNote(target.value, nextTarget);
  return ok({
    next: common.markGunnersMoved(
      state,
      clearFire(common.withSheets(state, { [f.targetId]: nextTarget }))
    ),
    outcome: r.value,
    summary
  });
}

/** The damage, critical and officer dice of a fire under way are the firer's (C.4.8). */
function damageMeaning(f: FireInProgress, dice: DiceRoll): MeaningParts {
  return { actor: f.firerId, target: f.targetId, dice: [rolledBy(f.firerId, dice)] };
}

/** C.4.8 steps 1–3: the damage d6s of the fire under way ("All damage dice are rolled at the same
 *  time"). Double ones or Officer* results leave the fire under way for their dice. */
const damageTossMove = common.pvMove<{ dice: DiceRoll }>({
  id: 'pv.damage-toss',
  input: ({ z, diceInput }) => z.strictObject({ dice: diceInput }),
  phase: null,
  what: 'Damage dice',
  category: 'gunnery-damage',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const f = fireInProgress(state);
    if (!f) return err('No cannon fire is waiting for its damage dice.');
    if (f.damage) return err('The damage dice are rolled; roll the critical and officer dice.');
    const faces = common.facesOf(input.dice);
    const n = totalDice(f.counts);
    if (faces.length !== n) return err(`Roll ${common.plural(n, 'damage die', 'damage dice')}.`);
    if (!faces.every((x) => Number.isInteger(x) && x >= 1 && x <= 6))
      return err('Damage dice are d6 faces 1–6.');
    const dice = tossFromFaces(f.counts, faces);
    const needs = tossNeeds(dice, options, tossStateOf(state, f, options));
    const odds = tossOdds(f.counts, f.aim, options, tossStateOf(state, f, options));
    if (!odds.ok) return odds;
    const record = (summary: string, outcome: Json) =>
      rollRecord({
        procedure: 'pv.damage-toss',
        inputs: { firerId: f.firerId, targetId: f.targetId, turn: state.turn, counts: f.counts },
        dice: input.dice,
        odds: { pCritical: common.frac(odds.value.pCritical) },
        outcome
      });
    if (needs.isCritical || needs.officerRolls > 0) {
      const what = [
        needs.isCritical ? 'a critical' : '',
        needs.officerRolls > 0
          ? common.plural(needs.officerRolls, 'officer die', 'officer dice')
          : ''
      ]
        .filter(Boolean)
        .join(' and ');
      const summary = `${fireLabel(state, f)}: damage dice ${faces.join(', ')}; ${what} to roll`;
      return draftOf(state, {
        kind: 'pv.damage-toss',
        summary,
        next: common.withSystem(state, { ...common.systemOf(state), fire: { ...f, damage: dice } }),
        meaning: damageMeaning(f, input.dice),
        roll: record(summary, { summary })
      });
    }
    const r = finishToss(state, f, { dice }, options);
    if (!r.ok) return r;
    return draftOf(state, {
      kind: 'pv.damage-toss',
      summary: r.value.summary,
      next: r.value.next,
      meaning: damageMeaning(f, input.dice),
      roll: record(r.value.summary, { toss: asJson(r.value.outcome), summary: r.value.summary })
    });
  }
});

/** C.4.8 steps 4–6: the Critical Hits d12 (if double ones) then one Officer Hits d6 per Officer*
 *  result, in one pad roll; the fire is then over. */
const damageExtraMove = common.pvMove<{ dice: DiceRoll }>({
  id: 'pv.damage-extra',
  input: ({ z, diceInput }) => z.strictObject({ dice: diceInput }),
  phase: null,
  what: 'Critical and officer dice',
  category: 'gunnery-damage',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const f = fireInProgress(state);
    if (!f || !f.damage) return err('No critical or officer dice are waiting to be rolled.');
    const needs = tossNeeds(f.damage, options, tossStateOf(state, f, options));
    const faces = common.facesOf(input.dice);
    const n = (needs.isCritical ? 1 : 0) + needs.officerRolls;
    if (faces.length !== n) return err(`Roll ${common.plural(n, 'die', 'dice')}.`);
    const r = finishToss(
      state,
      f,
      {
        dice: f.damage,
        criticalFace: needs.isCritical ? faces[0] : undefined,
        officerFaces: faces.slice(needs.isCritical ? 1 : 0)
      },
      options
    );
    if (!r.ok) return r;
    return draftOf(state, {
      kind: 'pv.damage-extra',
      summary: r.value.summary,
      next: r.value.next,
      meaning: damageMeaning(f, input.dice),
      roll: rollRecord({
        procedure: 'pv.damage-extra',
        inputs: {
          firerId: f.firerId,
          targetId: f.targetId,
          turn: state.turn,
          isCritical: needs.isCritical,
          officerRolls: needs.officerRolls
        },
        dice: input.dice,
        outcome: { toss: asJson(r.value.outcome), summary: r.value.summary }
      })
    });
  }
});

/** The damage dice and the critical and officer dice, each with its odds and dice before the roll
 *  (`damageToss.preview`, `damageExtra.preview`). */
export const damageToss = withPreview(damageTossMove, damageTossPreview);
export const damageExtra = withPreview(damageExtraMove, damageExtraPreview);

// ---- Reload (C.4.5) --------------------------------------------------------------------------

export interface ReloadInput {
  shipId: string;
  /** For a fortification: the independent battery rolling (C.4.5 step 1). */
  battery?: number;
  dice: DiceRoll;
}

/** C.4.5: one d12 + (Gunner + Crew) per vessel or independent battery a turn. */
const reloadMove = common.pvMove<ReloadInput>({
  id: 'pv.reload',
  input: ({ z, idInput, diceInput, intInput }) =>
    z.strictObject({
      shipId: idInput,
      battery: z.optional(intInput(0, 1000)),
      dice: diceInput
    }),
  phase: 'initiativeReload',
  what: 'Reload',
  category: 'reload',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    const { shipId, battery } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    const b = battery === undefined ? null : reloadBatteries(s.value)[battery];
    if (battery !== undefined && !b) return err('No such battery.');
    const who = b ? `${s.value.name} ${b.name}` : s.value.name;
    if (hasReloaded(state, shipId, battery))
      return err(
        `${who} has already rolled to reload this turn: one roll per ` +
          (b ? 'battery' : 'vessel') +
          ' a turn ("All guns within a vessel or fortification are loaded when a seven or higher is rolled").'
      );
    const all = reloadGunsOf(s.value);
    const guns = b ? all.filter((g) => b.gunIds.includes(g.id)) : all;
    if (guns.length === 0)
      return err(b ? 'Every gun of this battery is loaded.' : 'Every gun is loaded.');
    const mod = reloadMod(s.value);
    const face = common.facesOf(input.dice)[0] ?? 0;
    const r = resolveReload(guns, mod, face, options);
    if (!r.ok) return r;
    const summary = `${who} reloads (${r.value.roll} → ${r.value.modified}): ${r.value.loaded.length} of ${guns.length} guns loaded`;
    return draftOf(state, {
      kind: 'pv.reload',
      summary,
      next: common.markDone(
        common.withSheets(state, { [shipId]: applyReload(s.value, r.value) }),
        reloadKey(shipId, battery),
        'reload'
      ),
      // d12 + (Gunner + Crew), seven or higher loads (C.4.5): high is good for the loader.
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice)] },
      roll: rollRecord({
        procedure: 'pv.reload',
        inputs: asJson({
          shipId,
          turn: state.turn,
          battery: battery ?? null,
          mod,
          guns: guns.map((g) => ({ ...g }))
        }),
        dice: input.dice,
        outcome: asJson({ ...r.value, summary })
      })
    });
  }
});

/** Reload, with its odds and die before the roll (`reload.preview`). */
export const reload = withPreview(reloadMove, reloadPreview);
