import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { unchecked } from '../../engine/brute.test-helpers';
import * as movement from './resolve-movement';
import { canDropAnchor, pointOfSail, validateOrders, windSide } from './resolve-movement';
import { checkCrewAssignments } from './crew-check';
import { applyEndOfTurn, proceduresForPhase } from './resolve-turn';
import { fortificationSheet } from './sheet';
import { sheetFromClass, type Sheet, type ShipClass } from './sheet';

// The checked compass (issue 17 #9), unwrapped: the same headings as before the checks.
const broadsideToWindHeading = unchecked(movement.broadsideToWindHeading);
const closeHauledHeading = unchecked(movement.closeHauledHeading);
const windAngle = unchecked(movement.windAngle);

// Orders (C.4.2), the forced speed drop (C.4.10 step 7), tacking and heaving to across turns
// (C.4.6.3, C.4.6.5), anchoring (C.4.6.6–7) and ship's boats (C.4.6.8).

const opts = (o: Partial<PvOptions> = {}): PvOptions => ({ ...DEFAULT_OPTIONS, ...o });

const EXAMPLE_CLASS: ShipClass = {
  id: 'example-brig',
  className: 'EXAMPLE brig (not from the rules)',
  rig: 'squareRigged',
  masts: 2,
  bowsprit: true,
  sailingRates: { beating: [6, 8, 10], broadReaching: [8, 10, 12], running: [7, 9, 11] },
  hullPoints: 60,
  riggingPoints: 30,
  crew: 40,
  marines: 0,
  boats: 2,
  guns: []
};

function ship(extra: Partial<Sheet> = {}): Sheet {
  return { ...sheetFromClass(EXAMPLE_CLASS, 'Test'), sail: 1, prevSail: 1, ...extra };
}

const order = (sail: 0 | 1 | 2 | 3, maneuver: Sheet['maneuver'] = 'straight') => ({
  sail,
  maneuver,
  pointOfSail: 'running' as const
});

describe('orders with a forced speed drop (C.4.10 step 7, option forcedSpeedDrop)', () => {
  // 1/3 of the rigging lost: the cap is Medium Sail; a 2-masted ship losing a mast loses 2 levels.
  const overCap = ship({ sail: 3, prevSail: 3, rigging: { points: 30, damage: 10 } });
  it('immediate (default): the drop to the cap is free; the one-level rule counts from the cap', () => {
    expect(validateOrders(overCap, order(2)).ok).toBe(true);
    expect(validateOrders(overCap, order(1)).ok).toBe(true);
    expect(validateOrders(overCap, order(3)).ok).toBe(false);
    // A mast lost on a two-masted ship at Full Sail: cap Fighting, and Fighting is allowed at once.
    const mast = ship({ sail: 3, prevSail: 3, mastsLost: 1 });
    expect(validateOrders(mast, order(1)).ok).toBe(true);
    expect(validateOrders(mast, order(0)).ok).toBe(true);
  });
  it('oneLevelPerTurn: the ship must come down exactly one level this turn', () => {
    const o = opts({ forcedSpeedDrop: 'oneLevelPerTurn' });
    const mast = ship({ sail: 3, prevSail: 3, mastsLost: 1 });
    expect(validateOrders(mast, order(2), o).ok).toBe(true);
    const r = validateOrders(mast, order(1), o);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.join(' ')).toContain('must drop one level this turn, to Medium Sail');
    expect(validateOrders(overCap, order(2), o).ok).toBe(true);
    expect(validateOrders(overCap, order(3), o).ok).toBe(false);
  });
});

describe('tacking and heaving to across turns', () => {
  it('a square-rigger head to wind keeps the tack card, in irons, until the tacking roll', () => {
    const s = ship({ tack: 'headToWind' });
    const inIrons = { sail: 1 as const, pointOfSail: 'inIrons' as const };
    expect(validateOrders(s, { ...inIrons, maneuver: 'tack' }).ok).toBe(true);
    const r = validateOrders(s, { ...inIrons, maneuver: 'straight' });
    expect(!r.ok && r.error.join(' ')).toContain('tacking roll');
    expect(validateOrders(ship({ tack: 'takenAback' }), { ...inIrons, maneuver: 'tack' }).ok).toBe(
      true
    );
    // Not tacking: the tack starts only while Beating.
    expect(validateOrders(ship(), { ...inIrons, maneuver: 'tack' }).ok).toBe(false);
  });
  it('a ship hove to may stay hove to broadside to the wind; starting to heave to needs Beating', () => {
    const hove = ship({ heaveTo: { sailBefore: 2 } });
    const broad = { sail: 1 as const, pointOfSail: 'broadReaching' as const };
    expect(validateOrders(hove, { ...broad, maneuver: 'heaveTo' }).ok).toBe(true);
    expect(validateOrders(ship(), { ...broad, maneuver: 'heaveTo' }).ok).toBe(false);
  });
  it('headings: wind side, 45° off the wind on the new tack, broadside to the wind', () => {
    // Wind from the north (0°). Heading 315° (NW): the wind is 45° on the starboard bow.
    expect(windSide(0, 315)).toBe('starboard');
    expect(windSide(0, 45)).toBe('larboard');
    expect(closeHauledHeading(0, 'starboard')).toBe(315);
    expect(closeHauledHeading(0, 'larboard')).toBe(45);
    expect(pointOfSail(windAngle(0, closeHauledHeading(0, 'larboard')))).toBe('beating');
    expect(broadsideToWindHeading(0, 315)).toBe(270);
    expect(broadsideToWindHeading(90, 150)).toBe(180);
    expect(pointOfSail(windAngle(90, broadsideToWindHeading(90, 150)))).toBe('broadReaching');
  });
});

