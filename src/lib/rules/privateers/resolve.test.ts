import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../engine/system';
import { privateers } from './index';
import { DEFAULT_OPTIONS, readOptions, type PvOptions } from './options';
import { OPTIONS } from './option-list';
import { applyMorale, resolveMorale } from './resolve-morale';
import {
  commanderRating,
  initiativeMod,
  moraleChecksDue,
  moraleMod,
  moraleTriggers,
  reloadMod
} from './morale-reads';
import {
  allotment,
  applyDropAnchor,
  applySpeedCap,
  applyTack,
  applyWeighAnchorTurn,
  heaveToRestart,
  pointOfSail,
  resolveDrift,
  resolveTack,
  resolveWeighAnchor,
  sailingCrewRequired,
  speedCap,
  validateOrders,
  windAngle
} from './resolve-movement';
import { valueOr } from '../../engine/inputs';
import {
  applyFire,
  applyJuryRig,
  applyPumping,
  applyReload,
  fireAttemptDue,
  firePhaseStep,
  applyFireIgnitionDamage,
  reloadGunsOf,
  resolveDamageControl,
  resolveFire,
  resolveGrapple,
  resolveJuryRig,
  resolveMarksmen,
  resolveReload
} from './resolve-tasks';
import { applyCollision, resolveCollision } from './resolve-collision';
import { resolveInitiative } from './resolve-initiative';
import { checkCrewAssignments } from './crew-check';
import { applyEndOfTurn, PHASES, proceduresForPhase } from './resolve-turn';
import {
  defaultSheet,
  defaultSystemState,
  ratingFromD6,
  ratingTitle,
  sheetFromClass,
  type Gun,
  type ShipClass,
  type Sheet
} from './sheet';
import { sheetSchema, shipClassSchema, systemStateSchema } from './sheet-schema';

const opts = (o: Partial<PvOptions> = {}): PvOptions => ({ ...DEFAULT_OPTIONS, ...o });

const EXAMPLE_CLASS: ShipClass = {
  id: 'example-frigate',
  className: 'EXAMPLE frigate (not from the rules)',
  rig: 'squareRigged',
  masts: 3,
  bowsprit: true,
  sailingRates: { beating: [6, 8, 10], broadReaching: [8, 10, 12], running: [7, 9, 11] },
  hullPoints: 60,
  riggingPoints: 30,
  crew: 40,
  marines: 6,
  boats: 2,
  guns: [
    { cls: 'medium', extraHeavyDice: 0, side: 'starboard', arcDeg: 45, count: 4 },
    { cls: 'medium', extraHeavyDice: 0, side: 'larboard', arcDeg: 45, count: 4 },
    { cls: 'swivel', extraHeavyDice: 0, side: 'bow', arcDeg: 180, count: 1 }
  ]
};

function ship(extra: Partial<Sheet> = {}): Sheet {
  return { ...sheetFromClass(EXAMPLE_CLASS, 'Test'), sail: 1, prevSail: 1, ...extra };
}

describe('sheet, class and system state', () => {
  it('the default sheet and a sheet from a class pass the strict schema', () => {
    expect(sheetSchema.safeParse(defaultSheet({ name: 'A' })).success).toBe(true);
    expect(shipClassSchema.safeParse(EXAMPLE_CLASS).success).toBe(true);
    const s = sheetFromClass(EXAMPLE_CLASS, 'B');
    expect(sheetSchema.safeParse(s).success).toBe(true);
    expect(s.guns).toHaveLength(9);
    expect(s.guns.every((g) => g.loaded)).toBe(true);
    expect(new Set(s.guns.map((g) => g.id)).size).toBe(9);
    expect(systemStateSchema.safeParse(defaultSystemState({ windFromDeg: 90 })).success).toBe(true);
  });
  it('refuses unknown fields and bad values', () => {
    expect(sheetSchema.safeParse({ ...defaultSheet({ name: 'A' }), extra: 1 }).success).toBe(false);
    expect(sheetSchema.safeParse({ ...defaultSheet({ name: 'A' }), crewRating: 3 }).success).toBe(
      false
    );
  });
  it('rating chart: d6 to rating and titles', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => ratingFromD6(f))).toEqual([0, 0, 1, 1, 1, 2]);
    expect(ratingTitle('captain', 1)).toBe('Sea Dog');
    expect(ratingTitle('crew', 0)).toBe('Swabs');
  });
  it('system object: options defaults, summary', () => {
    const d = defaultOptions(OPTIONS, 'standard');
    expect(d.damageMultiplierCombine).toBe('additive');
    expect(OPTIONS.every((o) => o.choices.some((c) => c.value === o.defaultValue))).toBe(true);
    expect(readOptions({ fireTimeline: 'attemptOnIgnitionTurn', junk: 1 }).fireTimeline).toBe(
      'attemptOnIgnitionTurn'
    );
    expect(readOptions({ fireTimeline: 'nonsense' }).fireTimeline).toBe('firstAttemptNextTurn');
    const sum = privateers.summarize(ship({ hull: { points: 60, damage: 20 } }));
    expect(sum.lines[0]).toBe('Hull 40/60');
    expect(sum.isOut).toBe(false);
    expect(privateers.summarize(ship({ struck: true })).isOut).toBe(true);
  });
});

