// Issue 31 item 2: the panels' odds and dice pads come from the move (`move.preview`). What a
// Master and Commander move says before its roll is what it then does and records: the same dice
// in the same order, whose they are and which way is good for them (its meaning), and the odds the
// log keeps. Battles built through the real moves (the testkit), as the New battle page sets up.
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import type { DiceGroup } from '../../engine/meaning';
import type { DiceNeed } from '../../battle/move';
import { formatFraction } from '../../engine/rational';
import {
  attackMove,
  boardMove,
  counterAttackMove,
  declineReplyMove,
  endTurnMove,
  firstPlayerMove,
  fleetStaysPutMove,
  homeportCounterMove,
  moveShipMove,
  movementRollMove,
  raidMove,
  ramAttemptMove,
  ramDamageMove,
  stormMove,
  windMove
} from './moves';
import { errorOf, moveOf, must, play, twoPlayerGame, typed, type Played } from './moves.testkit';
import { DEFAULT_OPTIONS as O } from './options';

/** Anna (ships 1, 2) won the first roll, the wind is set, both her ships stayed put. */
function annasEngagements(variant: string, modules: Record<string, boolean> = {}): BattleState {
  let s = twoPlayerGame(variant, modules);
  s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
  s = must(play(windMove, s, { roll: typed([4]) })).next;
  for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
  return s;
}

/** Faces for each group the preview asks for, the pad's order. */
const rolls = (needs: readonly DiceNeed[], faces: readonly number[][]) =>
  needs.map((n, i) => typed(faces[i].slice(0, n.count)));

/** Whose dice and which way, as the meaning records them and as the preview says them. */
const owners = (groups: readonly Pick<DiceGroup, 'count' | 'sides' | 'ship' | 'isHighGood'>[]) =>
  groups.map(({ count, sides, ship, isHighGood }) => ({ count, sides, ship, isHighGood }));

function recorded(p: Played) {
  return owners(p.draft.meaning?.dice ?? []);
}

const logged = (list: readonly { label: string; p: Parameters<typeof formatFraction>[0] }[]) =>
  list.map((o) => ({ label: o.label, p: formatFraction(o.p) }));

