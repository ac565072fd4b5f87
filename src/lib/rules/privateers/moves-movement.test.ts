import { describe, expect, it } from 'vitest';
import { createAction } from '../../battle/actions';
import type { BattleState, Json } from '../../engine/events';
import { invertOps } from '../../battle/diff';
import { applyOps } from '../../battle/fold';
import { ok, type Result } from '../../engine/result';
import {
  boats,
  collision,
  crewCheckFor,
  drift,
  dropAnchor,
  giveOrders,
  initiativeProgress,
  moveShip,
  movedThisTurn,
  movementOrder,
  ordersThisTurn,
  planMove,
  revealOrders,
  rollInitiative,
  saveCrew,
  setHeading,
  setWind,
  shipFromClass,
  systemOf,
  tackNeedsMastRoll,
  tackRoll,
  weighAnchor,
  type MovePlan,
  type Side
} from './moves';
import {
  exampleFrigate,
  FIGHTING_SAIL,
  must,
  play,
  roll,
  sheet,
  twoShips,
  type Played
} from './moves.fixture';
import { DEFAULT_OPTIONS, type PvOptions } from './options';
import { NO_ASSIGNMENTS, type Assignments, type Sheet } from './sheet';
import type { Maneuver, SailLevel } from './tables';

interface InitiativeFace {
  id: string;
  face: number;
}

const FRIGATE = exampleFrigate();

const opts = (o: Partial<PvOptions> = {}): PvOptions => ({ ...DEFAULT_OPTIONS, ...o });

/** Two frigates at Fighting Sail, wind from the north (0°). */
const battle = (extraA: Partial<Sheet> = {}, extraB: Partial<Sheet> = {}): BattleState =>
  twoShips(FRIGATE, { both: FIGHTING_SAIL, a: extraA, b: extraB });

/** The step as one event: applying its ops gives the next state; the inverse (undo) restores. */
function roundTrips(state: BattleState, step: Played): void {
  const draft = createAction(state, { kind: 'pv.test', summary: step.summary, next: step.next });
  const after = applyOps(state as unknown as Json, draft.ops);
  expect(after).toEqual(step.next);
  expect(applyOps(after, invertOps(draft.ops))).toEqual(state);
}

// The moves as the tests call them: ship id, input and faces; each run the way session.perform runs
// it (pad rolls typed in), its event applied.
type O = Partial<PvOptions>;
const giveOrdersAction = (
  s: BattleState,
  shipId: string,
  i: { sail: SailLevel; maneuver: Maneuver },
  o: O = {}
) => play(giveOrders, s, { shipId, ...i }, o);
const revealOrdersAction = (s: BattleState) => play(revealOrders, s, {});
const saveCrewAction = (s: BattleState, shipId: string, assignments: Assignments) =>
  play(saveCrew, s, { shipId, assignments });
const weighAnchorAction = (s: BattleState, shipId: string, face: number) => {
  const r = play(weighAnchor, s, { shipId, dice: roll([face]) });
  return r.ok ? ok({ ...r.value, turns: outcomeOf(r.value).turns as number }) : r;
};
const asRounds = (rounds: readonly (readonly InitiativeFace[])[]) =>
  rounds.map((r) => r.map((f) => f.face));
const initiativeProgressOf = (
  s: BattleState,
  ids: readonly string[],
  rounds: readonly (readonly InitiativeFace[])[],
  o: O = {}
) => initiativeProgress(s, ids, asRounds(rounds), opts(o));
const initiativeAction = (
  s: BattleState,
  shipIds: readonly string[],
  rounds: readonly (readonly InitiativeFace[])[],
  o: O = {}
) => {
  const r = play(rollInitiative, s, { shipIds, rolls: asRounds(rounds).map((f) => roll(f)) }, o);
  return r.ok ? ok({ ...r.value, order: movementOrder(r.value.next) ?? [] }) : r;
};
const moveAction = (
  s: BattleState,
  shipId: string,
  i: { headingAfter: number },
  o: O = {}
): Result<Played & { plan: MovePlan }> => {
  const plan = planMove(s, sheet(s, shipId), opts(o));
  const r = play(moveShip, s, { shipId, ...i }, o);
  if (!r.ok) return r;
  return plan.ok ? ok({ ...r.value, plan: plan.value }) : plan;
};
const driftAction = (s: BattleState, shipId: string, face: number) =>
  play(drift, s, { shipId, dice: roll([face], 6) });
