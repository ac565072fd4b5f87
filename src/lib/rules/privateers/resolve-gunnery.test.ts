import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import {
  applyGunsFired,
  applyToss,
  checkAimAt,
  isCriticalSpent,
  isLandBasedFire,
  damageColumn,
  damageDiceFor,
  firingGunsFrom,
  gunDamageDice,
  gunToDestroy,
  hitThreshold,
  rangeBand,
  resolveHits,
  resolveToss,
  tossDice,
  tossNeeds
} from './resolve-gunnery';
import { defaultSheet, fortificationSheet, reloadBatteries, type Gun, type Sheet } from './sheet';
import { sheetSchema } from './sheet-schema';

const opts = (o: Partial<PvOptions> = {}): PvOptions => ({ ...DEFAULT_OPTIONS, ...o });

const gun = (id: string, cls: Gun['cls'], side: Gun['side'], extra: Partial<Gun> = {}): Gun => ({
  id,
  cls,
  extraHeavyDice: 0,
  side,
  arcDeg: 45,
  load: 'ball',
  loaded: true,
  doubleShot: false,
  doubleShotOrdered: false,
  destroyed: false,
  ...extra
});

function ship(extra: Partial<Sheet> = {}): Sheet {
  return {
    ...defaultSheet({ name: 'Target' }),
    masts: 3,
    hull: { points: 60, damage: 0 },
    rigging: { points: 30, damage: 0 },
    crew: { initial: 40, current: 40 },
    marines: { initial: 6, current: 6 },
    sail: 1,
    officers: {
      captain: { rating: 1, present: true },
      firstLt: { rating: 1, present: true },
      master: { rating: 1, present: true },
      gunner: { rating: 1, present: true }
    },
    guns: [
      gun('s1', 'light', 'starboard'),
      gun('s2', 'heavy', 'starboard'),
      gun('s3', 'medium', 'starboard'),
      gun('l1', 'medium', 'larboard'),
      gun('l2', 'heavy', 'larboard')
    ],
    ...extra
  };
}

describe('range bands (C.4.7 step 7)', () => {
  it.each([
    [0, false, 'short'],
    [12, false, 'short'],
    [12.5, false, 'medium'],
    [18, false, 'medium'],
    [24, false, 'medium'],
    [36, false, 'long'],
    [24, true, 'short'],
    [36, true, 'medium'],
    [48, true, 'long']
  ] as const)('%s″ land=%s is %s', (d, land, band) => {
    expect(rangeBand(d, land)).toEqual({ ok: true, value: band });
  });
  it('beyond 36″ (48″ on land) cannot fire', () => {
    expect(rangeBand(36.5, false).ok).toBe(false);
    expect(rangeBand(49, true).ok).toBe(false);
  });
  it('options: lower-inclusive boundaries and widened land bands', () => {
    expect(rangeBand(12, false, opts({ rangeBoundary: 'lowerInclusive' }))).toEqual({
      ok: true,
      value: 'medium'
    });
    expect(rangeBand(60, true, opts({ landRangeMode: 'widenEach' }))).toEqual({
      ok: true,
      value: 'long'
    });
  });
});