describe('ratings-derived modifiers (C.2) and line of command', () => {
  const s = ship({
    crewRating: 1,
    officers: {
      captain: { rating: 2, present: false },
      firstLt: { rating: 1, present: true },
      master: { rating: 2, present: true },
      gunner: { rating: 1, present: false }
    }
  });
  it('initiative = Master + crew; reload = Gunner + crew (absent = 0); morale = commander + crew', () => {
    expect(initiativeMod(s)).toBe(3);
    expect(reloadMod(s)).toBe(1);
    expect(commanderRating(s)).toBe(1);
    expect(moraleMod(s)).toBe(2);
  });
});

describe('Appendix C-1 vectors', () => {
  it('Fire: 1st attempt with 4 crew is put out on a natural 4+', () => {
    const r3 = resolveFire(1, 4, 3);
    const r4 = resolveFire(1, 4, 4);
    expect(r3.ok && r3.value.extinguished).toBe(false);
    expect(r4.ok && [r4.value.extinguished, r4.value.damage]).toEqual([true, 0]);
  });
  it('Reload: R = 2, natural 5 → 7, all load; double shot needs natural 8+', () => {
    const guns = [
      { id: 'a', gunnerSighted: false, doubleShotOrdered: false },
      { id: 'b', gunnerSighted: false, doubleShotOrdered: true }
    ];
    const r = resolveReload(guns, 2, 5);
    expect(r.ok && r.value.loaded).toEqual([
      { id: 'a', doubleShot: false },
      { id: 'b', doubleShot: false }
    ]);
    const r8 = resolveReload(guns, 2, 8);
    expect(r8.ok && r8.value.loaded[1]).toEqual({ id: 'b', doubleShot: true });
    const r7 = resolveReload(guns, 2, 7);
    expect(r7.ok && r7.value.loaded[1]).toEqual({ id: 'b', doubleShot: false });
    const none = resolveReload(guns, 2, 7, opts({ doubleShotFailedRoll: 'notLoaded' }));
    expect(none.ok && none.value.notLoaded).toEqual(['b']);
  });
  it('Gunner reload: R = 0, natural 6 → only the Gunner-sighted gun loads', () => {
    const guns = [
      { id: 'g', gunnerSighted: true, doubleShotOrdered: false },
      { id: 'x', gunnerSighted: false, doubleShotOrdered: false }
    ];
    const r = resolveReload(guns, 0, 6);
    expect(r.ok && [r.value.loaded.map((l) => l.id), r.value.notLoaded]).toEqual([['g'], ['x']]);
    // natural6 option: R = 2, natural 5 (modified 7) loads all; natural 4 (modified 6) not the Gunner's
    const n = resolveReload(guns, 2, 4, opts({ gunnerReload: 'natural6' }));
    expect(n.ok && n.value.loaded).toEqual([]);
  });
  it('Tacking: I = 1, natural 3 → 4, success; natural 2 → taken aback, mast roll', () => {
    const ok = resolveTack(1, 3);
    expect(ok.ok && ok.value.success).toBe(true);
    expect(resolveTack(1, 2).ok).toBe(false);
    const lost = resolveTack(1, 2, 3);
    expect(lost.ok && [lost.value.takenAback, lost.value.mastLost]).toEqual([true, true]);
    const kept = resolveTack(1, 2, 4);
    expect(kept.ok && kept.value.mastLost).toBe(false);
    if (lost.ok) {
      const s = applyTack(ship({ tack: 'headToWind' }), lost.value);
      expect([s.mastsLost, s.tack]).toEqual([1, 'takenAback']);
    }
  });
  it('Weighing anchor: c = 5, roll 4 → 1 turn; roll 9 → 4 turns', () => {
    expect(resolveWeighAnchor(5, 4)).toEqual({ ok: true, value: { turns: 1 } });
    expect(resolveWeighAnchor(5, 9)).toEqual({ ok: true, value: { turns: 4 } });
  });
  it('Morale: Sea Dog + Seaman, natural 9 → 7, Disordered; 0 + 0 disordered, natural 6 → 7', () => {
    const a = resolveMorale({ commanderRating: 1, crewRating: 1, disordered: false }, 9);
    expect(a.ok && [a.value.modified, a.value.result]).toEqual([7, 'disordered']);
    const b = resolveMorale({ commanderRating: 0, crewRating: 0, disordered: true }, 6);
    expect(b.ok && [b.value.modified, b.value.result]).toEqual([7, 'disordered']);
    const c = resolveMorale({ commanderRating: 2, crewRating: 2, disordered: false }, 1);
    expect(c.ok && [c.value.modified, c.value.result]).toEqual([-3, 'pass']);
  });
  it('Speed cap: rigging 10/30, 1 of 3 masts lost, hull 0/60 → 2 levels, Fighting', () => {
    const s = ship({
      rigging: { points: 30, damage: 10 },
      mastsLost: 1,
      hull: { points: 60, damage: 0 }
    });
    const c = speedCap(s);
    expect([c.rigLevels, c.mastLevels, c.hullLevels, c.cap]).toEqual([1, 1, 0, 1]);
  });
  it('Two-master loses a mast at Full Sail: cap 1, drops to Fighting at once', () => {
    const s = ship({ masts: 2, mastsLost: 1, sail: 3 });
    expect(speedCap(s).cap).toBe(1);
    expect(applySpeedCap(s).sail).toBe(1);
    expect(applySpeedCap(s, opts({ forcedSpeedDrop: 'oneLevelPerTurn' })).sail).toBe(2);
  });
  it('Collision: rammer at Medium Sail rolls 1d6 to itself, d12 8–12 entangles, rammed 2d6', () => {
    expect(resolveCollision(2, [4, 7, 1]).ok).toBe(false);
    const r = resolveCollision(2, [4, 8, 3, 5]);
    expect(r).toEqual({
      ok: true,
      value: {
        rammer: { hull: 4, crew: 0, guns: 0 },
        rammed: { hull: 8, crew: 0, guns: 0 },
        entangled: true
      }
    });
    if (!r.ok) return;
    const { rammer, rammed } = applyCollision(ship(), ship(), r.value, {
      rammer: 'A',
      rammed: 'B'
    });
    expect([
      rammer.hull.damage,
      rammed.hull.damage,
      rammer.entangledWith,
      rammed.entangledWith
    ]).toEqual([4, 8, ['B'], ['A']]);
    // options: the roller damages the other ship; dice read on the Ball Low column
    const swapped = applyCollision(
      ship(),
      ship(),
      r.value,
      { rammer: 'A', rammed: 'B' },
      opts({ collisionDamageReading: 'rollerInflictsOnOther' })
    );
    expect([swapped.rammer.hull.damage, swapped.rammed.hull.damage]).toEqual([8, 4]);
    const column = resolveCollision(2, [6, 3, 5, 4], opts({ collisionDiceAsFaceSum: false }));
    expect(column.ok && column.value).toEqual({
      rammer: { hull: 0, crew: 0, guns: 1 },
      rammed: { hull: 4, crew: 1, guns: 0 },
      entangled: false
    });
  });
  it('sinking: flagged when hull points are expended; removed at once as an option', () => {
    const r = resolveCollision(3, [1, 1, 6, 6, 6]);
    if (!r.ok) throw new Error(r.error);
    const low = ship({ hull: { points: 10, damage: 0 } });
    const d = applyCollision(low, low, r.value, { rammer: 'A', rammed: 'B' });
    expect([d.rammed.sinking, d.rammed.sunk]).toEqual([true, false]);
    const i = applyCollision(
      low,
      low,
      r.value,
      { rammer: 'A', rammed: 'B' },
      opts({ sinkTiming: 'immediate' })
    );
    expect([i.rammed.sinking, i.rammed.sunk]).toEqual([true, true]);
  });
});