const tackRollAction = (
  s: BattleState,
  shipId: string,
  faces: { tack: number; mast?: number },
  side: Side,
  o: O = {}
) =>
  play(
    tackRoll,
    s,
    {
      shipId,
      side,
      rolls: [roll([faces.tack]), ...(faces.mast === undefined ? [] : [roll([faces.mast])])]
    },
    o
  );
const dropAnchorAction = (s: BattleState, shipId: string, moved: number) =>
  play(dropAnchor, s, { shipId, moved });
const boatsAction = (
  s: BattleState,
  shipId: string,
  i: { kind: 'lower' | 'recover'; count: number }
) => play(boats, s, { shipId, ...i });
const collisionAction = (
  s: BattleState,
  i: { rammerId: string; rammedId: string; rammerFacing: Side; rammedFacing: Side },
  faces: readonly number[],
  o: O = {}
) => play(collision, s, { ...i, dice: roll(faces) }, o);
const setHeadingAction = (s: BattleState, shipId: string, headingDeg: number) =>
  play(setHeading, s, { shipId, headingDeg });
const outcomeOf = (p: Played) => (p.draft.roll?.outcome ?? {}) as Record<string, unknown>;

describe('Phase 1 orders (C.4.2)', () => {
  it('open orders go on the log; the one-level rule counts from the sail before the orders', () => {
    const state = battle();
    const r = must(giveOrdersAction(state, 'a', { sail: 2, maneuver: 'starboard' }));
    expect(r.summary).toBe('Surprise orders: Medium Sail, Starboard');
    expect([sheet(r.next, 'a').sail, sheet(r.next, 'a').prevSail]).toEqual([2, 1]);
    expect(sheet(r.next, 'a').maneuver).toBe('starboard');
    roundTrips(state, r);
    // Re-entered the same turn: still measured from Fighting Sail, so Full is refused, No Sail fine.
    const full = giveOrdersAction(r.next, 'a', { sail: 3, maneuver: 'straight' });
    expect(full.ok).toBe(false);
    const none = must(giveOrdersAction(r.next, 'a', { sail: 0, maneuver: 'straight' }));
    expect(sheet(none.next, 'a').sail).toBe(0);
    expect(ordersThisTurn(none.next).a.fromSail).toBe(1);
  });
  it('refuses two levels at once and a tack while not Beating, with the reasons', () => {
    const state = battle();
    const r = giveOrdersAction(state, 'a', { sail: 3, maneuver: 'straight' });
    expect(!r.ok && r.error).toContain('only one level each turn');
    // Heading 0 into a wind from 0: in irons.
    const t = giveOrdersAction(state, 'a', { sail: 1, maneuver: 'tack' });
    expect(!t.ok && t.error).toContain('tacking start while Beating');
  });
  it('forcedSpeedDrop: at Full Sail with two thirds of the rigging lost (cap Fighting)', () => {
    // Two thirds of the rigging gone: cap Fighting Sail; the ship is still at Full Sail.
    const state = battle({ sail: 3, prevSail: 3, rigging: { points: 30, damage: 20 } });
    expect(giveOrdersAction(state, 'a', { sail: 1, maneuver: 'straight' }).ok).toBe(true);
    const slow = opts({ forcedSpeedDrop: 'oneLevelPerTurn' });
    expect(giveOrdersAction(state, 'a', { sail: 1, maneuver: 'straight' }, slow).ok).toBe(false);
    expect(giveOrdersAction(state, 'a', { sail: 2, maneuver: 'straight' }, slow).ok).toBe(true);
  });
  it('hidden orders: the log line hides them, the sheets wait, "Reveal orders" applies all', () => {
    const hidden = opts({ ordersHidden: true });
    const state = battle();
    const a = must(giveOrdersAction(state, 'a', { sail: 2, maneuver: 'larboard' }, hidden));
    expect(a.summary).toBe('Surprise: orders given (hidden until revealed)');
    expect(a.summary).not.toContain('Medium');
    expect(sheet(a.next, 'a').sail).toBe(1);
    const b = must(giveOrdersAction(a.next, 'b', { sail: 0, maneuver: 'straight' }, hidden));
    expect(ordersThisTurn(b.next).a.revealed).toBe(false);
    const shown = must(revealOrdersAction(b.next));
    expect(shown.summary).toBe(
      'Orders revealed: Surprise Medium Sail, Larboard/Port; Hermione No Sail, Straight'
    );
    expect([sheet(shown.next, 'a').sail, sheet(shown.next, 'a').maneuver]).toEqual([2, 'larboard']);
    expect(sheet(shown.next, 'b').sail).toBe(0);
    expect(revealOrdersAction(shown.next).ok).toBe(false);
    roundTrips(b.next, shown);
    // Last turn's hidden orders are not this turn's.
    expect(ordersThisTurn({ ...b.next, turn: 2 })).toEqual({});
  });
});

