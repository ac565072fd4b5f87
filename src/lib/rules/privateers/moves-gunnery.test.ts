import { describe, expect, it } from 'vitest';
import type { BattleState, Json } from '../../engine/events';
import { invertOps } from '../../battle/diff';
import { applyOps } from '../../battle/fold';
import { formatFraction } from '../../engine/rational';
import { privateers } from '.';
import {
  batteriesToReload,
  broadsideHits,
  cannonFire,
  classesFromRecords,
  designateDoubleShot,
  fortificationShip,
  gunnerTo,
  moraleCheck,
  oddsRecord,
  planBroadside,
  reload,
  saveCrew,
  setWind,
  sheetOf,
  shipFromClass,
  sidesReady,
  systemOf,
  takesInitiative,
  type FireSetup,
  type FortInput
} from './moves';
import {
  exampleFrigate,
  fireThrough,
  FRIGATE_FIRES,
  mediumGuns,
  must,
  play,
  roll,
  sheet,
  twoShips
} from './moves.fixture';
import { unchecked } from '../../engine/brute.test-helpers';
import * as checkedOdds from './odds';
import { reloadChances } from './odds';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { gunName, NO_ASSIGNMENTS, type ShipClass } from './sheet';

const broadsideOdds = unchecked(checkedOdds.broadsideOdds);

const FRIGATE = exampleFrigate({
  sailingRates: { beating: [1, 2, 3], broadReaching: [2, 3, 4], running: [2, 3, 4] },
  crew: 60,
  marines: 10
});
const frigates = (): BattleState => twoShips(FRIGATE, { phase: 3 });

const fire = (state: BattleState, hitFaces: number[], damage: number[], critical?: number) =>
  fireThrough(state, FRIGATE_FIRES, hitFaces, damage, { criticalFace: critical });

describe('#14 item 11: guns named by side, class and number', () => {
  it('"Starboard medium 1", never the id "starboard-medium-1"', () => {
    const s = sheetOf(frigates().ships.a);
    if (!s) throw new Error('no sheet');
    expect(s.guns.map((g) => gunName(s.guns, g.id))).toEqual([
      'Starboard medium 1',
      'Starboard medium 2',
      'Starboard medium 3',
      'Larboard medium 1',
      'Larboard medium 2',
      'Larboard medium 3'
    ]);
    // The fire's plan labels the hit dice with these names.
    expect(gunName(s.guns, 'no-such-gun')).toBe('a gun no longer on the log');
  });
});