describe('movement (C.3.2, C.4.2, C.4.6, C.4.10)', () => {
  it('points of sail with boundaries aft by default', () => {
    expect([0, 44, 45, 89, 90, 134, 135, 180].map((t) => pointOfSail(t))).toEqual([
      'inIrons',
      'inIrons',
      'beating',
      'beating',
      'broadReaching',
      'broadReaching',
      'running',
      'running'
    ]);
    expect(pointOfSail(45, opts({ pointOfSailBoundary: 'boundaryGoesForward' }))).toBe('inIrons');
    expect(valueOr(windAngle(0, 270), null)).toBe(90);
    expect(valueOr(windAngle(350, 10), null)).toBe(20);
  });
  it('allotment from the sailing rates; none in irons or at anchor; heave-to restart', () => {
    const s = ship({ sail: 2 });
    expect(allotment(s, 'broadReaching')).toBe(10);
    expect(allotment(s, 'inIrons')).toBe(0);
    expect(allotment({ ...s, anchored: true }, 'running')).toBe(0);
    expect(heaveToRestart(s, 'beating', 2)).toBe(3 + 4);
  });
  it('orders: one level per turn, Full only from Medium (or holding), cap, rudder, helm', () => {
    const s = ship({ sail: 1 });
    expect(validateOrders(s, { sail: 3, maneuver: 'straight', pointOfSail: 'running' }).ok).toBe(
      false
    );
    expect(validateOrders(s, { sail: 2, maneuver: 'straight', pointOfSail: 'running' }).ok).toBe(
      true
    );
    expect(
      validateOrders(ship({ sail: 3 }), { sail: 3, maneuver: 'straight', pointOfSail: 'running' })
        .ok
    ).toBe(true);
    expect(
      validateOrders(
        ship({ sail: 3 }),
        { sail: 3, maneuver: 'straight', pointOfSail: 'running' },
        opts({ fullSailHold: false })
      ).ok
    ).toBe(false);
    expect(validateOrders(s, { sail: 1, maneuver: 'tack', pointOfSail: 'running' }).ok).toBe(false);
    const anchored = ship({ sail: 0, anchored: true });
    expect(
      validateOrders(anchored, { sail: 1, maneuver: 'straight', pointOfSail: 'running' }).ok
    ).toBe(false);
    expect(
      validateOrders(anchored, { sail: 0, maneuver: 'straight', pointOfSail: 'running' }).ok
    ).toBe(true);
    expect(
      validateOrders(
        { ...s, rudderHit: true },
        { sail: 1, maneuver: 'straight', pointOfSail: 'beating' }
      ).ok
    ).toBe(false);
    expect(
      validateOrders(
        { ...s, helmHit: { straightNextTurn: true, tillerCrewRequired: true, hitOnTurn: 1 } },
        {
          sail: 1,
          maneuver: 'starboard',
          pointOfSail: 'running'
        }
      ).ok
    ).toBe(false);
    expect(
      validateOrders(
        { ...s, mastsLost: 1, mastsJuryRigged: 1 },
        { sail: 2, maneuver: 'straight', pointOfSail: 'running' }
      ).ok
    ).toBe(false);
  });
  it('jury rigging removes the mast levels but caps at Fighting; all masts lost → 0', () => {
    expect(speedCap(ship({ mastsLost: 1, mastsJuryRigged: 1 })).cap).toBe(1);
    expect(speedCap(ship({ mastsLost: 3 })).cap).toBe(0);
    expect(speedCap(ship({ rigging: { points: 30, damage: 31 } })).cap).toBe(0);
  });
  it('sailing crew per mast including the bowsprit', () => {
    expect(sailingCrewRequired(ship(), 3)).toBe(12);
    expect(sailingCrewRequired(ship({ mastsLost: 1 }), 2)).toBe(6);
  });
  it('anchor: drop after Fighting Sail with no sail card, weigh over turns, then Fighting Sail', () => {
    // C.4.6.6: "was at sail setting fighting sail and plays no sail setting card" — a Fighting
    // Sail card played this turn is not "no sail setting card" (#14 item 4).
    expect(applyDropAnchor(ship({ sail: 1, prevSail: 1 })).ok).toBe(false);
    const a = applyDropAnchor(ship({ sail: 0, prevSail: 1 }));
    expect(a.ok && [a.value.anchored, a.value.sail]).toEqual([true, 0]);
    expect(applyDropAnchor(ship({ sail: 2 })).ok).toBe(false);
    if (!a.ok) return;
    let s: Sheet = { ...a.value, weighAnchor: { crew: 5, turnsLeft: 2 } };
    s = applyWeighAnchorTurn(s);
    expect([s.anchored, s.weighAnchor?.turnsLeft]).toEqual([true, 1]);
    s = applyWeighAnchorTurn(s);
    expect([s.anchored, s.sail, s.weighAnchor]).toEqual([false, 1, null]);
  });
  it('drift only at No Sail and not anchored', () => {
    expect(resolveDrift(ship({ sail: 0 }), 4)).toEqual({ ok: true, value: 4 });
    expect(resolveDrift(ship({ sail: 0, anchored: true }), 4).ok).toBe(false);
  });
});