describe('Phase 2 crew (C.4.3) and weighing anchor (C.4.6.7)', () => {
  it('the check complains about too few sailing crew; saving drops the sail to what they support', () => {
    // Medium Sail on 3 masts + bowsprit needs 8; 5 assigned support Fighting Sail (4).
    const state = battle({ sail: 2, prevSail: 1 });
    const draft = { ...NO_ASSIGNMENTS, sailing: 5, gunCrews: ['starboard-medium-1'] };
    const check = crewCheckFor(sheet(state, 'a'), draft);
    expect(check.sailingRequired).toBe(8);
    expect(check.issues.map((i) => i.task)).toContain('sailing');
    const r = must(saveCrewAction(state, 'a', draft));
    expect(sheet(r.next, 'a').sail).toBe(1);
    expect(r.summary).toBe(
      'Surprise crew: 5 sailing, 1 guns; 14 free for boarding (too few sailing crew: Medium Sail → Fighting Sail)'
    );
    roundTrips(state, r);
  });
  it('more crew than aboard, or marksmen beyond one a mast, is refused', () => {
    const state = battle();
    const r = saveCrewAction(state, 'a', { ...NO_ASSIGNMENTS, sailing: 4, pumps: 17 });
    expect(!r.ok && r.error).toContain('21 crew assigned but only 20 aboard');
    const m = saveCrewAction(state, 'a', {
      ...NO_ASSIGNMENTS,
      sailing: 4,
      marksmen: { crew: 4, marines: 0 }
    });
    expect(!m.ok && m.error).toContain('at most 3');
  });
  it('weigh anchor: turns = d12 − anchor crew, at least 1; needs crew on the anchor', () => {
    const state = battle({ anchored: true, sail: 0, prevSail: 0 });
    expect(weighAnchorAction(state, 'a', 9).ok).toBe(false);
    const crewed = must(saveCrewAction(state, 'a', { ...NO_ASSIGNMENTS, anchor: 4 })).next;
    const r = must(weighAnchorAction(crewed, 'a', 9));
    expect([r.turns, sheet(r.next, 'a').weighAnchor]).toEqual([5, { crew: 4, turnsLeft: 5 }]);
    expect(r.summary).toBe('Surprise weighs anchor: d12 9 − 4 crew → 5 turns');
    expect(must(weighAnchorAction(crewed, 'a', 3)).turns).toBe(1);
    roundTrips(crewed, r);
  });
});

