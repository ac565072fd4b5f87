import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../battle/fold';
import type { BattleState } from '../../engine/events';
import {
  addFortification,
  ratingOnChart,
  rollRating,
  sheetOf,
  shipFromClass,
  type FortInput
} from './moves';
import { ctxOf, d6, EXAMPLE_SLOOP, roll } from './moves.fixture';

// C.3.1 "Rating Officers & Crews Die Captain 1st LT. Master Gunner Crew Rating 1-2 Landlubber
// Midshipman Helmsman Powder Monkey Swabs 0 3-5 Sea Dog Competent Navigator Sure Shot Seaman 1 6 Old
// Salt Oak Grand Mariner Marksman Tars 2 Officer and crew ratings may be established by scenario
// design or by rolling a six sided ie per chart." (#14 item 9)

const SLOOP = EXAMPLE_SLOOP;

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

// A fortification is set up in its own form before it is on the roster (C.4.13 with Errata 1:
// PvFortification "gunnerRating: Rating; crewRating: Rating"), so the Gunner's and the crew's d6
// travel with 'pv.add-fortification': the one 'ship.add' event carries the dice (#14 item 9).
describe('pv.add-fortification with rolled ratings', () => {
  const fort = (extra: Partial<FortInput> = {}): FortInput => ({
    name: 'Fort San Felipe',
    side: 'Spanish',
    guns: [{ cls: 'heavy', extraHeavyDice: 0, count: 2, battery: '' }],
    gunnerRating: 0,
    hasGunner: true,
    crewRating: 0,
    crew: 20,
    hullPoints: 50,
    ...extra
  });

  it('rates the Gunner and the crew from their dice, one event carrying both dice', () => {
    const state = battle();
    const r = addFortification.run(
      state,
      fort({ ratingDice: { gunner: d6([6]), crew: d6([3], 'app') } }),
      ctxOf()
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.kind).toBe('ship.add');
    expect(r.value.roll?.procedure).toBe('pv.roll-rating');
    expect(r.value.roll?.inputs).toEqual({ shipId: 'id-1', who: ['gunner', 'crew'] });
    expect(r.value.roll?.dice).toEqual({
      source: 'entered',
      dice: [
        { sides: 6, face: 6, source: 'entered', label: 'Gunner rating' },
        { sides: 6, face: 3, source: 'app', label: 'Crew rating' }
      ]
    });
    expect(r.value.roll?.outcome).toEqual({
      gunner: { rating: 2, title: 'Marksman' },
      crew: { rating: 1, title: 'Seaman' }
    });
    expect(r.value.summary).toBe(
      "Fort San Felipe (Spanish) joins the battle; Gunner's rating rolled, d6 6 → 2 (Marksman); crew rating rolled, d6 3 → 1 (Seaman)"
    );
    const sheet = sheetOf(applyEvent(state, r.value).ships['id-1']);
    expect(sheet?.officers.gunner).toEqual({ rating: 2, present: true });
    expect(sheet?.crewRating).toBe(1);
  });

  it('keeps a rating set by the scenario when only the other one is rolled', () => {
    const r = addFortification.run(
      battle(),
      fort({ gunnerRating: 1, ratingDice: { crew: d6([6]) } }),
      ctxOf()
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.roll?.dice.dice).toEqual([{ sides: 6, face: 6, label: 'Crew rating' }]);
    const sheet = sheetOf(applyEvent(battle(), r.value).ships['id-1']);
    expect(sheet?.officers.gunner.rating).toBe(1);
    expect(sheet?.crewRating).toBe(2);
  });

  it('writes no roll when nothing was rolled', () => {
    const r = addFortification.run(battle(), fort({ crewRating: 2 }), ctxOf());
    expect(r.ok && r.value.roll).toBeUndefined();
    expect(r.ok && r.value.summary).toBe('Fort San Felipe (Spanish) joins the battle');
  });

  it("refuses a die that is not one d6 showing 1–6, or a Gunner's die without a Gunner", () => {
    const run = (ratingDice: FortInput['ratingDice'], hasGunner = true) =>
      addFortification.run(battle(), fort({ ratingDice, hasGunner }), ctxOf());
    expect(run({ crew: d6([7]) }).ok).toBe(false);
    expect(run({ crew: d6([2, 3]) }).ok).toBe(false);
    expect(run({ gunner: roll([4], 12) }).ok).toBe(false);
    const r = run({ gunner: d6([4]) }, false);
    expect(!r.ok && r.error).toBe('The fortification has no Gunner to rate.');
  });
});