describe('anchoring (C.4.6.6–7) and boats (C.4.6.8)', () => {
  it('drop anchor: hove to, or playing no sail card after Fighting Sail — not on a Fighting Sail card', () => {
    // C.4.6.6 "If a ship has heave to, or was at sail setting fighting sail and plays no sail
    // setting card": the old reading also let a ship that played a Fighting Sail card this turn
    // anchor (#14 item 4); the text asks for no sail card.
    expect(canDropAnchor(ship({ sail: 1, prevSail: 1 }))).toBe(false);
    expect(canDropAnchor(ship({ sail: 1, prevSail: 2 }))).toBe(false);
    expect(canDropAnchor(ship({ sail: 0, prevSail: 1 }))).toBe(true);
    expect(canDropAnchor(ship({ sail: 0, prevSail: 2 }))).toBe(false);
    expect(canDropAnchor(ship({ sail: 2, prevSail: 2 }))).toBe(false);
    expect(canDropAnchor(ship({ sail: 2, heaveTo: { sailBefore: 2 } }))).toBe(true);
    expect(canDropAnchor(ship({ sail: 0, prevSail: 1, anchored: true }))).toBe(false);
  });
  it('the crew raising the anchor stay assigned until it is up (C.4.6.7 [DEFAULT])', () => {
    const s = ship({
      sail: 0,
      anchored: true,
      weighAnchor: { crew: 4, turnsLeft: 2 },
      assignments: { ...ship().assignments, anchor: 3 }
    });
    const check = checkCrewAssignments(s, { sail: 0, maneuver: 'straight' });
    expect(check.issues.find((i) => i.task === 'anchor')?.message).toBe(
      'The 4 crew raising the anchor stay on it until it is up (2 turns left).'
    );
    const kept = { ...s, assignments: { ...s.assignments, anchor: 4 } };
    expect(
      checkCrewAssignments(kept, { sail: 0, maneuver: 'straight' }).issues.map((i) => i.task)
    ).not.toContain('anchor');
  });
  it('the end of each turn advances a weighing anchor; when up, the ship is at Fighting Sail', () => {
    let s = ship({ sail: 0, prevSail: 0, anchored: true, weighAnchor: { crew: 4, turnsLeft: 2 } });
    s = applyEndOfTurn(s, 1);
    expect([s.anchored, s.weighAnchor?.turnsLeft, s.sail]).toEqual([true, 1, 0]);
    s = applyEndOfTurn(s, 2);
    expect([s.anchored, s.weighAnchor, s.sail]).toEqual([false, null, 1]);
    // The next turn's orders count from Fighting Sail: Medium is one level up.
    expect(validateOrders(s, order(2)).ok).toBe(true);
  });
  it('boats are offered in Phase 4 only with two crew assigned per boat', () => {
    const none = ship({ anchored: true, sail: 0 });
    expect(proceduresForPhase(3, none, { turn: 1 })).not.toContain('boats');
    const two = { ...none, assignments: { ...none.assignments, boats: 2 } };
    expect(proceduresForPhase(3, two, { turn: 1 })).toContain('boats');
    expect(
      proceduresForPhase(3, { ...two, boats: { total: 0, lowered: 0 } }, { turn: 1 })
    ).not.toContain('boats');
  });
  it('a fortification is offered only what a fort does: gun crews, reload, fire, morale', () => {
    // EXAMPLE fortification (user data: the text gives no fortification charts).
    const fort = fortificationSheet({
      name: 'Fort San Felipe',
      guns: [{ cls: 'heavy', extraHeavyDice: 0, count: 2, battery: 'North' }],
      gunnerRating: 2,
      hasGunner: true,
      crewRating: 1,
      crew: 20,
      hullPoints: 50
    });
    const all = [0, 1, 2, 3, 4, 5].flatMap((phase) => proceduresForPhase(phase, fort, { turn: 1 }));
    expect(all).toEqual(['crewAssignments', 'cannonFire']);
    const firing = { ...fort, guns: fort.guns.map((g) => ({ ...g, loaded: false })) };
    expect(proceduresForPhase(2, firing, { turn: 1 })).toEqual(['reload']);
    expect(proceduresForPhase(3, fort, { turn: 1 })).toEqual(['cannonFire']);
    // The same log as a ship (isFortification false) would be offered orders and initiative.
    const asShip = { ...fort, isFortification: false };
    expect(proceduresForPhase(0, asShip, { turn: 1 })).toContain('orders');
    expect(proceduresForPhase(2, asShip, { turn: 1 })).toContain('initiative');
  });
});
