// Issue 31 item 2, the movement moves: what each says before it is made (`move.preview`) is what
// the move then does and records. The orders' preview refuses what giveOrders refuses; the move's
// plan is the distance the move records; drift's d6 is the ship's own, its inches the face, and it
// is refused exactly when the move refuses; dropping anchor and the boats say what the move allows.
// Battles built through the real moves (the moves fixture) over EXAMPLE frigates.
import { describe, expect, it } from 'vitest';
import { Dist } from '../../engine/dist';
import {
  boats,
  drift,
  dropAnchor,
  giveOrders,
  moveShip,
  saveCrew,
  setHeading,
  setWind
} from './moves';
import { d6, exampleFrigate, FIGHTING_SAIL, must, play, sheet, twoShips } from './moves.fixture';
import { DEFAULT_OPTIONS as O } from './options';
import { sameMovementInputs } from './movement-preview';

/** Surprise heading 120° in a wind from 0° (Broad Reaching), at Fighting Sail last turn. */
function underWay() {
  let s = twoShips(exampleFrigate(), { both: FIGHTING_SAIL });
  s = must(play(setWind, s, { windFromDeg: 0 })).next;
  return must(play(setHeading, s, { shipId: 'a', headingDeg: 120 })).next;
}

describe('the movement moves answer before they are made (issue 31)', () => {
  it('orders: the preview’s problems are the move’s refusal, word for word', () => {
    const s = underWay();
    const full = { shipId: 'a', sail: 3 as const, maneuver: 'straight' as const };
    const outlook = must(giveOrders.preview.odds(s, full, O));
    expect(outlook.pos).toBe('broadReaching');
    expect(outlook.fromSail).toBe(1);
    expect(outlook.cap.cap).toBe(3);
    expect(outlook.problems.length).toBeGreaterThan(0);
    const refused = play(giveOrders, s, full);
    expect(refused.ok ? '' : refused.error).toBe(outlook.problems.join(' '));
    const medium = { ...full, sail: 2 as const };
    expect(must(giveOrders.preview.odds(s, medium, O)).problems).toEqual([]);
    expect(play(giveOrders, s, medium).ok).toBe(true);
    expect(must(giveOrders.preview.dice(s, medium, O))).toEqual([]);
  });

  it('the move: the preview’s plan is the distance the move records', () => {
    for (const maneuver of ['straight', 'starboard'] as const) {
      const s = must(play(giveOrders, underWay(), { shipId: 'a', sail: 2, maneuver })).next;
      const { plan, cap } = must(moveShip.preview.odds(s, { shipId: 'a' }, O));
      expect(cap.cap).toBe(3);
      const p = must(plan);
      // Broad Reaching at Medium Sail: the class's 10″ (C.4.6.1), halves either side of a turn.
      expect(p.total).toBe(10);
      expect(p.legs).toEqual(maneuver === 'straight' ? [10] : [5, 5]);
      const moved = must(play(moveShip, s, { shipId: 'a', headingAfter: 150 }));
      expect(moved.summary).toContain(`moves ${p.total}″`);
      expect(must(moveShip.preview.dice(s, { shipId: 'a' }, O))).toEqual([]);
    }
    // No Sail: the plan refuses as the move does.
    const still = must(
      play(giveOrders, underWay(), { shipId: 'a', sail: 0, maneuver: 'straight' })
    );
    const { plan } = must(moveShip.preview.odds(still.next, { shipId: 'a' }, O));
    const refused = play(moveShip, still.next, { shipId: 'a', headingAfter: 120 });
    expect(plan.ok ? '' : plan.error).toBe(refused.ok ? '' : refused.error);
  });

  it('drift: a d6 of inches, the ship’s own, and refused exactly when the move refuses', () => {
    const moving = underWay();
    const refusedPreview = drift.preview.dice(moving, { shipId: 'a' }, O);
    const refusedMove = play(drift, moving, { shipId: 'a', dice: d6([4]) });
    expect(refusedPreview.ok).toBe(false);
    expect(refusedMove.ok).toBe(false);
    if (!refusedPreview.ok && !refusedMove.ok) expect(refusedPreview.error).toBe(refusedMove.error);
    const s = must(play(giveOrders, moving, { shipId: 'a', sail: 0, maneuver: 'straight' })).next;
    const odds = must(drift.preview.odds(s, { shipId: 'a' }, O));
    expect(odds.entries()).toEqual(Dist.die(6).entries());
    const needs = must(drift.preview.dice(s, { shipId: 'a' }, O));
    expect(needs).toEqual([
      {
        count: 1,
        sides: 6,
        label: 'Surprise, drift',
        group: 'Surprise',
        ship: 'a',
        isHighGood: true
      }
    ]);
    for (let face = 1; face <= 6; face++) {
      const p = must(play(drift, s, { shipId: 'a', dice: d6([face]) }));
      expect(p.summary).toContain(`drifts ${face}″`);
      expect(p.draft.meaning?.dice).toEqual([
        { ship: 'a', side: 'GB', count: 1, sides: 6, isHighGood: needs[0].isHighGood }
      ]);
    }
  });

  it('dropping anchor and the boats: what the preview allows is what the move allows', () => {
    const moving = underWay();
    const no = dropAnchor.preview.odds(moving, { shipId: 'a' }, O);
    const refused = play(dropAnchor, moving, { shipId: 'a', moved: 0 });
    expect(no.ok ? '' : no.error).toBe(refused.ok ? '' : refused.error);
    const s = must(play(giveOrders, moving, { shipId: 'a', sail: 0, maneuver: 'straight' })).next;
    const { maxMove } = must(dropAnchor.preview.odds(s, { shipId: 'a' }, O));
    expect(play(dropAnchor, s, { shipId: 'a', moved: maxMove }).ok).toBe(true);
    expect(play(dropAnchor, s, { shipId: 'a', moved: maxMove + 0.5 }).ok).toBe(false);

    const a = sheet(s, 'a');
    const crewed = must(
      play(saveCrew, s, { shipId: 'a', assignments: { ...a.assignments, boats: 4 } })
    ).next;
    expect(must(boats.preview.odds(crewed, { shipId: 'a' }, O))).toEqual({
      maxBoats: 2,
      lowered: 0,
      total: 2
    });
  });
});

describe('what the movement previews read (issue 39)', () => {
  /** Every movement preview of the ship. */
  const answers = (s: ReturnType<typeof underWay>, shipId: string) =>
    [moveShip, drift, dropAnchor, boats].map((m) => [
      m.preview.odds(s, { shipId }, O),
      m.preview.dice(s, { shipId }, O)
    ]);

  it('an event that touched neither the ship nor the wind leaves her previews as they were', () => {
    const s = underWay();
    const steps = [
      must(play(setHeading, s, { shipId: 'b', headingDeg: 200 })).next,
      must(play(giveOrders, s, { shipId: 'b', sail: 0, maneuver: 'straight' })).next,
      must(play(setHeading, s, { shipId: 'a', headingDeg: 90 })).next,
      must(play(giveOrders, s, { shipId: 'a', sail: 0, maneuver: 'straight' })).next,
      must(play(setWind, s, { windFromDeg: 90 })).next
    ];
    const same = steps.map((next) => sameMovementInputs(s, next, 'a'));
    // Hermione's heading and orders leave Surprise's entry and the wind as they were; her own
    // heading, her orders and the wind do not.
    expect(same).toEqual([true, true, false, false, false]);
    for (const [i, next] of steps.entries())
      if (same[i]) expect(answers(next, 'a')).toEqual(answers(s, 'a'));
      else expect(answers(next, 'a')).not.toEqual(answers(s, 'a'));
  });
});