describe('Phase 3 initiative (C.4.4)', () => {
  // Surprise: Master 2 + crew 1 = 3; Hermione: 0.
  const rated = (): BattleState =>
    battle({
      crewRating: 1,
      officers: {
        captain: { rating: 0, present: true },
        firstLt: { rating: 0, present: true },
        master: { rating: 2, present: true },
        gunner: { rating: 0, present: true }
      }
    });
  it('highest modified roll moves first; the order is stored for this turn', () => {
    const state = rated();
    const r = must(
      initiativeAction(
        state,
        ['a', 'b'],
        [
          [
            { id: 'a', face: 2 },
            { id: 'b', face: 9 }
          ]
        ]
      )
    );
    expect(r.order).toEqual(['b', 'a']);
    expect(r.summary).toBe(
      'Initiative: Surprise 2 + 3 = 5, Hermione 9 + 0 = 9 → Hermione, Surprise'
    );
    expect(movementOrder(r.next)).toEqual(['b', 'a']);
    expect(movementOrder({ ...r.next, turn: 2 })).toBeNull();
    roundTrips(state, r);
  });
  it('ties are re-rolled among the tied ships, then recorded in one event', () => {
    const state = rated();
    const first = [
      { id: 'a', face: 4 },
      { id: 'b', face: 7 }
    ];
    const p = must(initiativeProgressOf(state, ['a', 'b'], [first]));
    expect(p.tied).toEqual([['a', 'b']]);
    expect(initiativeAction(state, ['a', 'b'], [first]).ok).toBe(false);
    // A re-roll must be for exactly the tied ships.
    expect(initiativeProgressOf(state, ['a', 'b'], [first, [{ id: 'a', face: 3 }]]).ok).toBe(false);
    const r = must(
      initiativeAction(
        state,
        ['a', 'b'],
        [
          first,
          [
            { id: 'a', face: 3 },
            { id: 'b', face: 11 }
          ]
        ]
      )
    );
    expect(r.order).toEqual(['b', 'a']);
    expect(r.summary).toContain('ties re-rolled: Surprise 3 + 3 = 6, Hermione 11 + 0 = 11');
    // Under 'higherModifier' the same first roll is decided at once.
    const h = must(
      initiativeAction(state, ['a', 'b'], [first], opts({ initiativeTies: 'higherModifier' }))
    );
    expect(h.order).toEqual(['a', 'b']);
  });
  it('a tie in the middle of three ships is re-rolled in place', () => {
    const state = battle();
    const ids = ['a', 'b', 'c'];
    const c = shipFromClass(FRIGATE, { id: 'c', name: 'Lively', side: 'GB', player: '', order: 2 });
    const s3 = { ...state, ships: { ...state.ships, c } };
    const p = must(
      initiativeProgressOf(s3, ids, [
        [
          { id: 'a', face: 5 },
          { id: 'b', face: 12 },
          { id: 'c', face: 5 }
        ],
        [
          { id: 'a', face: 2 },
          { id: 'c', face: 8 }
        ]
      ])
    );
    expect(p).toMatchObject({ order: ['b', 'c', 'a'], tied: [] });
  });
});