describe('Privateers battle actions', () => {
  it('a ship from a class has the class chart and loaded guns; bad class records are skipped', () => {
    const s = sheetOf(frigates().ships.a);
    expect(s?.hull.points).toBe(40);
    expect(s?.guns.filter((g) => g.loaded)).toHaveLength(6);
    const list = classesFromRecords([
      { id: 'r1', data: FRIGATE },
      { id: 'r2', data: { className: 'broken' } }
    ]);
    expect(list.map((x) => x.recordId)).toEqual(['r1']);
  });

  it("#14 item 5: a destroyed gun leaves its Gunner free: he goes to another manned gun and next turn's crew saves", () => {
    const base = frigates();
    const b = sheetOf(base.ships.b);
    if (!b) throw new Error('no sheet');
    const larboard = b.guns.filter((g) => g.side === 'larboard').map((g) => g.id);
    const manned = {
      ...b,
      assignments: { ...b.assignments, sailing: 3, gunCrews: larboard, gunnerSights: larboard[0] }
    };
    const state = { ...base, ships: { ...base.ships, b: { ...base.ships.b, sheet: manned } } };
    // One hit, two Ball Low dice 3 + 6: 3 hull and a Gun+ on the side facing the firer (larboard 1).
    const r = must(fire(state, [1, 12, 12], [3, 6]));
    const after = sheetOf(r.next.ships.b);
    expect(after?.guns.find((g) => g.id === larboard[0])?.destroyed).toBe(true);
    expect(after?.assignments.gunnerSights).toBe(larboard[1]);
    expect(r.summary).toContain("Hermione's Gunner lost his gun and now sights Larboard medium 2");
    // Next turn's Phase 2: the crew as the log holds them save (no "sights a gun that is not manned").
    const nextTurn = { ...r.next, turn: 2 };
    const saved = play(saveCrew, nextTurn, {
      shipId: 'b',
      assignments: {
        ...after!.assignments,
        gunCrews: after!.assignments.gunCrews.filter((id) => id !== larboard[0])
      }
    });
    expect(saved.ok).toBe(true);
  });

  it('issue 32 #10: the Gunner goes to the heaviest manned gun left, says so, and the referee may choose another', () => {
    // One medium gun larboard, a bow swivel, two mediums starboard; every gun manned, the Gunner
    // at Larboard medium 1 (Phase 2, the crew move).
    const cls = exampleFrigate({
      crew: 60,
      guns: [
        mediumGuns('larboard', 1),
        { cls: 'swivel', extraHeavyDice: 0, side: 'bow', arcDeg: 45, count: 1 },
        mediumGuns('starboard', 2)
      ]
    });
    let s = twoShips(cls, { phase: 3 });
    const gunIds = sheet(s, 'b').guns.map((g) => g.id);
    s = must(
      play(saveCrew, s, {
        shipId: 'b',
        assignments: {
          ...NO_ASSIGNMENTS,
          sailing: 3,
          gunCrews: gunIds,
          gunnerSights: 'larboard-medium-1'
        }
      })
    ).next;
    // Not before his gun is lost: Phase 2 places him.
    expect(play(gunnerTo, s, { shipId: 'b', gunId: 'bow-swivel-1' })).toEqual({
      ok: false,
      error:
        "Hermione's Gunner sights the gun given him in Phase 2 (Crew assignments); he changes gun between those only when his gun is destroyed."
    });
    // One hit, Ball Low 3 + 6: 3 hull and a Gun+ on the side facing the firer (Larboard medium 1).
    const setup: FireSetup = {
      ...FRIGATE_FIRES,
      gunIds: ['starboard-medium-1', 'starboard-medium-2']
    };
    const r = must(fireThrough(s, setup, [1, 12], [3, 6]));
    // The next gun in the log is the bow swivel; the heaviest manned gun left is Starboard medium 1.
    expect(sheet(r.next, 'b').assignments.gunnerSights).toBe('starboard-medium-1');
    expect(r.summary).toContain(
      "Hermione's Gunner lost his gun and now sights Starboard medium 1 (the heaviest manned gun left: the app's reading, as the rules do not say where he goes; the referee may choose another)"
    );
    // The referee's choice: the bow swivel. Not a destroyed gun, and not for a ship that kept hers.
    expect(play(gunnerTo, r.next, { shipId: 'b', gunId: 'larboard-medium-1' }).ok).toBe(false);
    expect(play(gunnerTo, r.next, { shipId: 'a', gunId: 'starboard-medium-1' }).ok).toBe(false);
    const chosen = must(play(gunnerTo, r.next, { shipId: 'b', gunId: 'bow-swivel-1' }));
    expect(chosen.summary).toBe("Hermione's Gunner now sights Bow swivel 1 (the referee's choice)");
    expect(sheet(chosen.next, 'b').assignments.gunnerSights).toBe('bow-swivel-1');
  });

  it('a broadside with double ones applies hull, crew, gun and the critical, and unloads the guns', () => {
    const state = frigates();
    // Short range, fire low, Fighting Sail 0 → No Sail: hit on ≤ 9 + 1 = 10; 3 hits → 6 Ball Low dice.
    const r = fire(state, [1, 5, 10], [1, 1, 3, 4, 5, 6], 6);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.steps[0].draft.roll?.outcome).toMatchObject({ counts: { ballLow: 6 } });
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
    // Three events (hits, damage, critical); undo inverts each, back to the state before the fire.
    expect(r.value.steps.map((s) => s.draft.kind)).toEqual([
      'pv.cannon-fire',
      'pv.damage-toss',
      'pv.damage-extra'
    ]);
    let back = r.value.next as unknown as Json;
    for (const s of [...r.value.steps].reverse()) back = applyOps(back, invertOps(s.draft.ops));
    expect(back).toEqual(state);
  });

  it('a critical without its d12 is refused; misses unload the guns and change nothing else', () => {
    const state = frigates();
    expect(fire(state, [1, 12, 12], [1, 1]).ok).toBe(false);
    const miss = fire(state, [11, 12, 12], []);
    if (!miss.ok) throw new Error(miss.error);
    expect(miss.value.summary).toBe('Surprise fires 3 guns at Hermione: all miss');
    expect(miss.value.next.ships.b).toEqual(state.ships.b);
  });

  it('the odds record holds exact fractions', () => {
    const firer = sheetOf(frigates().ships.a);
    if (!firer) throw new Error('no sheet');
    const plan = planBroadside(firer, FRIGATE_FIRES);
    if (!plan.ok) throw new Error(plan.error);
    const rec = oddsRecord(broadsideOdds(plan.value.guns, 'low', plan.value.rakes)) as Record<
      string,
      Json
    >;
    expect(rec.perGun).toEqual(FRIGATE_FIRES.gunIds.map((id) => ({ id, p: '5/6' })));
    expect(rec.pAnyHit).toBe('215/216');
  });

  it('the Fire critical triggers morale; a roll of 12 from green ratings strikes', () => {
    const r = fire(frigates(), [1, 5, 10], [1, 1, 3, 4, 5, 6], 6);
    if (!r.ok) throw new Error(r.error);
    const m = play(moraleCheck, r.value.next, { shipId: 'b', dice: roll([12]) });
    if (!m.ok) throw new Error(m.error);
    expect(m.value.draft.roll?.inputs).toMatchObject({ triggers: ['onFire'] });
    expect(sheetOf(m.value.next.ships.b)?.struck).toBe(true);
    const pass = play(moraleCheck, r.value.next, { shipId: 'b', dice: roll([3]) });
    if (!pass.ok) throw new Error(pass.error);
    expect(sheetOf(pass.value.next.ships.b)?.struck).toBe(false);
  });

  it('reload loads on 7+; the next turn clears the morale triggers', () => {
    const r = fire(frigates(), [1, 5, 10], [1, 1, 3, 4, 5, 6], 6);
    if (!r.ok) throw new Error(r.error);
    const loads = must(play(reload, r.value.next, { shipId: 'a', dice: roll([7]) }));
    expect(loads.summary).toBe('Surprise reloads (7 → 7): 3 of 3 guns loaded');
    const short = must(play(reload, r.value.next, { shipId: 'a', dice: roll([6]) }));
    expect(short.summary).toContain('0 of 3 guns loaded');
    // The next turn (RuleSystem.onTurnStart) clears the turn's morale triggers.
    const target = sheetOf(r.value.next.ships.b);
    if (!target || !privateers.onTurnStart) throw new Error('no sheet or hook');
    expect(target.turnEvents.wasOnFire).toBe(true);
    const after = privateers.onTurnStart(target, { endedTurn: 1, options: {} });
    expect(after.turnEvents.wasOnFire).toBe(false);
  });

  it("#14 item 10: the reload odds show the Gunner's gun and double shot; double shot is designated before the roll", () => {
    // Reload modifier +2 (Gunner and Crew "Old Salt"-level ratings summed): 7+ on d12 + 2 → face 5+
    // = 8/12; the Gunner's gun 6+ → face 4+ = 9/12 = 75%; double shot 10+ → face 8+ = 5/12 ≈ 41.7%.
    const guns = [
      { id: 'g1', gunnerSighted: true, doubleShotOrdered: false },
      { id: 'g2', gunnerSighted: false, doubleShotOrdered: true }
    ];
    expect(reloadChances(guns, 2).map((c) => [c.label, formatFraction(c.p)])).toEqual([
      ['every gun loads (7+)', '2/3'],
      ["the Gunner's gun loads (6+)", '3/4'],
      ['double shot (10+)', '5/12']
    ]);
    expect(
      reloadChances(
        [guns[1]].map((g) => ({ ...g, doubleShotOrdered: false })),
        2
      )
    ).toHaveLength(1);

    const r = fire(frigates(), [1, 5, 10], [2, 3, 3, 4, 5, 5]);
    if (!r.ok) throw new Error(r.error);
    const at = r.value.next;
    const ds = must(play(designateDoubleShot, at, { shipId: 'a', gunIds: ['starboard-medium-1'] }));
    expect(ds.summary).toBe('Surprise loads double shot in Starboard medium 1 (reload 10+)');
    expect(
      sheetOf(ds.next.ships.a)?.guns.find((g) => g.id === 'starboard-medium-1')?.doubleShotOrdered
    ).toBe(true);
    // A loaded gun takes no double shot at this reload; once the ship has rolled it is too late.
    expect(play(designateDoubleShot, at, { shipId: 'a', gunIds: ['larboard-medium-1'] }).ok).toBe(
      false
    );
    const rolled = must(play(reload, ds.next, { shipId: 'a', dice: roll([10]) }));
    expect(
      sheetOf(rolled.next.ships.a)?.guns.find((g) => g.id === 'starboard-medium-1')?.doubleShot
    ).toBe(true);
    expect(play(designateDoubleShot, rolled.next, { shipId: 'a', gunIds: [] }).ok).toBe(false);
  });

  it('the wind is set in the system state, normalised to 0–359° and kept as entered', () => {
    const state = frigates();
    expect(systemOf(state).windFromDeg).toBe(0);
    const r = must(play(setWind, state, { windFromDeg: 405 }));
    expect(systemOf(r.next)).toEqual({ windFromDeg: 45, initiativeOrder: [], boardings: [] });
    expect(r.next.ships).toEqual(state.ships);
    expect(r.summary).toBe('Wind from 45°');
  });
});

