import { describe, expect, it } from 'vitest';
import type { BattleState, Json } from '$lib/battle/events';
import { createAction } from '$lib/battle/actions';
import { invertOps } from '$lib/battle/diff';
import { applyOps } from '$lib/battle/fold';
import { broadsideOdds } from '$lib/rules/privateers/odds';
import { privateers } from '$lib/rules/privateers';
import type { ShipClass } from '$lib/rules/privateers/sheet';
import {
  broadsideHits,
  classesFromRecords,
  joinRolls,
  oddsRecord,
  planBroadside,
  resolveBroadside,
  resolveMoraleAction,
  resolveReloadAction,
  setWind,
  systemOf,
  sheetOf,
  shipFromClass,
  type FireSetup
} from './pv-battle';
import { tossFromFaces } from './pv-ui';

// EXAMPLE class values (user data; the text has no ship charts).
const FRIGATE: ShipClass = {
  id: 'frigate',
  className: 'Example frigate',
  rig: 'squareRigged',
  masts: 3,
  bowsprit: true,
  sailingRates: { beating: [1, 2, 3], broadReaching: [2, 3, 4], running: [2, 3, 4] },
  hullPoints: 40,
  riggingPoints: 30,
  crew: 60,
  marines: 10,
  boats: 2,
  guns: [
    { cls: 'medium', extraHeavyDice: 0, side: 'starboard', arcDeg: 45, count: 3 },
    { cls: 'medium', extraHeavyDice: 0, side: 'larboard', arcDeg: 45, count: 3 }
  ]
};

function battle(): BattleState {
  const a = shipFromClass(FRIGATE, { id: 'a', name: 'Surprise', side: 'GB', player: '', order: 0 });
  const b = shipFromClass(FRIGATE, { id: 'b', name: 'Hermione', side: 'ES', player: '', order: 1 });
  return { turn: 1, phase: 3, ships: { a, b }, system: null };
}

const SETUP: FireSetup = {
  firerId: 'a',
  targetId: 'b',
  gunIds: ['starboard-medium-1', 'starboard-medium-2', 'starboard-medium-3'],
  range: 10,
  aim: 'low',
  rake: 'none',
  facingSide: 'larboard',
  gunnerSightsId: null,
  isLandBased: false
};

function fire(state: BattleState, hitFaces: number[], damage: number[], critical?: number) {
  const firer = sheetOf(state.ships.a);
  if (!firer) throw new Error('no sheet');
  const plan = planBroadside(firer, SETUP);
  if (!plan.ok) throw new Error(plan.error);
  const h = broadsideHits(plan.value, hitFaces);
  if (!h.ok) throw new Error(h.error);
  const dice = tossFromFaces(h.value.counts, damage);
  return {
    plan: plan.value,
    hits: h.value,
    r: resolveBroadside(state, SETUP, plan.value, h.value.hits, { dice, criticalFace: critical })
  };
}