describe('a Master and Commander move says its odds and dice before its roll (issue 31 item 2)', () => {
  it('an attack and its counter-attack: each side’s dice and the odds, as the moves record them', () => {
    const s = annasEngagements('basic');
    const aim = { attackerId: 'ship-1', targetId: 'ship-3', isMutualBroadside: true };
    const outlook = must(attackMove.preview.odds(s, aim, O));
    const dice = must(attackMove.preview.dice(s, aim, O));
    expect(dice.map((d) => [d.group, d.label, d.ship])).toEqual([
      ['Attacker: Anna 1', 'Anna 1, attack', 'ship-1'],
      ['Defender: Ben 1', 'Ben 1, defence', 'ship-3']
    ]);
    expect(outlook.duel).not.toBeNull();
    expect(outlook.whole.length).toBeGreaterThan(0);
    const [attack, defence] = rolls(dice, [
      [6, 5, 2],
      [6, 4, 1]
    ]);
    const hit = must(play(attackMove, s, { ...aim, side: null, attack, defence }));
    expect(recorded(hit)).toEqual(owners(dice));
    expect(hit.roll?.odds).toEqual(logged(outlook.attack));

    // Ben 1, hit, fires back with the dice it has left (SPEC A.4.8 step 2).
    const counter = must(counterAttackMove.preview.odds(hit.next, {}, O));
    const counterDice = must(counterAttackMove.preview.dice(hit.next, {}, O));
    expect(counter.due.by.id).toBe('ship-3');
    expect(counterDice.map((d) => [d.count, d.ship])).toEqual([
      [2, 'ship-3'],
      [3, 'ship-1']
    ]);
    const [a2, d2] = rolls(counterDice, [
      [6, 6],
      [5, 4, 1]
    ]);
    const c = must(play(counterAttackMove, hit.next, { attack: a2, defence: d2 }));
    expect(recorded(c)).toEqual(owners(counterDice));
    expect(c.roll?.odds).toEqual(logged(counter.odds));
    // Once fired, none is due: the preview says so, as the move refuses.
    expect(counterAttackMove.preview.odds(c.next, {}, O).ok).toBe(false);
  });

  it('a boarding: the boarders’ three dice and the defender’s, the chance of taking her', () => {
    let s = annasEngagements('advanced', { boarding: true });
    const first = {
      attackerId: 'ship-2',
      targetId: 'ship-3',
      side: null,
      isMutualBroadside: false
    };
    s = must(
      play(attackMove, s, { ...first, attack: typed([6, 5, 2]), defence: typed([6, 4, 1]) })
    ).next;
    const aim = { attackerId: 'ship-1', targetId: 'ship-3', isBoardingPosition: true };
    const outlook = must(boardMove.preview.odds(s, aim, O));
    expect(outlook.problems).toEqual([]);
    const dice = must(boardMove.preview.dice(s, aim, O));
    expect(dice.map((d) => d.count)).toEqual([3, 2]);
    const [attack, defence] = rolls(dice, [
      [6, 5, 4],
      [3, 1]
    ]);
    const b = must(
      play(boardMove, s, { ...aim, side: null, isMutualBroadside: false, attack, defence })
    );
    expect(recorded(b)).toEqual(owners(dice));
    expect(b.roll?.odds).toEqual(logged(outlook.odds));
    // Out of position: the conditions it fails, and no odds.
    const away = must(boardMove.preview.odds(s, { ...aim, isBoardingPosition: false }, O));
    expect(away.problems).toContain('adjacent');
    expect(away.odds).toEqual([]);
  });

  it('a raid and the Homeport’s counter-attack: the Homeport’s dice are no ship’s', () => {
    const s = annasEngagements('advanced', { raids: true });
    const aim = { shipId: 'ship-1', target: 'S' as const };
    const odds = must(raidMove.preview.odds(s, aim, O));
    const dice = must(raidMove.preview.dice(s, aim, O));
    expect(dice.map((d) => [d.group, d.count, d.ship])).toEqual([
      ['Attacker: Anna 1', 3, 'ship-1'],
      ['Defender: S Homeport', 3, null]
    ]);
    const [attack, defence] = rolls(dice, [
      [6, 5, 2],
      [5, 4, 1]
    ]);
    const r = must(
      play(raidMove, s, { ...aim, side: null, isBroadside: true, distance: 2, attack, defence })
    );
    expect(recorded(r)).toEqual(owners(dice));
    expect(r.roll?.odds).toEqual(logged(odds));

    const back = must(homeportCounterMove.preview.odds(r.next, {}, O));
    const backDice = must(homeportCounterMove.preview.dice(r.next, {}, O));
    expect(backDice.map((d) => d.ship)).toEqual([null, 'ship-1']);
    const [a2, d2] = rolls(backDice, [
      [6, 5, 3],
      [6, 4, 1]
    ]);
    const h = must(play(homeportCounterMove, r.next, { attack: a2, defence: d2 }));
    expect(recorded(h)).toEqual(owners(backDice));
    expect(h.roll?.odds).toEqual(logged(back.odds));
  });

  it('a raid on a Homeport with no Repair Card left: the move and its preview say the hit takes none', () => {
    // SPEC A.4.12 step 3: a hit takes one of the Homeport's Repair Cards; four raids empty the S
    // Homeport, and the fifth's hit takes nothing (the move's log line says so too).
    const aim = { shipId: 'ship-1', target: 'S' as const };
    const raid = { ...aim, side: null, isBroadside: true, distance: 1 };
    const hit = { attack: typed([6, 5, 2]), defence: typed([5, 4, 1]) };
    let s = annasEngagements('advanced', { raids: true });
    for (let n = 0; n < 4; n += 1) {
      expect(must(raidMove.preview.odds(s, aim, O))[0].label).toBe('Takes a Repair Card');
      const r = must(play(raidMove, s, { ...raid, ...hit }));
      expect(r.summary).toContain('A Repair Card goes to the N Homeport.');
      s = must(play(declineReplyMove, r.next, {})).next;
      s = must(play(endTurnMove, s, {})).next;
      s = must(play(fleetStaysPutMove, s, {})).next;
      s = must(play(endTurnMove, s, {})).next;
      s = must(play(fleetStaysPutMove, s, {})).next;
    }
    const odds = must(raidMove.preview.odds(s, aim, O));
    expect(odds.map((o) => o.label)).toEqual([
      'Hits, but the Homeport has no Repair Card to lose',
      'Repelled'
    ]);
    const r = must(play(raidMove, s, { ...raid, ...hit }));
    expect(r.summary).toContain('The Homeport has no Repair Card left to lose.');
    expect(r.roll?.odds).toEqual(logged(odds));
  });

  it('ramming: the rammer’s die for the attempt and for the damage, and the disks at stake', () => {
    let s = annasEngagements('advanced', { ramming: true });
    const across = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isMutualBroadside: false
    };
    s = must(
      play(attackMove, s, { ...across, attack: typed([1, 1, 1]), defence: typed([6, 6, 6]) })
    ).next;
    const attempt = must(ramAttemptMove.preview.odds(s, {}, O));
    // SPEC A.7.1: one attempt costs 0 disks 8/9, 1 disk 1/18, 2 disks 1/18.
    expect(formatFraction(attempt.lost.prob(0))).toBe('8/9');
    const dice = must(ramAttemptMove.preview.dice(s, {}, O));
    expect(dice.map((d) => [d.group, d.label, d.ship])).toEqual([
      ['Rammer: Ben 1', 'ram', 'ship-3']
    ]);
    const tried = must(play(ramAttemptMove, s, { roll: typed([6]) }));
    expect(recorded(tried)).toEqual(owners(dice));
    expect(ramDamageMove.preview.dice(s, {}, O).ok).toBe(false);
    const damageDice = must(ramDamageMove.preview.dice(tried.next, {}, O));
    const damage = must(play(ramDamageMove, tried.next, { roll: typed([5]) }));
    expect(recorded(damage)).toEqual(owners(damageDice));
  });

  it('the first-player roll and a Beginner ship’s movement roll: whose die each is', () => {
    const start = twoPlayerGame('beginner');
    const players = { playerIds: ['Anna', 'Ben'] };
    expect(formatFraction(must(firstPlayerMove.preview.odds(start, players, O)))).toBe('5/6');
    const dice = must(firstPlayerMove.preview.dice(start, players, O));
    expect(dice.map((d) => [d.group, d.label, d.ship])).toEqual([
      ['Anna', 'roll to go first', null],
      ['Ben', 'roll to go first', null]
    ]);
    const first = must(play(firstPlayerMove, start, { ...players, roll: typed([6, 1]) }));
    expect(recorded(first)).toEqual(owners(dice));
    expect(first.roll?.odds).toEqual([{ label: 'decided on this roll', p: '5/6' }]);

    const moveDice = must(movementRollMove.preview.dice(first.next, { shipId: 'ship-1' }, O));
    const moved = must(play(movementRollMove, first.next, { shipId: 'ship-1', roll: typed([4]) }));
    expect(recorded(moved)).toEqual(owners(moveDice));
  });

  it('a ship’s move: the allowance its report is checked against, refused as the move refuses', () => {
    const ship = { shipId: 'ship-1' };
    const allowance = (st: BattleState) => moveShipMove.preview.odds(st, ship, O);
    let s = twoPlayerGame('basic');
    s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
    // Before the Wind Die, the move's own refusal, word for word.
    expect(errorOf(allowance(s))).toBe(errorOf(moveOf(s, 'ship-1')));
    // Wind from the west (pip 4), Anna 1's bow south: on a reach, up to 5 (SPEC A.3.2).
    s = must(play(windMove, s, { roll: typed([4]) })).next;
    const reach = must(allowance(s));
    expect([reach.squares, reach.text]).toEqual([5, 'On a reach: up to 5']);
    expect(must(moveShipMove.preview.dice(s, ship, O))).toEqual([]);
    expect(moveOf(s, 'ship-1', { forward: 5 }).ok).toBe(true);
    expect(errorOf(moveOf(s, 'ship-1', { forward: 6 }))).toContain('the allowance is 5');
    const moved = must(moveOf(s, 'ship-1', { forward: 2 })).next;
    expect(errorOf(allowance(moved))).toBe(errorOf(moveOf(moved, 'ship-1')));
    expect(errorOf(allowance(moved))).toContain('already moved');
  });

  it('a ship’s move in a storm and in the Beginner game: the roll first, then exactly its squares', () => {
    const ship = { shipId: 'ship-1' };
    let s = twoPlayerGame('basic');
    s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
    s = must(play(windMove, s, { roll: typed([5]) })).next;
    const unrolled = moveShipMove.preview.odds(s, ship, O);
    expect(errorOf(unrolled)).toBe('Storm: roll one die for movement first.');
    expect(errorOf(unrolled)).toBe(errorOf(moveOf(s, 'ship-1')));
    s = must(play(stormMove, s, { roll: typed([3]) })).next;
    expect(must(moveShipMove.preview.odds(s, ship, O)).text).toBe('Storm: up to 3 squares');
    expect(errorOf(moveOf(s, 'ship-1', { forward: 4 }))).toContain('the allowance is 3');

    let b = twoPlayerGame('beginner');
    b = must(play(firstPlayerMove, b, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
    expect(errorOf(moveShipMove.preview.odds(b, ship, O))).toBe(errorOf(moveOf(b, 'ship-1')));
    b = must(play(movementRollMove, b, { shipId: 'ship-1', roll: typed([4]) })).next;
    const exact = must(moveShipMove.preview.odds(b, ship, O));
    expect([exact.squares, exact.isExact, exact.text]).toEqual([4, true, 'Move 4 squares']);
    expect(errorOf(moveOf(b, 'ship-1', { forward: 3 }))).toContain('move exactly the 4 rolled');
    expect(moveOf(b, 'ship-1', { forward: 4 }).ok).toBe(true);
    const loose = { ...O, beginnerMoveExact: false };
    expect(must(moveShipMove.preview.odds(b, ship, loose)).text).toBe('Move up to 4 squares');
    expect(moveOf(b, 'ship-1', { forward: 3 }, loose).ok).toBe(true);
  });
});