// EXAMPLE user data (the text has no ship charts and no fortification charts).
const SLOOP: ShipClass = {
  id: 'sloop',
  className: 'Example sloop',
  rig: 'foreAndAft',
  masts: 1,
  bowsprit: true,
  sailingRates: { beating: [1, 2, 3], broadReaching: [2, 3, 4], running: [2, 3, 4] },
  hullPoints: 30,
  riggingPoints: 20,
  crew: 30,
  marines: 0,
  boats: 1,
  guns: [
    { cls: 'light', extraHeavyDice: 0, side: 'starboard', arcDeg: 45, count: 2 },
    { cls: 'light', extraHeavyDice: 0, side: 'larboard', arcDeg: 45, count: 2 }
  ]
};
const FORT: Omit<FortInput, 'side'> = {
  name: 'Fort Example',
  guns: [
    { cls: 'heavy', extraHeavyDice: 0, count: 2, battery: 'Upper' },
    { cls: 'medium', extraHeavyDice: 0, count: 1, battery: 'Lower' }
  ],
  gunnerRating: 1,
  hasGunner: true,
  crewRating: 1,
  crew: 12,
  hullPoints: 40
};

function battle(options: { turn?: number } = {}): BattleState {
  const fort = fortificationShip({ ...FORT, id: 'f', side: 'ES', player: '', order: 0 });
  if (!fort.ok) throw new Error(fort.error);
  const ship = shipFromClass(SLOOP, { id: 's', name: 'Lively', side: 'GB', player: '', order: 1 });
  return { turn: options.turn ?? 1, phase: 3, ships: { f: fort.value, s: ship }, system: null };
}