describe('Phase 6 tasks (C.4.16) and other checks', () => {
  it('fire timeline: no attempt on the ignition turn; attempts 8/10/12; attempt 3 failing burns up', () => {
    const s = ship({ onFire: { burning: true, attempt: 0, ignitedOnTurn: 2 } });
    expect(fireAttemptDue(s, 2)).toBe(null);
    expect(fireAttemptDue(s, 2, opts({ fireTimeline: 'attemptOnIgnitionTurn' }))).toBe(1);
    expect(fireAttemptDue(s, 3)).toBe(1);
    expect(firePhaseStep(s, 2)).toEqual({ kind: 'ignitionDamage' });
    expect(firePhaseStep(s, 3)).toEqual({ kind: 'attempt', attempt: 1 });
    expect(applyFireIgnitionDamage(s).hull.damage).toBe(5);
    const third = resolveFire(3, 0, 11);
    expect(third.ok && [third.value.burnedUp, third.value.damage]).toEqual([true, 5]);
    if (!third.ok) return;
    const after = applyFire(
      { ...s, onFire: { burning: true, attempt: 2, ignitedOnTurn: 2 } },
      third.value
    );
    expect([after.burnedUp, after.hull.damage]).toEqual([true, 5]);
    const out = resolveFire(2, 2, 8, opts({ fireDamageOnExtinguishTurn: true }));
    expect(out.ok && [out.value.extinguished, out.value.damage]).toEqual([true, 5]);
  });
  it('pumping: after a water line hit, fewer than 2 on the pumps → 5 hull, from the next turn', () => {
    expect(applyPumping(ship({ waterline: true }), 0).hull.damage).toBe(0);
    const since = applyEndOfTurn(ship({ waterline: true }), 3);
    expect(since.pumpsNeededSince).toBe(3);
    expect(applyPumping(since, 1).hull.damage).toBe(5);
    expect(applyPumping(since, 2).hull.damage).toBe(0);
    const hull = applyEndOfTurn(ship({ hull: { points: 60, damage: 45 } }), 1);
    expect(applyPumping(hull, 0).hull.damage).toBe(50);
    const fine = applyEndOfTurn(ship({ hull: { points: 60, damage: 44 } }), 1);
    expect([fine.pumpsNeededSince, applyPumping(fine, 0).hull.damage]).toEqual([null, 44]);
  });
  it('damage control 10+, jury rig 12+ with +1 per crew (or unmodified)', () => {
    const dc = resolveDamageControl(3, 7);
    expect(dc.ok && dc.value.success).toBe(true);
    const dcu = resolveDamageControl(3, 7, opts({ crewModifiedChecks: 'unmodified' }));
    expect(dcu.ok && dcu.value.success).toBe(false);
    const jr = resolveJuryRig(2, 10);
    expect(jr.ok && jr.value.success).toBe(true);
    if (jr.ok)
      expect(applyJuryRig(ship({ mastsLost: 1, sail: 2 }), jr.value).mastsJuryRigged).toBe(1);
  });
  it('grappling 8+, marksmen 1–3 / 1–4 at short range only', () => {
    expect(resolveGrapple([7, 8, 12])).toEqual({ ok: true, value: { successes: 2 } });
    expect(resolveMarksmen([{ kind: 'crew', hitFace: 3, damageFace: 2 }], 13).ok).toBe(false);
    const m = resolveMarksmen(
      [
        { kind: 'crew', hitFace: 4 },
        { kind: 'marine', hitFace: 4, damageFace: 6, officerFace: 1 },
        { kind: 'crew', hitFace: 1, damageFace: 5 }
      ],
      10
    );
    expect(m.ok && [m.value.crewHits, m.value.officerRolls[0].roles]).toEqual([1, ['captain']]);
  });
  it('initiative: highest first; ties reported for re-roll, or broken by modifier', () => {
    const r = resolveInitiative([
      { id: 'a', mod: 1, face: 5 },
      { id: 'b', mod: 3, face: 3 },
      { id: 'c', mod: 0, face: 9 }
    ]);
    expect(r.ok && r.value).toEqual({ order: ['c', 'a', 'b'], tied: [['a', 'b']] });
    const h = resolveInitiative(
      [
        { id: 'a', mod: 1, face: 5 },
        { id: 'b', mod: 3, face: 3 }
      ],
      opts({ initiativeTies: 'higherModifier' })
    );
    expect(h.ok && h.value).toEqual({ order: ['b', 'a'], tied: [] });
  });
  it('reload applies to unloaded guns; the Gunner sights only when present', () => {
    const guns: Gun[] = ship().guns.map((g, i) => (i < 2 ? { ...g, loaded: false } : g));
    const s = ship({ guns, assignments: { ...ship().assignments, gunnerSights: guns[0].id } });
    const inputs = reloadGunsOf(s);
    expect(inputs.map((g) => g.gunnerSighted)).toEqual([true, false]);
    const r = resolveReload(inputs, 0, 6);
    if (!r.ok) throw new Error(r.error);
    const after = applyReload(s, r.value);
    expect(after.guns.slice(0, 2).map((g) => g.loaded)).toEqual([true, false]);
  });
});