describe('Privateers battle actions', () => {
  it('a ship from a class has the class chart and loaded guns; bad class records are skipped', () => {
    const s = sheetOf(battle().ships.a);
    expect(s?.hull.points).toBe(40);
    expect(s?.guns.filter((g) => g.loaded)).toHaveLength(6);
    const list = classesFromRecords([
      { id: 'r1', data: FRIGATE },
      { id: 'r2', data: { className: 'broken' } }
    ]);
    expect(list.map((x) => x.recordId)).toEqual(['r1']);
  });

  it('a broadside with double ones applies hull, crew, gun and the critical, and unloads the guns', () => {
    const state = battle();
    // Short range, fire low, Fighting Sail 0 → No Sail: hit on ≤ 9 + 1 = 10; 3 hits → 6 Ball Low dice.
    const { hits, r } = fire(state, [1, 5, 10], [1, 1, 3, 4, 5, 6], 6);
    expect(hits.counts.ballLow).toBe(6);
    if (!r.ok) throw new Error(r.error);
    const target = sheetOf(r.value.next.ships.b);
    const firer = sheetOf(r.value.next.ships.a);
    expect(target?.hull.damage).toBe(7);
    expect(target?.crew.current).toBe(59);
    // The first Gun+ goes to the side facing the firer.
    expect(target?.guns.filter((g) => g.destroyed).map((g) => g.id)).toEqual(['larboard-medium-1']);
    expect(target?.onFire.burning).toBe(true);
    expect(target?.onFire.ignitedOnTurn).toBe(1);
    expect(firer?.guns.filter((g) => g.side === 'starboard').every((g) => !g.loaded)).toBe(true);
    expect(r.value.summary).toBe(
      'Surprise fires 3 guns at Hermione: 3 hits, 7 hull, 1 crew, 1 gun, critical: Fire'
    );
    // Undo is the inverse of the recorded ops: every effect is reverted.
    const draft = createAction(state, {
      kind: 'pv.cannonFire',
      summary: r.value.summary,
      next: r.value.next
    });
    const after = applyOps(state as unknown as Json, draft.ops);
    expect(after).toEqual(r.value.next);
    expect(applyOps(after, invertOps(draft.ops))).toEqual(state);
  });

  it('a critical without its d12 is refused; misses unload the guns and change nothing else', () => {
    const state = battle();
    expect(fire(state, [1, 12, 12], [1, 1]).r.ok).toBe(false);
    const miss = fire(state, [11, 12, 12], []).r;
    if (!miss.ok) throw new Error(miss.error);
    expect(miss.value.summary).toBe('Surprise fires 3 guns at Hermione: all miss');
    expect(miss.value.next.ships.b).toEqual(state.ships.b);
  });

  it('the odds record holds exact fractions', () => {
    const firer = sheetOf(battle().ships.a);
    if (!firer) throw new Error('no sheet');
    const plan = planBroadside(firer, SETUP);
    if (!plan.ok) throw new Error(plan.error);
    const rec = oddsRecord(broadsideOdds(plan.value.guns, 'low', plan.value.rakes)) as Record<
      string,
      Json
    >;
    expect(rec.perGun).toEqual(SETUP.gunIds.map((id) => ({ id, p: '5/6' })));
    expect(rec.pAnyHit).toBe('215/216');
  });

  it('the Fire critical triggers morale; a roll of 12 from green ratings strikes', () => {
    const { r } = fire(battle(), [1, 5, 10], [1, 1, 3, 4, 5, 6], 6);
    if (!r.ok) throw new Error(r.error);
    const m = resolveMoraleAction(r.value.next, 'b', 12);
    if (!m.ok) throw new Error(m.error);
    expect(m.value.triggers).toContain('onFire');
    expect(sheetOf(m.value.next.ships.b)?.struck).toBe(true);
    const pass = resolveMoraleAction(r.value.next, 'b', 3);
    if (!pass.ok) throw new Error(pass.error);
    expect(sheetOf(pass.value.next.ships.b)?.struck).toBe(false);
  });

  it('reload loads on 7+; the next turn clears the morale triggers', () => {
    const { r } = fire(battle(), [1, 5, 10], [1, 1, 3, 4, 5, 6], 6);
    if (!r.ok) throw new Error(r.error);
    const reload = resolveReloadAction(r.value.next, 'a', 7);
    if (!reload.ok) throw new Error(reload.error);
    expect(reload.value.loaded).toBe(3);
    const short = resolveReloadAction(r.value.next, 'a', 6);
    expect(short.ok && short.value.loaded).toBe(0);
    // The next turn (RuleSystem.onTurnStart) clears the turn's morale triggers.
    const target = sheetOf(r.value.next.ships.b);
    if (!target || !privateers.onTurnStart) throw new Error('no sheet or hook');
    expect(target.turnEvents.wasOnFire).toBe(true);
    const after = privateers.onTurnStart(target, { endedTurn: 1, options: {} });
    expect(after.turnEvents.wasOnFire).toBe(false);
  });

  it('joinRolls keeps every face and marks typed dice as entered', () => {
    const j = joinRolls([
      { source: 'app', dice: [{ sides: 12, face: 3 }] },
      { source: 'entered', dice: [{ sides: 6, face: 1 }] }
    ]);
    expect(j.source).toBe('entered');
    expect(j.dice.map((d) => d.face)).toEqual([3, 1]);
  });

  it('the wind is set in the system state, normalised to 0–359°', () => {
    const state = battle();
    expect(systemOf(state).windFromDeg).toBe(0);
    const r = setWind(state, 405);
    if (!r.ok) throw new Error(r.error);
    expect(systemOf(r.value)).toEqual({ windFromDeg: 45, initiativeOrder: [], boardings: [] });
    expect(r.value.ships).toBe(state.ships);
  });
});