const opts = (o: Partial<PvOptions> = {}): PvOptions => ({ ...DEFAULT_OPTIONS, ...o });

function fireAt(
  state: BattleState,
  setup: FireSetup,
  hitFaces: number[],
  damage: number[],
  extra: { criticalFace?: number } = {},
  options: Partial<PvOptions> = {}
) {
  const firer = sheetOf(state.ships[setup.firerId]);
  const target = sheetOf(state.ships[setup.targetId]);
  if (!firer || !target) throw new Error('no sheet');
  const plan = planBroadside(firer, setup, opts(options), { sheet: target, turn: state.turn });
  if (!plan.ok) return { plan, r: plan };
  const h = broadsideHits(plan.value, hitFaces, opts(options));
  if (!h.ok) throw new Error(h.error);
  return { plan, hits: h.value, r: fireThrough(state, setup, hitFaces, damage, extra, options) };
}

const FORT_FIRES: FireSetup = {
  firerId: 'f',
  targetId: 's',
  gunIds: ['land-heavy-1', 'land-heavy-2'],
  range: 30,
  aim: 'low',
  rake: 'none',
  facingSide: 'starboard',
  gunnerSightsId: null,
  isLandBased: false
};

describe('a land battery fires at a ship (C.4.13, Errata 1)', () => {
  it('on the land bands (landRangeMode): 30″ Medium; 40″ Long or Medium; 60″ out or Long', () => {
    const fort = sheetOf(battle().ships.f);
    if (!fort) throw new Error('no sheet');
    expect(sidesReady(fort)).toEqual(['land']);
    const p = planBroadside(fort, FORT_FIRES);
    expect(
      p.ok && [p.value.band, p.value.isLandBased, p.value.guns.map((g) => g.threshold)]
    ).toEqual(['medium', true, [6, 6]]);
    // 40″: Long (1–3) on land under shiftUpper (36–48), Medium under widenEach (24–48).
    const far = { ...FORT_FIRES, range: 40 };
    const a = planBroadside(fort, far);
    const b = planBroadside(fort, far, opts({ landRangeMode: 'widenEach' }));
    expect(a.ok && [a.value.band, a.value.guns[0].threshold]).toEqual(['long', 3]);
    expect(b.ok && [b.value.band, b.value.guns[0].threshold]).toEqual(['medium', 6]);
    // 60″: out of range under shiftUpper, Long under widenEach (48–72).
    expect(planBroadside(fort, { ...FORT_FIRES, range: 60 }).ok).toBe(false);
    const c = planBroadside(
      fort,
      { ...FORT_FIRES, range: 60 },
      opts({ landRangeMode: 'widenEach' })
    );
    expect(c.ok && c.value.band).toBe('long');
  });

  it('typed dice: hits, the damage on the ship, the battery guns unloaded; undo reverts', () => {
    const state = battle();
    const { hits, r } = fireAt(state, FORT_FIRES, [2, 6], [2, 3, 4, 5, 6, 6]);
    expect(hits?.counts.ballLow).toBe(6);
    if (!r.ok) throw new Error(r.error);
    const ship = sheetOf(r.value.next.ships.s);
    const fort = sheetOf(r.value.next.ships.f);
    expect(ship?.hull.damage).toBe(9);
    expect(ship?.crew.current).toBe(29);
    expect(ship?.guns.filter((g) => g.destroyed)).toHaveLength(2);
    expect(fort?.guns.filter((g) => !g.loaded).map((g) => g.id)).toEqual([
      'land-heavy-1',
      'land-heavy-2'
    ]);
    expect(r.value.summary).toBe(
      'Fort Example fires 2 guns at Lively: 2 hits, 9 hull, 1 crew, 2 guns'
    );
    // Undo steps back through each roll of the fire: every event's ops invert.
    let back = r.value.next as unknown as Json;
    for (const s of [...r.value.steps].reverse()) back = applyOps(back, invertOps(s.draft.ops));
    expect(back).toEqual(state);
  });

  it('high is possible from land (not at Long); sail does not matter, the Gunner does', () => {
    const fort = sheetOf(battle().ships.f);
    if (!fort) throw new Error('no sheet');
    const high = planBroadside(fort, {
      ...FORT_FIRES,
      aim: 'high',
      gunnerSightsId: 'land-heavy-1'
    });
    expect(high.ok && high.value.guns.map((g) => g.threshold)).toEqual([5, 3]);
    expect(planBroadside(fort, { ...FORT_FIRES, aim: 'high', range: 40 }).ok).toBe(false);
    const atFull = planBroadside({ ...fort, sail: 3 }, FORT_FIRES);
    expect(atFull.ok).toBe(true);
  });
});