describe('hit threshold (C.4.7 step 8, C.7.1)', () => {
  // C.7.1 table rows: Σ modifiers → Short Low, Short High, Medium Low, Medium High, Long Low
  const table: [number, boolean, 0 | 1 | 2, number[]][] = [
    [-1, false, 2, [8, 5, 5, 2, 2]],
    [0, false, 1, [9, 6, 6, 3, 3]],
    [1, false, 0, [10, 7, 7, 4, 4]],
    [2, true, 1, [11, 8, 8, 5, 5]],
    [3, true, 0, [12, 9, 9, 6, 6]]
  ];
  it.each(table)('Σ modifiers %s', (_sum, gunner, sail, expected) => {
    const cells = [
      ['short', 'low'],
      ['short', 'high'],
      ['medium', 'low'],
      ['medium', 'high'],
      ['long', 'low']
    ] as const;
    cells.forEach(([band, aim], i) => {
      const r = hitThreshold({ band, aim, gunnerSights: gunner, firerSail: sail });
      expect(r.ok && r.value.threshold).toBe(expected[i]);
    });
    expect(
      hitThreshold({ band: 'long', aim: 'high', gunnerSights: gunner, firerSail: sail }).ok
    ).toBe(false);
  });
  it('Gunner at Medium Sail is +1 (C.7.1 row +1)', () => {
    const r = hitThreshold({ band: 'medium', aim: 'low', gunnerSights: true, firerSail: 2 });
    expect(r.ok && r.value.threshold).toBe(7);
  });
  it('Full Sail cannot fire', () => {
    const r = hitThreshold({ band: 'short', aim: 'low', gunnerSights: false, firerSail: 3 });
    expect(r).toEqual({ ok: false, error: 'Full Sail: "No firing is allowed at this speed."' });
  });
  it('fortifications ignore sail modifiers but keep the Gunner (Errata 1)', () => {
    const r = hitThreshold({
      band: 'short',
      aim: 'low',
      gunnerSights: true,
      firerSail: 3,
      isFortification: true
    });
    expect(r.ok && r.value.threshold).toBe(11);
  });
  it('Appendix C-1 Hit: medium gun, 18″, low, Gunner, Fighting Sail, natural 8 → hit, 2 dice', () => {
    const s = ship({ guns: [gun('m', 'medium', 'starboard')] });
    const band = rangeBand(18, false);
    expect(band).toEqual({ ok: true, value: 'medium' });
    if (!band.ok) return;
    const guns = firingGunsFrom(s.guns, ['m'], {
      band: band.value,
      aim: 'low',
      firerSail: 1,
      gunnerSightsId: 'm'
    });
    expect(guns.ok && guns.value[0].threshold).toBe(8);
    if (!guns.ok) return;
    const hits = resolveHits(guns.value, [8]);
    expect(hits).toEqual({ ok: true, value: [true] });
    expect(damageDiceFor(guns.value, { stern: false, bow: false }).ballLow).toBe(2);
    expect(resolveHits(guns.value, [9])).toEqual({ ok: true, value: [false] });
  });
});

describe('damage dice (C.3.5, C.4.7 step 9)', () => {
  it('class dice; extra heavy needs the scenario value', () => {
    expect(gunDamageDice('swivel')).toEqual({ ok: true, value: 1 });
    expect(gunDamageDice('light')).toEqual({ ok: true, value: 1 });
    expect(gunDamageDice('medium')).toEqual({ ok: true, value: 2 });
    expect(gunDamageDice('heavy')).toEqual({ ok: true, value: 3 });
    expect(gunDamageDice('extraHeavy').ok).toBe(false);
    expect(gunDamageDice('extraHeavy', 4)).toEqual({ ok: true, value: 4 });
  });
  const three = [
    { dice: 2, column: 'ballLow' as const, doubleShot: true },
    { dice: 2, column: 'ballLow' as const, doubleShot: false },
    { dice: 2, column: 'ballLow' as const, doubleShot: false }
  ];
  it('EXAMPLE: 3 medium hits, one double-shotted, stern rake: additive 13, multiplicative 14', () => {
    expect(damageDiceFor(three, { stern: true, bow: false }).ballLow).toBe(13);
    expect(
      damageDiceFor(
        three,
        { stern: true, bow: false },
        opts({ damageMultiplierCombine: 'multiplicative' })
      ).ballLow
    ).toBe(14);
  });
  it('half dice round up once per toss (down as an option)', () => {
    const one = [{ dice: 1, column: 'ballLow' as const, doubleShot: true }];
    expect(damageDiceFor(one, { stern: false, bow: false }).ballLow).toBe(2);
    expect(
      damageDiceFor(one, { stern: false, bow: false }, opts({ fractionalDice: 'roundDownPerToss' }))
        .ballLow
    ).toBe(1);
    // bow rake on 3 dice: 4.5 → 5
    expect(
      damageDiceFor([{ dice: 3, column: 'ballLow', doubleShot: false }], {
        stern: false,
        bow: true
      }).ballLow
    ).toBe(5);
  });
  it('columns by class, load and aim (C.4.7 step 10)', () => {
    expect(damageColumn('swivel', 'ball', 'high')).toEqual({ ok: true, value: 'swivelGrape' });
    expect(damageColumn('medium', 'grape', 'low')).toEqual({ ok: true, value: 'swivelGrape' });
    expect(damageColumn('medium', 'shotAndGrape', 'low')).toEqual({
      ok: true,
      value: 'shotAndGrape'
    });
    expect(damageColumn('medium', 'shotAndGrape', 'high').ok).toBe(false);
    expect(damageColumn('heavy', 'ball', 'low')).toEqual({ ok: true, value: 'ballLow' });
    expect(damageColumn('heavy', 'ball', 'high')).toEqual({ ok: true, value: 'ballHigh' });
  });
});