describe('morale triggers and checks (C.3.16, C.4.17)', () => {
  it('collects the triggers', () => {
    expect(moraleTriggers(ship())).toEqual([]);
    const s = ship({
      hull: { points: 60, damage: 45 },
      rigging: { points: 30, damage: 23 },
      crew: { initial: 40, current: 19 },
      turnEvents: { commanderHit: true, wasOnFire: false, sternRakeTaken: true, boardingLost: true }
    });
    expect(moraleTriggers(s)).toEqual([
      'captainHit',
      'hullThreeQuarters',
      'riggingThreeQuarters',
      'sternRakeTaken',
      'crewHalf',
      'boardingLost'
    ]);
    expect(moraleTriggers(ship({ crew: { initial: 40, current: 20 } }))).toEqual([]);
    expect(moraleChecksDue(s)).toBe(1);
    expect(moraleChecksDue(s, opts({ moraleChecksPerTurn: 'onePerTrigger' }))).toBe(6);
  });
  it('applies results; a pass clears disorder by default', () => {
    const r = (face: number) => {
      const o = resolveMorale({ commanderRating: 0, crewRating: 0, disordered: true }, face);
      if (!o.ok) throw new Error(o.error);
      return o.value;
    };
    const s = ship({ disordered: true });
    expect(applyMorale(s, r(3)).disordered).toBe(false);
    expect(applyMorale(s, r(3), opts({ disorderClears: 'never' })).disordered).toBe(true);
    expect(applyMorale(s, r(7)).struck).toBe(true);
  });
  it('property: the modified roll is monotone in the die and in the ratings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (face, c, k, d) => {
          const a = resolveMorale({ commanderRating: c, crewRating: k, disordered: d }, face);
          const b = resolveMorale(
            { commanderRating: c, crewRating: k, disordered: d },
            Math.min(12, face + 1)
          );
          if (!a.ok || !b.ok) return false;
          return a.value.modified <= b.value.modified;
        }
      )
    );
  });
});

