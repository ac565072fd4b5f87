import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { scriptedRoller } from '../../engine/dice';
import { add, formatFraction, rational, ZERO, type Rational } from '../../engine/rational';
import { board, boardingRound, boardingRounds, loot, rollFight } from './moves';
import { attempt, edited, fleets, must, play, played, prizeTaken } from './moves.testkit';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import type { Sheet } from './sheet';
import { sheetOf, systemOf } from './ships';

// Issue 31 item 2: the boarding panel's fight to the end and its loot come from the moves'
// previews. Battles through the real moves (the testkit's Pickle boarding Fleche).

const sheet = (s: BattleState, id: string): Sheet => sheetOf(s.ships[id]) as Sheet;

/** Fleche's crew cut to `crew` as the referee edits her log, then Pickle boards with `party`. */
function boarded(crew: number, options: WwOptions = DEFAULT_OPTIONS, party = 5): BattleState {
  const s = edited(fleets(), 'fleche', (f) => ({ ...f, crew: { ...f.crew, current: crew } }));
  return played(
    s,
    board,
    { attackerId: 'pickle', targetId: 'fleche', distanceInches: 0, isSideBySide: true, party },
    options
  );
}

describe('a boarding round: the preview’s odds are the move’s, counted face by face', () => {
  it('2 boarders’ dice v 2 defenders’ (Novice d6): every one of 6^4 rolls played by the move', () => {
    const s = boarded(2, DEFAULT_OPTIONS, 2);
    const o = DEFAULT_OPTIONS;
    const dice = must(boardingRound.preview.dice(s, { attackerId: 'pickle' }, o));
    expect(dice.map((d) => [d.count, d.sides, d.ship])).toEqual([
      [2, 6, 'pickle'],
      [2, 6, 'fleche']
    ]);
    const tally = new Map<string, number>();
    const faces = [1, 2, 3, 4, 5, 6];
    for (const a of faces)
      for (const b of faces)
        for (const c of faces)
          for (const d of faces) {
            const roll = {
              source: 'entered' as const,
              dice: [a, b, c, d].map((face) => ({ sides: 6, face }))
            };
            const out = play(boardingRound, s, { attackerId: 'pickle', roll }).roll?.outcome as {
              attackerLosses: number;
              defenderLosses: number;
            };
            const key = `${out.attackerLosses}/${out.defenderLosses}`;
            tally.set(key, (tally.get(key) ?? 0) + 1);
          }
    const odds = must(boardingRound.preview.odds(s, { attackerId: 'pickle' }, o));
    let total: Rational = ZERO;
    for (const r of odds.round) {
      const n = tally.get(`${r.attackerLosses}/${r.defenderLosses}`) ?? 0;
      expect(formatFraction(r.p)).toBe(formatFraction(rational(n, 1296)));
      total = add(total, r.p);
    }
    expect(formatFraction(total)).toBe('1');
  });
});

describe('the fight to the end: its rounds and its refusal are the move’s', () => {
  it('until resolved: every round the app rolls is played by the move, to a capture or repulse', () => {
    const s = boarded(2);
    const outlook = must(boardingRounds.preview.odds(s, { attackerId: 'pickle' }, DEFAULT_OPTIONS));
    expect(outlook.roundsAllowed).toBe(Number.POSITIVE_INFINITY);
    // The same round odds and capture chance as one round's preview.
    const one = must(boardingRound.preview.odds(s, { attackerId: 'pickle' }, DEFAULT_OPTIONS));
    expect(formatFraction(outlook.capture)).toBe(formatFraction(one.capture));
    expect(must(boardingRounds.preview.dice(s, { attackerId: 'pickle' }, DEFAULT_OPTIONS))).toEqual(
      must(boardingRound.preview.dice(s, { attackerId: 'pickle' }, DEFAULT_OPTIONS))
    );
    // Boarders roll 1s, defenders 6s: the boarders lose a man a die until none is left.
    const roll = rollFight(outlook, scriptedRoller([1, 1, 1, 6, 6, 1, 1, 1, 6, 6, 1, 6, 6]));
    const r = play(boardingRounds, s, { attackerId: 'pickle', roll });
    expect(r.summary).toContain('the boarders are repelled');
  });

  it('one round a turn: one round is rolled, then the preview refuses as the move does', () => {
    const o: WwOptions = { ...DEFAULT_OPTIONS, boardingRoundsPerTurn: 1 };
    const s = boarded(2, o);
    const outlook = must(boardingRounds.preview.odds(s, { attackerId: 'pickle' }, o));
    expect(outlook.roundsAllowed).toBe(1);
    const roll = rollFight(outlook, scriptedRoller([1, 1, 1, 6, 6]));
    expect(roll.dice).toHaveLength(5);
    const event = play(boardingRounds, s, { attackerId: 'pickle', roll }, o);
    expect(event.roll?.inputs).toMatchObject({ roundsAllowed: 1 });
    const next = played(s, boardingRounds, { attackerId: 'pickle', roll }, o);
    const again = boardingRounds.preview.odds(next, { attackerId: 'pickle' }, o);
    const move = attempt(boardingRounds, next, { attackerId: 'pickle', roll }, o);
    expect(again.ok).toBe(false);
    expect(move.ok).toBe(false);
    if (!again.ok && !move.ok) expect(again.error).toBe(move.error);
  });
});

describe('the loot: what is aboard and who takes it are the loot move’s', () => {
  it('the captor, the money (loot card × hold rating) and the cards; then refused as the move', () => {
    const s = prizeTaken();
    const o = must(loot.preview.odds(s, { prizeId: 'fleche' }, DEFAULT_OPTIONS));
    expect(o.captorId).toBe('pickle');
    expect(o.lootAmount).toBe(250 * sheet(s, 'fleche').chart.holdRating);
    expect(o.upgradeCards.map((c) => c.id)).toEqual(['sails']);
    const before = systemOf(s).players.Nelson.funds;
    const after = played(s, loot, { prizeId: 'fleche', choice: 'lootAmount' });
    expect(systemOf(after).players.Nelson.funds - before).toBe(o.lootAmount);
    const again = loot.preview.odds(after, { prizeId: 'fleche' }, DEFAULT_OPTIONS);
    const move = attempt(loot, after, { prizeId: 'fleche', choice: 'upgradeCards' });
    expect(again.ok || move.ok).toBe(false);
    if (!again.ok && !move.ok) expect(again.error).toBe(move.error);
  });
});
