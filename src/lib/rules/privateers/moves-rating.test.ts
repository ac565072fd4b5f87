import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../battle/fold';
import type { BattleState } from '../../battle/events';
import { ratingOnChart, rollRating, sheetOf, shipFromClass } from './moves';
import { ctxOf, d6 } from './moves.fixture';
import type { ShipClass } from './sheet';

// C.3.1 "Rating Officers & Crews Die Captain 1st LT. Master Gunner Crew Rating 1-2 Landlubber
// Midshipman Helmsman Powder Monkey Swabs 0 3-5 Sea Dog Competent Navigator Sure Shot Seaman 1 6 Old
// Salt Oak Grand Mariner Marksman Tars 2 Officer and crew ratings may be established by scenario
// design or by rolling a six sided ie per chart." (#14 item 9)

const SLOOP: ShipClass = {
  id: 'sloop',
  className: 'Example sloop',
  rig: 'squareRigged',
  masts: 3,
  bowsprit: false,
  sailingRates: { beating: [1, 2, 3], broadReaching: [2, 3, 4], running: [2, 3, 4] },
  hullPoints: 40,
  riggingPoints: 30,
  crew: 20,
  marines: 4,
  boats: 1,
  guns: []
};

function battle(): BattleState {
  const a = shipFromClass(SLOOP, { id: 'a', name: 'Surprise', side: 'GB', player: '', order: 0 });
  return {
    battleId: 'b',
    turn: 1,
    phase: 0,
    ships: { a },
    systemState: {}
  } as unknown as BattleState;
}

describe('the rating chart by d6 (C.3.1)', () => {
  it('gives 0 on 1–2, 1 on 3–5 and 2 on 6, named for the officer or the crew', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => ratingOnChart('captain', f)?.rating)).toEqual([
      0, 0, 1, 1, 1, 2
    ]);
    expect(ratingOnChart('captain', 1)?.title).toBe('Landlubber');
    expect(ratingOnChart('firstLt', 6)?.title).toBe('Oak');
    expect(ratingOnChart('master', 4)?.title).toBe('Navigator');
    expect(ratingOnChart('gunner', 2)?.title).toBe('Powder Monkey');
    expect(ratingOnChart('crew', 5)?.title).toBe('Seaman');
    expect(ratingOnChart('crew', 6)?.title).toBe('Tars');
    expect(ratingOnChart('crew', 7)).toBeUndefined();
    expect(ratingOnChart('crew', 0)).toBeUndefined();
  });
});

describe('pv.roll-rating', () => {
  it("writes the officer's rating from the die, one event carrying the die and the rating", () => {
    const state = battle();
    const r = rollRating.run(state, { shipId: 'a', who: 'firstLt', dice: d6([6]) }, ctxOf());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.kind).toBe('pv.roll-rating');
    expect(r.value.roll?.procedure).toBe('pv.roll-rating');
    expect(r.value.roll?.dice).toEqual({ source: 'entered', dice: [{ sides: 6, face: 6 }] });
    expect(r.value.roll?.outcome).toEqual({ rating: 2, title: 'Oak' });
    expect(r.value.summary).toBe(
      "Surprise: First Lieutenant's rating rolled, d6 6 → 2 (Oak), was 0"
    );
    const sheet = sheetOf(applyEvent(state, r.value).ships.a);
    expect(sheet?.officers.firstLt.rating).toBe(2);
    expect(sheet?.crewRating).toBe(0);
  });

  it("writes the crew's rating; an app roll keeps its source", () => {
    const r = rollRating.run(battle(), { shipId: 'a', who: 'crew', dice: d6([4], 'app') }, ctxOf());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.roll?.dice).toEqual({ source: 'app', dice: [{ sides: 6, face: 4 }] });
    expect(r.value.roll?.outcome).toEqual({ rating: 1, title: 'Seaman' });
    expect(sheetOf(applyEvent(battle(), r.value).ships.a)?.crewRating).toBe(1);
  });

  it('refuses anything but one d6 showing 1–6', () => {
    expect(rollRating.run(battle(), { shipId: 'a', who: 'crew', dice: d6([]) }, ctxOf()).ok).toBe(
      false
    );
    expect(rollRating.run(battle(), { shipId: 'a', who: 'crew', dice: d6([7]) }, ctxOf()).ok).toBe(
      false
    );
    expect(rollRating.run(battle(), { shipId: 'x', who: 'crew', dice: d6([3]) }, ctxOf()).ok).toBe(
      false
    );
  });
});
