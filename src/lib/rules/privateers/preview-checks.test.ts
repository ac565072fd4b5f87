// Issue 31 item 2, continued: the initiative roll, the marksmen and the Phase 6 crew tasks say their
// odds and dice before their roll (`move.preview`), and what they say is what the move then does
// and records: the same dice in the same order, whose they are and which way is good for them (its
// meaning), and the odds the log keeps, checked against the odds functions worked apart. Battles
// built through the real moves (the moves fixture) over EXAMPLE frigates.
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import type { DiceGroup } from '../../engine/meaning';
import type { DiceNeed } from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { formatFraction, ONE, sub } from '../../engine/rational';
import { rollInitiative } from './moves';
import { exampleFrigate, must, play, twoShips, type Played } from './moves.fixture';
import { initiativeOdds } from './odds';
import { DEFAULT_OPTIONS as O } from './options';

/** A face for every die the preview asks for, in its order. */
function rolled(needs: readonly DiceNeed[], faces: readonly number[]): DiceRoll {
  const dice = needs.flatMap((n) => Array.from({ length: n.count }, () => n.sides));
  return { source: 'entered', dice: dice.map((sides, i) => ({ sides, face: faces[i] ?? 1 })) };
}

/** Whose dice and which way, die by die (the meaning joins runs of one owner). */
const perDie = (groups: readonly Pick<DiceGroup, 'count' | 'ship' | 'isHighGood'>[]) =>
  groups.flatMap((g) =>
    Array.from({ length: g.count }, () => ({ ship: g.ship, isHighGood: g.isHighGood }))
  );

const recorded = (p: Played) => perDie(p.draft.meaning?.dice ?? []);

/** Surprise: Master 2 + crew 1 = +3 to her initiative; Hermione +0. */
const rated = (): BattleState =>
  twoShips(exampleFrigate(), {
    a: {
      crewRating: 1,
      officers: {
        captain: { rating: 0, present: true },
        firstLt: { rating: 0, present: true },
        master: { rating: 2, present: true },
        gunner: { rating: 0, present: true }
      }
    }
  });

describe('the initiative roll says its odds and dice before its roll (C.4.4)', () => {
  it('each ship’s own die, high good, a tie’s re-roll after it; the odds are the pairwise figures', () => {
    const s = rated();
    const aim = { shipIds: ['a', 'b'] };
    const outlook = must(rollInitiative.preview.odds(s, aim, O));
    expect(outlook.ships.map((x) => [x.id, x.name, x.mod])).toEqual([
      ['a', 'Surprise', 3],
      ['b', 'Hermione', 0]
    ]);
    // Two ships: P(Surprise first) is the pairwise chance (ties re-rolled), worked out apart.
    const pairwise = must(initiativeOdds(3, 0, O));
    const [a, b] = outlook.places ?? [];
    expect(formatFraction(a.first)).toBe(formatFraction(pairwise));
    expect(formatFraction(b.first)).toBe(formatFraction(sub(ONE, pairwise)));
    expect(formatFraction(a.last)).toBe(formatFraction(b.first));

    const first = must(rollInitiative.preview.dice(s, aim, O));
    expect(first.map((d) => [d.count, d.sides, d.label, d.ship, d.isHighGood])).toEqual([
      [1, 12, 'Surprise, initiative', 'a', true],
      [1, 12, 'Hermione, initiative', 'b', true]
    ]);
    // 4 + 3 = 7 against 7 + 0: a tie, re-rolled by both ships; then the order is set.
    const tie = must(rollInitiative.preview.dice(s, { ...aim, rounds: [[4, 7]] }, O));
    expect(tie.map((d) => [d.label, d.ship, d.isHighGood])).toEqual([
      ['Surprise, initiative', 'a', true],
      ['Hermione, initiative', 'b', true]
    ]);
    const done = rollInitiative.preview.dice(
      s,
      {
        ...aim,
        rounds: [
          [4, 7],
          [3, 11]
        ]
      },
      O
    );
    expect(must(done)).toEqual([]);
    const r = must(
      play(rollInitiative, s, { ...aim, rolls: [rolled(first, [4, 7]), rolled(tie, [3, 11])] })
    );
    expect(recorded(r)).toEqual([...perDie(first), ...perDie(tie)]);
    expect(r.draft.roll?.odds).toEqual(
      outlook.places?.map((o) => ({
        id: o.id,
        first: formatFraction(o.first),
        last: formatFraction(o.last)
      }))
    );
    // Under 'higherModifier' the higher modifier takes the tie: no re-roll is asked for.
    const higher = { ...O, initiativeTies: 'higherModifier' as const };
    expect(must(rollInitiative.preview.dice(s, { ...aim, rounds: [[4, 7]] }, higher))).toEqual([]);
  });
});