describe('a ship fires at a fortification', () => {
  const SHIP_FIRES: FireSetup = {
    firerId: 's',
    targetId: 'f',
    gunIds: ['starboard-light-1', 'starboard-light-2'],
    range: 10,
    aim: 'low',
    rake: 'none',
    facingSide: 'starboard',
    gunnerSightsId: null,
    isLandBased: false
  };
  it('on the ship bands, low only ("all land targets"); a Gun+ takes the heaviest land gun', () => {
    const state = battle();
    const high = fireAt(state, { ...SHIP_FIRES, aim: 'high' }, [1, 1], []);
    expect(high.r.ok).toBe(false);
    const { plan, r } = fireAt(state, SHIP_FIRES, [1, 12], [6]);
    expect(plan.ok && plan.value.band).toBe('short');
    expect(plan.ok && plan.value.isLandBased).toBe(false);
    if (!r.ok) throw new Error(r.error);
    const fort = sheetOf(r.value.next.ships.f);
    expect(fort?.guns.filter((g) => g.destroyed).map((g) => g.id)).toEqual(['land-heavy-1']);
    // The move itself refuses a high shot at a land target, whatever a plan said.
    expect(
      play(cannonFire, state, { setup: { ...SHIP_FIRES, aim: 'high' }, dice: roll([12, 12]) }).ok
    ).toBe(false);
  });
});