describe('Phase 4 movement (C.4.6)', () => {
  it('the point of sail from the wind and heading sets the allotment; a turn is up to 45°', () => {
    // Wind from 0°, heading 180°: Running at Fighting Sail = 7″; Starboard: 3.5 + 3.5.
    const state = battle({ headingDeg: 180, maneuver: 'starboard' });
    const plan = must(planMove(state, sheet(state, 'a')));
    expect([plan.pos, plan.legs]).toEqual(['running', [3.5, 3.5]]);
    expect(moveAction(state, 'a', { headingAfter: 240 }).ok).toBe(false);
    expect(moveAction(state, 'a', { headingAfter: 150 }).ok).toBe(false);
    const r = must(moveAction(state, 'a', { headingAfter: 225 }));
    expect(r.summary).toBe(
      'Surprise moves 7″ (Running, Fighting Sail, Starboard: 3.5″ + 3.5″), heading 180° → 225°'
    );
    roundTrips(state, r);
  });
  it('in irons, at No Sail or at anchor there is no sailing move; No Sail drifts a d6', () => {
    expect(planMove(battle(), sheet(battle(), 'a')).ok).toBe(false);
    const drifting = battle({ sail: 0, headingDeg: 90 });
    expect(moveAction(drifting, 'a', { headingAfter: 90 }).ok).toBe(false);
    const d = must(driftAction(drifting, 'a', 4));
    expect(d.summary).toBe('Surprise drifts 4″ down wind (toward 180°)');
    expect(d.next.ships).toBe(drifting.ships);
    expect(movedThisTurn(d.next)).toEqual(['a']);
    // One move a turn: a second drift is refused until undone; next turn it may drift again.
    expect(driftAction(d.next, 'a', 2).ok).toBe(false);
    expect(driftAction({ ...d.next, turn: 2 }, 'a', 2).ok).toBe(true);
    expect(driftAction(battle({ sail: 0, anchored: true }), 'a', 4).ok).toBe(false);
  });
  it('square-rigged tack: first leg then head to wind; the roll next turn (≥ 4 with initiative)', () => {
    // Wind from 0°, heading 45°: Beating, wind on the larboard bow.
    const state = battle({ headingDeg: 45, maneuver: 'tack' });
    const leg = must(moveAction(state, 'a', { headingAfter: 45 }));
    const s1 = sheet(leg.next, 'a');
    expect([s1.tack, s1.headingDeg]).toEqual(['headToWind', 0]);
    expect(leg.summary).toBe(
      'Surprise moves 3″ (Beating, Fighting Sail, Tacking: 3″), heading 45° → 0°, head to wind (tacking)'
    );
    expect(moveAction(leg.next, 'a', { headingAfter: 0 }).ok).toBe(false);
    const t2 = { ...leg.next, turn: 2 };
    // Next turn: a 4 succeeds onto the starboard tack (heading 315°) and moves half the Beating rate.
    const ok4 = must(tackRollAction(t2, 'a', { tack: 4 }, 'starboard'));
    expect([sheet(ok4.next, 'a').tack, sheet(ok4.next, 'a').headingDeg]).toEqual(['none', 315]);
    expect(ok4.summary).toBe(
      'Surprise tacks: d12 4 + 0 = 4 ≥ 4, onto the starboard tack (heading 315°), moves 3″'
    );
    // A 3 fails: the mast d12 is needed; 2 loses a mast and the cap drops (3 masts: one level).
    expect(tackNeedsMastRoll(s1, 3)).toBe(true);
    expect(tackRollAction(t2, 'a', { tack: 3 }, 'starboard').ok).toBe(false);
    const aback = must(tackRollAction(t2, 'a', { tack: 3, mast: 2 }, 'starboard'));
    const s2 = sheet(aback.next, 'a');
    expect([s2.tack, s2.mastsLost, s2.headingDeg]).toEqual(['takenAback', 1, 0]);
    expect(aback.summary).toBe(
      'Surprise is taken aback: d12 3 + 0 = 3 < 4; mast d12 2: a mast is lost; stays head to wind and rolls again next turn'
    );
    roundTrips(t2, aback);
    const back = must(
      tackRollAction(
        t2,
        'a',
        { tack: 1, mast: 9 },
        'larboard',
        opts({ tackFailure: 'fallBackToOldTack' })
      )
    );
    expect([sheet(back.next, 'a').tack, sheet(back.next, 'a').headingDeg]).toEqual(['none', 45]);
  });
  it('fore-and-aft tack: one turn, no roll, through the wind to 45° on the new tack', () => {
    const state = battle({ headingDeg: 45, maneuver: 'tack', rig: 'foreAndAft' });
    const r = must(moveAction(state, 'a', { headingAfter: 45 }));
    expect([sheet(r.next, 'a').tack, sheet(r.next, 'a').headingDeg]).toEqual(['none', 315]);
    expect(r.plan.legs).toEqual([3, 3]);
  });
  it('heave to: half the allotment, broadside to the wind, stopped; restart per Errata 20', () => {
    const state = battle({ headingDeg: 60, maneuver: 'heaveTo', sail: 2, prevSail: 2 });
    const r = must(moveAction(state, 'a', { headingAfter: 60 }));
    const s = sheet(r.next, 'a');
    expect([s.heaveTo, s.headingDeg, r.plan.total]).toEqual([{ sailBefore: 2 }, 90, 4]);
    // Stays hove to while the card says so; restart: half Fighting + half Medium (broad reaching).
    expect(moveAction(r.next, 'a', { headingAfter: 90 }).ok).toBe(false);
    const go = {
      ...r.next,
      turn: 2,
      ships: { ...r.next.ships, a: { ...r.next.ships.a, sheet: { ...s, maneuver: 'straight' } } }
    };
    const restart = must(moveAction(go, 'a', { headingAfter: 90 }));
    expect([restart.plan.legs, sheet(restart.next, 'a').heaveTo]).toEqual([[4, 5], null]);
  });
  it('drop anchor: up to 3″ first, then bow into the wind at No Sail', () => {
    const state = battle({ headingDeg: 120, sail: 0, prevSail: 1 });
    expect(dropAnchorAction(state, 'a', 4).ok).toBe(false);
    const r = must(dropAnchorAction(state, 'a', 2));
    const s = sheet(r.next, 'a');
    expect([s.anchored, s.sail, s.headingDeg]).toEqual([true, 0, 0]);
    expect(r.summary).toBe('Surprise moves 2″ and drops anchor, bow into the wind (0°)');
    expect(dropAnchorAction(battle({ sail: 2, prevSail: 2 }), 'a', 0).ok).toBe(false);
  });
  it('#14 item 4: no anchor after a Fighting Sail card is accepted; No Sail after Fighting Sail may', () => {
    // C.4.6.6: "was at sail setting fighting sail and plays no sail setting card".
    const fighting = must(giveOrdersAction(battle(), 'a', { sail: 1, maneuver: 'straight' })).next;
    const refused = dropAnchorAction(fighting, 'a', 0);
    expect(refused.ok).toBe(false);
    const noSail = must(giveOrdersAction(battle(), 'a', { sail: 0, maneuver: 'straight' })).next;
    expect(sheet(must(dropAnchorAction(noSail, 'a', 0)).next, 'a').anchored).toBe(true);
  });
  it('boats: 2 crew each, only when not moving', () => {
    const anchored = battle({
      anchored: true,
      sail: 0,
      assignments: { ...NO_ASSIGNMENTS, boats: 2 }
    });
    const r = must(boatsAction(anchored, 'a', { kind: 'lower', count: 1 }));
    expect(sheet(r.next, 'a').boats).toEqual({ total: 2, lowered: 1 });
    expect(boatsAction(anchored, 'a', { kind: 'lower', count: 2 }).ok).toBe(false);
    expect(boatsAction(anchored, 'a', { kind: 'recover', count: 1 }).ok).toBe(false);
    // Not on a turn the ship moves: hove to after moving half its allotment this turn.
    const hove = battle({
      headingDeg: 60,
      maneuver: 'heaveTo',
      assignments: { ...NO_ASSIGNMENTS, boats: 2 }
    });
    const moved = must(moveAction(hove, 'a', { headingAfter: 60 })).next;
    expect(boatsAction(moved, 'a', { kind: 'lower', count: 1 }).ok).toBe(false);
    expect(boatsAction({ ...moved, turn: 2 }, 'a', { kind: 'lower', count: 1 }).ok).toBe(true);
    const sailing = battle({ assignments: { ...NO_ASSIGNMENTS, boats: 2 } });
    expect(boatsAction(sailing, 'a', { kind: 'lower', count: 1 }).ok).toBe(false);
  });
  it('the referee sets a heading; the wind comes from the battle', () => {
    const state = must(play(setWind, battle(), { windFromDeg: 90 })).next;
    const r = must(setHeadingAction(state, 'a', 405));
    expect(sheet(r.next, 'a').headingDeg).toBe(45);
    expect(systemOf(r.next).windFromDeg).toBe(90);
  });
});