describe('one toss (C.4.8, Appendix C-1)', () => {
  it('hull example "1 2 & 3 … 6 points": no critical', () => {
    const r = resolveToss(tossDice({ ballLow: [1, 2, 3] }), 'low', {});
    expect(r.ok && [r.value.hullPoints, r.value.critical]).toEqual([6, null]);
  });
  it('rigging example "2 and 3": 5 rigging points', () => {
    const r = resolveToss(tossDice({ ballHigh: [2, 3] }), 'high', {});
    expect(r.ok && r.value.riggingPoints).toBe(5);
  });
  it('critical consumes the pair: 1,1,3,5 → critical, 3 hull, 1 crew', () => {
    const dice = tossDice({ ballLow: [1, 1, 3, 5] });
    expect(tossNeeds(dice)).toEqual({ isCritical: true, officerRolls: 0 });
    expect(resolveToss(dice, 'low', {}).ok).toBe(false);
    const r = resolveToss(dice, 'low', { criticalFace: 6 });
    expect(r.ok && [r.value.critical?.effect, r.value.hullPoints, r.value.crewHits]).toEqual([
      'fire',
      3,
      1
    ]);
  });
  it('three ones: one critical, hull 1 + 4 = 5', () => {
    const r = resolveToss(tossDice({ ballLow: [1, 1, 1, 4] }), 'low', { criticalFace: 5 });
    expect(r.ok && [r.value.critical?.effect, r.value.hullPoints]).toEqual(['mast', 5]);
  });
  it('two pairs: one critical only, hull 2', () => {
    const r = resolveToss(tossDice({ ballLow: [1, 1, 1, 1] }), 'low', { criticalFace: 1 });
    expect(r.ok && [r.value.critical?.effect, r.value.hullPoints]).toEqual(['captain', 2]);
  });
  it('option: the critical pair also counts as damage', () => {
    const r = resolveToss(
      tossDice({ ballLow: [1, 1, 3] }),
      'low',
      { criticalFace: 5 },
      opts({ criticalPairCountsAsDamage: true })
    );
    expect(r.ok && r.value.hullPoints).toBe(5);
  });
  it('2x Hull Pts doubles the toss; option +2', () => {
    const dice = tossDice({ ballLow: [1, 1, 4, 2] });
    const r = resolveToss(dice, 'low', { criticalFace: 11 });
    expect(r.ok && [r.value.baseHull, r.value.hullPoints]).toEqual([6, 12]);
    const p = resolveToss(dice, 'low', { criticalFace: 12 }, opts({ twoXPoints: 'plusTwoPoints' }));
    expect(p.ok && p.value.hullPoints).toBe(8);
  });
  it('high critical column: 4 is Mast, 9–12 are 2x Rigging', () => {
    const r = resolveToss(tossDice({ ballHigh: [1, 1, 3] }), 'high', { criticalFace: 4 });
    expect(r.ok && r.value.critical?.effect).toBe('mast');
    const d = resolveToss(tossDice({ ballHigh: [1, 1, 3] }), 'high', { criticalFace: 10 });
    expect(d.ok && d.value.riggingPoints).toBe(6);
  });
  it('swivel/grape: Officer* needs a d6 on the Officer Hits table; its criticals use Low', () => {
    const dice = tossDice({ swivelGrape: [6, 6, 3] });
    expect(tossNeeds(dice)).toEqual({ isCritical: false, officerRolls: 2 });
    const r = resolveToss(dice, 'high', { officerFaces: [5, 1] });
    expect(r.ok && [r.value.crewHits, r.value.officerRolls.map((o) => o.roles)]).toEqual([
      1,
      [['master', 'gunner'], ['captain']]
    ]);
    const c = resolveToss(tossDice({ swivelGrape: [1, 1] }), 'high', { criticalFace: 4 });
    expect(c.ok && c.value.critical).toEqual({ face: 4, column: 'low', effect: 'gunner' });
  });
  it('bad faces are refused', () => {
    expect(resolveToss(tossDice({ ballLow: [7] }), 'low', {}).ok).toBe(false);
  });
});