describe('tossGrouping on the battle page (Errata 8)', () => {
  const A: FireSetup = {
    ...FORT_FIRES,
    gunIds: ['land-heavy-1'],
    range: 10
  };
  const B: FireSetup = { ...A, gunIds: ['land-heavy-2'] };
  it('per fire group [DEFAULT]: a second fire at the same target can score a second critical', () => {
    const first = fireAt(battle(), A, [1], [1, 1, 2], { criticalFace: 12 });
    if (!first.r.ok) throw new Error(first.r.error);
    const second = fireAt(first.r.value.next, B, [1], [1, 1, 2], { criticalFace: 11 });
    if (!second.r.ok) throw new Error(second.r.error);
    expect(second.r.value.outcome?.critical?.effect).toBe('doubleHull');
    expect(second.plan.ok && second.plan.value.toss.isCriticalSpent).toBe(false);
  });
  it('per target per phase: the second fire that turn has no critical, and its odds say so', () => {
    const o = { tossGrouping: 'perTargetPerPhase' } as const;
    const first = fireAt(battle(), A, [1], [1, 1, 2], { criticalFace: 12 }, o);
    if (!first.r.ok) throw new Error(first.r.error);
    expect(first.r.value.outcome?.critical?.effect).toBe('doubleHull');
    const second = fireAt(first.r.value.next, B, [1], [1, 1, 2], {}, o);
    if (!second.r.ok) throw new Error(second.r.error);
    expect(second.r.value.outcome?.critical).toBeNull();
    expect(second.r.value.outcome?.hullPoints).toBe(4);
    expect(second.r.value.summary).toContain('double ones count as damage');
    if (!second.plan.ok) throw new Error(second.plan.error);
    expect(second.plan.value.toss.isCriticalSpent).toBe(true);
    const odds = broadsideOdds(
      second.plan.value.guns,
      'low',
      second.plan.value.rakes,
      opts(o),
      second.plan.value.toss
    );
    expect(formatFraction(odds.pCritical)).toBe('0');
    // Next turn the target's toss is fresh again.
    const nextTurn = { ...first.r.value.next, turn: 2 };
    const third = fireAt(nextTurn, B, [1], [1, 1, 2], { criticalFace: 1 }, o);
    expect(third.r.ok && third.r.value.outcome?.critical?.effect).toBe('captain');
  });
});