describe('collisions (C.4.11)', () => {
  it('rammer d6 to itself, d12 8–12 entangles, rammed d6 per rammer sail (Medium: 2)', () => {
    const state = battle({ sail: 2 });
    const input = {
      rammerId: 'a',
      rammedId: 'b',
      rammerFacing: 'starboard',
      rammedFacing: 'larboard'
    } as const;
    expect(collisionAction(state, input, [3, 8, 4]).ok).toBe(false);
    const r = must(collisionAction(state, input, [3, 8, 4, 5]));
    expect([sheet(r.next, 'a').hull.damage, sheet(r.next, 'b').hull.damage]).toEqual([3, 9]);
    expect(sheet(r.next, 'a').entangledWith).toEqual(['b']);
    expect(r.summary).toBe(
      'Surprise rams Hermione at Medium Sail: Surprise 3 hull; Hermione 9 hull; entangled (d12 8)'
    );
    roundTrips(state, r);
    // The roller inflicts its dice on the other ship.
    const o = must(
      collisionAction(
        state,
        input,
        [3, 2, 4, 5],
        opts({ collisionDamageReading: 'rollerInflictsOnOther' })
      )
    );
    expect([sheet(o.next, 'a').hull.damage, sheet(o.next, 'b').hull.damage]).toEqual([9, 3]);
    // Ball Low column instead of the face sum: 5 = Crew, 6 = Gun+.
    const bl = must(
      collisionAction(state, input, [6, 2, 5, 1], opts({ collisionDiceAsFaceSum: false }))
    );
    expect(bl.summary).toBe(
      'Surprise rams Hermione at Medium Sail: Surprise 1 gun; Hermione 1 hull, 1 crew; not entangled (d12 2)'
    );
  });
});