describe('gun destruction (C.4.9) and applying a toss', () => {
  it('Shot & Grape 6: the heaviest gun on the side facing the firer, then alternating', () => {
    let s = ship();
    const r = resolveToss(tossDice({ shotAndGrape: [6] }), 'low', {});
    expect(r.ok && r.value.gunHits).toBe(1);
    if (!r.ok) return;
    expect(gunToDestroy(s, 'starboard')).toBe('s2');
    s = applyToss(s, r.value, { turn: 1, facingSide: 'starboard' });
    expect(s.guns.find((g) => g.id === 's2')?.destroyed).toBe(true);
    expect(gunToDestroy(s, 'starboard')).toBe('l2');
    s = applyToss(s, r.value, { turn: 1, facingSide: 'starboard' });
    expect(gunToDestroy(s, 'starboard')).toBe('s3');
  });
  it('an empty side passes the hit to the other side', () => {
    const s = ship({ guns: [gun('l1', 'medium', 'larboard')] });
    expect(gunToDestroy(s, 'starboard')).toBe('l1');
  });
  it('applies hull, crew, critical effects and morale events without touching the input', () => {
    const s = ship();
    const r = resolveToss(tossDice({ ballLow: [1, 1, 4, 5] }), 'low', { criticalFace: 1 });
    if (!r.ok) throw new Error(r.error);
    const next = applyToss(s, r.value, { turn: 3, facingSide: 'starboard', stern: true });
    expect(next.hull.damage).toBe(4);
    expect(next.crew.current).toBe(39);
    expect(next.officers.captain.present).toBe(false);
    expect(next.turnEvents.commanderHit).toBe(true);
    expect(next.turnEvents.sternRakeTaken).toBe(true);
    expect(s.officers.captain.present).toBe(true);
    expect(s.hull.damage).toBe(0);
  });
  it('fire critical records the ignition turn; none on a burning ship (Errata 3, 9)', () => {
    const r = resolveToss(tossDice({ ballLow: [1, 1] }), 'low', { criticalFace: 6 });
    if (!r.ok) throw new Error(r.error);
    const s = applyToss(ship(), r.value, { turn: 4, facingSide: 'starboard' });
    expect(s.onFire).toEqual({ burning: true, attempt: 0, ignitedOnTurn: 4 });
    const burning = ship({ onFire: { burning: true, attempt: 2, ignitedOnTurn: 1 } });
    expect(applyToss(burning, r.value, { turn: 4, facingSide: 'starboard' }).onFire.attempt).toBe(
      2
    );
  });
  it('a mast critical with no mast standing has no effect; hull expended flags sinking', () => {
    const r = resolveToss(tossDice({ ballLow: [1, 1, 4] }), 'low', { criticalFace: 5 });
    if (!r.ok) throw new Error(r.error);
    const s = applyToss(ship({ mastsLost: 3, hull: { points: 4, damage: 0 } }), r.value, {
      turn: 1,
      facingSide: 'starboard'
    });
    expect(s.mastsLost).toBe(3);
    expect(s.sinking).toBe(true);
  });
  it('rudder, helm/tiller and water line criticals', () => {
    const toss = (face: number) => {
      const r = resolveToss(tossDice({ ballLow: [1, 1] }), 'low', { criticalFace: face });
      if (!r.ok) throw new Error(r.error);
      return applyToss(ship(), r.value, { turn: 1, facingSide: 'starboard' });
    };
    expect(toss(7).rudderHit).toBe(true);
    expect(toss(8).helmHit).toEqual({
      straightNextTurn: true,
      tillerCrewRequired: true,
      hitOnTurn: 1
    });
    expect(toss(9).waterline).toBe(true);
  });
  it('fired guns are unloaded', () => {
    const s = applyGunsFired(ship(), ['s1']);
    expect(s.guns.find((g) => g.id === 's1')?.loaded).toBe(false);
    expect(s.guns.find((g) => g.id === 's2')?.loaded).toBe(true);
  });
});

describe('tossGrouping (Errata 8): one critical per dice toss', () => {
  const perTarget = opts({ tossGrouping: 'perTargetPerPhase' });
  it('per fire group [DEFAULT]: every fire is its own toss, a second critical the same turn counts', () => {
    const s = ship({ tossCriticalTurn: 2 });
    expect(isCriticalSpent(s, 2)).toBe(false);
    const r = resolveToss(tossDice({ ballLow: [1, 1, 3] }), 'low', { criticalFace: 11 });
    expect(r.ok && r.value.critical?.effect).toBe('doubleHull');
  });
  it('per target per phase: after the target took a critical this turn, double ones are damage', () => {
    const s = ship({ tossCriticalTurn: 2 });
    expect(isCriticalSpent(s, 2, perTarget)).toBe(true);
    expect(isCriticalSpent(s, 3, perTarget)).toBe(false);
    const toss = { isCriticalSpent: true };
    const dice = tossDice({ ballLow: [1, 1, 3] });
    expect(tossNeeds(dice, perTarget, toss).isCritical).toBe(false);
    const r = resolveToss(dice, 'low', {}, perTarget, toss);
    // "All other ones are totaled with the hull or rigging point damage": 1 + 1 + 3.
    expect(r.ok && [r.value.critical, r.value.hullPoints, r.value.consumed]).toEqual([null, 5, []]);
  });
  it('a critical marks the target for the rest of the turn; undo-able as a sheet field', () => {
    const r = resolveToss(tossDice({ ballLow: [1, 1] }), 'low', { criticalFace: 12 }, perTarget);
    if (!r.ok) throw new Error(r.error);
    const next = applyToss(ship(), r.value, { turn: 5, facingSide: 'starboard' }, perTarget);
    expect(next.tossCriticalTurn).toBe(5);
    expect(isCriticalSpent(next, 5, perTarget)).toBe(true);
    expect(sheetSchema.safeParse(next).success).toBe(true);
  });
});