describe('fortification set-up and reload per independent battery (C.4.5 step 1)', () => {
  it('needs a name and a gun; extra heavy needs its dice', () => {
    const base = { id: 'x', side: '', player: '', order: 0 };
    expect(fortificationShip({ ...FORT, ...base, name: ' ' }).ok).toBe(false);
    expect(fortificationShip({ ...FORT, ...base, guns: [{ ...FORT.guns[0], count: 0 }] }).ok).toBe(
      false
    );
    expect(
      fortificationShip({
        ...FORT,
        ...base,
        guns: [{ cls: 'extraHeavy', extraHeavyDice: 0, count: 1, battery: '' }]
      }).ok
    ).toBe(false);
  });
  it('each battery rolls its own d12 + Gunner + Crew; a fortification takes no initiative', () => {
    const { r } = fireAt(
      battle(),
      { ...FORT_FIRES, gunIds: ['land-heavy-1', 'land-medium-1'] },
      [12, 12],
      []
    );
    if (!r.ok) throw new Error(r.error);
    const fort = sheetOf(r.value.next.ships.f);
    if (!fort) throw new Error('no sheet');
    expect(batteriesToReload(fort)).toEqual([
      { index: 0, name: 'battery 1', gunIds: ['land-heavy-1'] },
      { index: 1, name: 'battery 2', gunIds: ['land-medium-1'] }
    ]);
    // Reload mod 1 + 1 = 2: a natural 5 loads (7), a natural 4 does not.
    const upper = play(reload, r.value.next, { shipId: 'f', battery: 0, dice: roll([5]) });
    if (!upper.ok) throw new Error(upper.error);
    expect(upper.value.summary).toBe('Fort Example battery 1 reloads (5 → 7): 1 of 1 guns loaded');
    const after = sheetOf(upper.value.next.ships.f);
    expect(after?.guns.find((g) => g.id === 'land-medium-1')?.loaded).toBe(false);
    expect(after && batteriesToReload(after).map((b) => b.index)).toEqual([1]);
    const lower = play(reload, upper.value.next, { shipId: 'f', battery: 1, dice: roll([4]) });
    expect(lower.ok && lower.value.summary).toContain('0 of 1 guns loaded');
    // One roll per battery a turn (C.4.5): battery 1 cannot roll again.
    const again = play(reload, upper.value.next, { shipId: 'f', battery: 0, dice: roll([5]) });
    expect(again.ok ? '' : again.error).toContain('already rolled to reload this turn');
    expect(takesInitiative(fort)).toBe(false);
    const ship = sheetOf(battle().ships.s);
    expect(ship && takesInitiative(ship)).toBe(true);
  });
});

describe('every gunnery reading reaches the battle resolver (SPEC C.5 #11–13, #39)', () => {
  // The fort's two heavies at 10″ (Short, 1–9), both hit: 6 Ball Low dice.
  const SETUP: FireSetup = { ...FORT_FIRES, range: 10 };
  const damage = [1, 1, 1, 3, 5, 6];
  it.each([
    ['defaults: pair consumed, 2x Hull doubles', {}, 11, { hull: 8, crew: 1, guns: 1 }],
    [
      'criticalPairCountsAsDamage: every 1 counts',
      { criticalPairCountsAsDamage: true },
      11,
      { hull: 12, crew: 1, guns: 1 }
    ],
    ['twoXPoints +2', { twoXPoints: 'plusTwoPoints' }, 11, { hull: 6, crew: 1, guns: 1 }],
    [
      'gunfire crew losses may hit marines (none aboard here: crew)',
      { gunfireCrewLossesIncludeMarines: true },
      1,
      { hull: 4, crew: 1, guns: 1 }
    ]
  ] as const)('%s', (_name, o, critFace, expected) => {
    const { r } = fireAt(battle(), SETUP, [1, 1], damage, { criticalFace: critFace }, o);
    if (!r.ok) throw new Error(r.error);
    const ship = sheetOf(r.value.next.ships.s);
    expect({
      hull: ship?.hull.damage,
      crew: 30 - (ship?.crew.current ?? 0),
      guns: ship?.guns.filter((g) => g.destroyed).length
    }).toEqual(expected);
  });
  it('damage dice: additive vs multiplicative, rounded up or down once per toss', () => {
    const fort = sheetOf(battle().ships.f);
    if (!fort) throw new Error('no sheet');
    // One heavy double-shotted with a stern rake: additive 3×2 + 1.5 = 7.5; multiplicative 4.5×2 = 9.
    const ds = { ...fort, guns: fort.guns.map((g) => ({ ...g, doubleShot: true })) };
    const setup = { ...SETUP, gunIds: ['land-heavy-1'], rake: 'stern' as const };
    const count = (o: Partial<PvOptions>) => {
      const p = planBroadside(ds, setup, opts(o));
      if (!p.ok) throw new Error(p.error);
      const h = broadsideHits(p.value, [1], opts(o));
      return h.ok ? h.value.counts.ballLow : -1;
    };
    expect(count({})).toBe(8);
    expect(count({ fractionalDice: 'roundDownPerToss' })).toBe(7);
    expect(count({ damageMultiplierCombine: 'multiplicative' })).toBe(9);
  });
});