describe('turn: phases, procedures and the crew check', () => {
  it('six phases in order; procedures offered per ship', () => {
    expect(PHASES.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6]);
    const s = ship({ guns: ship().guns.map((g, i) => (i === 0 ? { ...g, loaded: false } : g)) });
    expect(proceduresForPhase(2, s, { turn: 1 })).toEqual(['initiative', 'reload']);
    // At Fighting Sail this turn (a Fighting Sail card played): no anchor (C.4.6.6, #14 item 4).
    expect(proceduresForPhase(3, s, { turn: 1 })).toEqual(['movement', 'collision', 'cannonFire']);
    // At Fighting Sail last turn and no sail card this turn: it may drop anchor.
    expect(proceduresForPhase(3, { ...s, sail: 0, prevSail: 1 }, { turn: 1 })).toContain(
      'dropAnchor'
    );
    expect(proceduresForPhase(5, s, { turn: 1 })).toEqual([]);
    const hurt = ship({
      onFire: { burning: true, attempt: 0, ignitedOnTurn: 1 },
      waterline: true,
      sinking: true
    });
    expect(proceduresForPhase(5, hurt, { turn: 1 })).toEqual([
      'fire',
      'pumping',
      'morale',
      'sinking'
    ]);
    expect(proceduresForPhase(3, ship({ sail: 3 }), { turn: 1 })).not.toContain('cannonFire');
    expect(proceduresForPhase(0, ship({ sunk: true }), { turn: 1 })).toEqual([]);
  });
  it('says what cannot be done with the crew available', () => {
    const base = ship();
    const a = {
      ...base.assignments,
      sailing: 8,
      gunCrews: base.guns.slice(0, 4).map((g) => g.id),
      gunnerSights: base.guns[5].id,
      marksmen: { crew: 1, marines: 4 },
      boats: 2
    };
    const c = checkCrewAssignments(
      { ...base, waterline: true, assignments: a },
      { sail: 3, maneuver: 'starboard' }
    );
    const tasks = c.issues.map((i) => `${i.severity}:${i.task}`);
    expect(c.sailingRequired).toBe(12);
    expect(c.maxSailForCrew).toBe(2);
    expect(tasks).toEqual([
      'error:sailing',
      'error:gunner',
      'warning:pumps',
      'error:marksmen',
      'warning:marksmen',
      'error:boats'
    ]);
    const over = checkCrewAssignments(
      { ...base, assignments: { ...base.assignments, sailing: 41 } },
      { sail: 1, maneuver: 'straight' }
    );
    expect(over.issues.map((i) => i.task)).toContain('total');
    const tiller = checkCrewAssignments(
      {
        ...base,
        helmHit: { straightNextTurn: false, tillerCrewRequired: true, hitOnTurn: 1 },
        assignments: { ...base.assignments, sailing: 4 }
      },
      { sail: 1, maneuver: 'larboard' }
    );
    expect(tiller.issues.map((i) => i.task)).toEqual(['tiller']);
    expect(tiller.unassigned).toBe(36);
  });
  it('end of turn clears triggers and the Helm/Tiller "next turn"', () => {
    const s = ship({
      sinking: true,
      helmHit: { straightNextTurn: true, tillerCrewRequired: true, hitOnTurn: 1 },
      turnEvents: { commanderHit: true, wasOnFire: true, sternRakeTaken: true, boardingLost: false }
    });
    const t1 = applyEndOfTurn(s, 1);
    expect(t1.helmHit.straightNextTurn).toBe(true);
    const t2 = applyEndOfTurn(t1, 2);
    expect(t2.helmHit).toEqual({ straightNextTurn: false, tillerCrewRequired: true, hitOnTurn: 1 });
    expect(
      applyEndOfTurn(t1, 2, opts({ helmTillerDuration: 'nextTurnOnly' })).helmHit.tillerCrewRequired
    ).toBe(false);
    expect(t2.sunk).toBe(true);
    expect(t2.turnEvents.commanderHit).toBe(false);
  });
});