describe('fortifications (C.4.13, Errata 1, C.2 PvFortification)', () => {
  // EXAMPLE fortification (user data: the text gives no fortification charts).
  const fort = fortificationSheet({
    name: 'Fort San Felipe',
    guns: [
      { cls: 'heavy', extraHeavyDice: 0, count: 2, battery: 'North' },
      { cls: 'medium', extraHeavyDice: 0, count: 1, battery: 'South' },
      { cls: 'light', extraHeavyDice: 0, count: 1, battery: '' }
    ],
    gunnerRating: 2,
    hasGunner: true,
    crewRating: 1,
    crew: 20,
    hullPoints: 50
  });
  it('is a valid log: land guns, loaded, batteries, Gunner and crew ratings, no sailing', () => {
    expect(sheetSchema.safeParse(fort).success).toBe(true);
    expect(fort.isFortification).toBe(true);
    expect(fort.guns.map((g) => [g.id, g.side, g.loaded])).toEqual([
      ['land-heavy-1', 'land', true],
      ['land-heavy-2', 'land', true],
      ['land-medium-1', 'land', true],
      ['land-light-1', 'land', true]
    ]);
    expect(fort.independentBatteries).toEqual([
      ['land-heavy-1', 'land-heavy-2'],
      ['land-medium-1']
    ]);
    expect([fort.officers.captain.present, fort.officers.gunner]).toEqual([
      false,
      { rating: 2, present: true }
    ]);
  });
  it('"Independent batteries on land roll individually"; a ship rolls once (C.4.5 step 1)', () => {
    expect(reloadBatteries(fort)).toEqual([
      { name: 'battery 1', gunIds: ['land-heavy-1', 'land-heavy-2'] },
      { name: 'battery 2', gunIds: ['land-medium-1'] },
      { name: 'other guns', gunIds: ['land-light-1'] }
    ]);
    expect(reloadBatteries(ship()).map((b) => b.gunIds.length)).toEqual([5]);
  });
  it('fires on the land bands, without sail modifiers, Gunner +2 (Errata 1)', () => {
    expect(isLandBasedFire(fort, ['land-heavy-1'])).toBe(true);
    expect(isLandBasedFire(ship(), ['s1'])).toBe(false);
    const band = rangeBand(30, isLandBasedFire(fort, ['land-heavy-1']));
    expect(band).toEqual({ ok: true, value: 'medium' });
    if (!band.ok) return;
    const guns = firingGunsFrom(fort.guns, ['land-heavy-1', 'land-heavy-2'], {
      band: band.value,
      aim: 'high',
      firerSail: 3,
      isFortification: true,
      gunnerSightsId: 'land-heavy-1'
    });
    expect(guns.ok && guns.value.map((g) => g.threshold)).toEqual([5, 3]);
    // High is still N/A in their Long band.
    expect(
      hitThreshold({
        band: 'long',
        aim: 'high',
        gunnerSights: false,
        firerSail: 0,
        isFortification: true
      }).ok
    ).toBe(false);
  });
  it('"all land targets" are fired at low', () => {
    expect(checkAimAt(fort, 'high').ok).toBe(false);
    expect(checkAimAt(fort, 'low')).toEqual({ ok: true, value: 'low' });
    expect(checkAimAt(ship(), 'high').ok).toBe(true);
  });
  it('Gun+ destroys its heaviest land gun; rudder, helm and water line have no effect on land', () => {
    const r = resolveToss(tossDice({ ballLow: [6] }), 'low', {});
    if (!r.ok) throw new Error(r.error);
    const hit = applyToss(fort, r.value, { turn: 1, facingSide: 'starboard' });
    expect(hit.guns.filter((g) => g.destroyed).map((g) => g.id)).toEqual(['land-heavy-1']);
    for (const face of [7, 8, 9]) {
      const c = resolveToss(tossDice({ ballLow: [1, 1] }), 'low', { criticalFace: face });
      if (!c.ok) throw new Error(c.error);
      const s = applyToss(fort, c.value, { turn: 1, facingSide: 'starboard' });
      expect([s.rudderHit, s.helmHit.tillerCrewRequired, s.waterline]).toEqual([
        false,
        false,
        false
      ]);
    }
  });
});
