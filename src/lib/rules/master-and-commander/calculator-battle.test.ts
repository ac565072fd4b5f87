// The battles the movement and repairs calculators answer on (issue 31) are reached by the game's
// own moves, as a battle reaches them: what each then holds is what the moves left.
import { describe, expect, it } from 'vitest';
import {
  atMovement,
  atRepairs,
  calculatorBattle,
  disksNear,
  nextRound,
  prepareCalculatorBattle
} from './calculator-battle';
import { moveShipMove, repairMove } from './moves';
import { errorOf, must, play, viewOf } from './moves.testkit';
import { DEFAULT_OPTIONS as O } from './options';

// The calculators' battles are set up with what loads apart from the page (issue 40); the suites
// below build theirs as they are collected.
await prepareCalculatorBattle();

describe('the repairs calculator’s battle (issue 31)', () => {
  const built = must(calculatorBattle('basic'));
  const ship = { shipId: built.ours };
  const sheetOf = (s: Parameters<typeof viewOf>[0]) =>
    viewOf(s).ships.find((x) => x.id === built.ours)?.sheet;

  it('her disks are lost to hits and set aside, on her captain’s turn in her Homeport', () => {
    const s = must(atRepairs(built, 'homeport', 0));
    const v = viewOf(s);
    expect(v.system.activePlayerId).toBe('ours');
    expect(v.system.discardedPrizeDisks).toBe(2);
    expect([sheetOf(s)?.prizeDisks, sheetOf(s)?.location]).toEqual([0, 'homeport']);
    // One repair a turn (the default reading): the second is refused until the turn comes round.
    const repaired = must(play(repairMove, s, ship));
    // One disk, in the singular ("1 disks" before).
    expect(repaired.summary).toBe(
      'Attacker 1 repairs at the N Homeport: 1 Repair Card for a Prize Disk (1 disk; 3 cards left)'
    );
    const once = repaired.next;
    expect(viewOf(once).system.homeports.N.repairCards).toBe(3);
    expect(errorOf(repairMove.preview.odds(once, ship, O))).toContain('already been repaired');
    const again = must(nextRound(once));
    expect(must(repairMove.preview.odds(again, ship, O)).cost).toBe(1);
    const unlimited = { ...O, repairLimitPerTurn: 'unlimited' as const };
    expect(must(repairMove.preview.odds(once, ship, unlimited)).cost).toBe(1);
  });

  it('at an anchor icon she reports her move there, and pays two cards a disk', () => {
    const s = must(atRepairs(built, 'anchor', 1));
    expect([sheetOf(s)?.prizeDisks, sheetOf(s)?.location]).toEqual([1, 'anchor']);
    expect(viewOf(s).system.discardedPrizeDisks).toBe(1);
    const outlook = must(repairMove.preview.odds(s, ship, O));
    expect([outlook.cost, outlook.pileAt, outlook.cardsInPile]).toEqual([2, 'N', 4]);
  });

  it('a ship at full strength is refused as the move refuses it', () => {
    const s = must(atRepairs(built, 'homeport', 2));
    expect(viewOf(s).system.discardedPrizeDisks).toBe(0);
    expect(errorOf(repairMove.preview.odds(s, ship, O))).toBe('The ship is at full strength.');
    expect(errorOf(play(repairMove, s, ship))).toBe('The ship is at full strength.');
    expect(errorOf(atRepairs(built, 'homeport', 3))).toBe('A ship has 0 to 2 Prize Disks.');
  });
});

describe('the movement calculator’s battle (issue 31)', () => {
  it('her bow as asked, the Wind Die showing the wind asked: the ship’s move answers', () => {
    const built = must(calculatorBattle('basic'));
    const ship = { shipId: built.ours };
    const allowance = (bow: 'N' | 'E' | 'S' | 'W', wind: 'N' | 'E' | 'S' | 'W') =>
      must(moveShipMove.preview.odds(must(atMovement(built, 'basic', bow, wind)), ship, O)).text;
    // SPEC A.3.2: upwind 1, downwind 3, on a reach 5.
    expect(allowance('N', 'N')).toBe('Upwind: up to 1');
    expect(allowance('S', 'N')).toBe('Downwind: up to 3');
    expect(allowance('E', 'N')).toBe('On a reach: up to 5');
    const storm = must(atMovement(built, 'basic', 'N', 'STORM'));
    expect(viewOf(storm).system.wind).toEqual({ storm: true });
  });
});

describe('the Prize Disks a calculator sets up ahead (issue 40)', () => {
  it('are each given ship’s one more and one fewer, within 0 to 2', () => {
    expect(disksNear({ ours: 2, theirs: 1 })).toEqual([
      { ours: 1, theirs: 1 },
      { ours: 2, theirs: 2 },
      { ours: 2, theirs: 0 }
    ]);
    expect(disksNear({ ours: 0 })).toEqual([{ ours: 1 }]);
    expect(disksNear({})).toEqual([]);
  });
});
