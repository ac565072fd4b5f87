// Issue 31: every Master and Commander move says what it did. Real moves, driven through the one
// contract (the testkit), each checked for its meaning: the act, the ships, and every die given to
// the side that rolled it, oriented for that side (the after-action report and the luck audit
// read only this). The test set-up runs every move in strict mode, so a move that leaves a die
// unowned fails here too.
import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, type BattleState, type Json } from '../../engine/events';
import { CATEGORIES, type Meaning } from '../../engine/meaning';
import { masterAndCommander } from '.';
import {
  attackMove,
  boardMove,
  counterAttackMove,
  declineRamMove,
  declineReplyMove,
  firstPlayerMove,
  homeportCounterMove,
  MOVES,
  raidMove,
  ramAttemptMove,
  ramDamageMove,
  stormMove,
  windMove,
  type AttackInput
} from './moves';
import {
  ctxOf,
  moveOf,
  must,
  play,
  setupFleets,
  typed,
  viewOf,
  type Played
} from './moves.testkit';
import { DEFAULT_OPTIONS } from './options';
import { nextStep } from './turn';

/**
 * Anna and Ben set up as the New battle page does, their ids not their names (so a captain's dice
 * are seen to go to the side their ships fight for, the name): Anna at the N Homeport with ships 1
 * and 2, Ben at the S Homeport with ships 3 and 4.
 */
function game(variant: string, modules: Record<string, boolean> = {}): BattleState {
  const system = masterAndCommander.initialSystemState?.(variant, {}) ?? null;
  const start: BattleState = { ...INITIAL_STATE, system: system as Json };
  let n = 0;
  return setupFleets(start, null, {
    players: [
      { id: 'p-anna', name: 'Anna', colour: 'black', homeport: 'N' },
      { id: 'p-ben', name: 'Ben', colour: 'gold', homeport: 'S' }
    ],
    modules,
    opts: DEFAULT_OPTIONS,
    newId: () => `ship-${++n}`
  });
}

/** Anna wins the first-player roll, rolls a westerly wind, and both her ships stay put. */
function annasEngagements(variant = 'advanced', modules: Record<string, boolean> = {}) {
  let s = game(variant, modules);
  s = must(play(firstPlayerMove, s, { playerIds: ['p-anna', 'p-ben'], roll: typed([6, 1]) })).next;
  s = must(play(windMove, s, { roll: typed([4]) })).next;
  for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
  return s;
}

/** The move's meaning, checked to own exactly the roll's dice, in order and of their die type. */
function meaningOf(p: Played): Meaning {
  const m = p.draft.meaning;
  if (m === undefined) throw new Error(`${p.draft.kind} has no meaning`);
  const dice = p.roll?.dice.dice ?? [];
  expect(m.dice.reduce((n, g) => n + g.count, 0)).toBe(dice.length);
  let at = 0;
  for (const g of m.dice) {
    for (const d of dice.slice(at, at + g.count)) expect(d.sides).toBe(g.sides);
    at += g.count;
  }
  return m;
}

const d6 = (count: number, ship: string | null, side: string, isHighGood = true) => ({
  count,
  sides: 6,
  ship,
  side,
  isHighGood
});

function attackInput(over: Partial<AttackInput> & Pick<AttackInput, 'attack' | 'defence'>) {
  return {
    attackerId: 'ship-1',
    targetId: 'ship-3',
    side: null,
    isMutualBroadside: false,
    ...over
  };
}

const inputsOf = (p: Played) => p.roll?.inputs as { attackDice: number; defenceDice: number };

describe('issue 31: each Master and Commander move states its meaning', () => {
  it('every move has a category from the shared vocabulary', () => {
    for (const m of [...MOVES, nextStep]) expect(CATEGORIES).toContain(m.category);
  });

  it('the first-player roll: each captain’s die to that captain, in the order they rolled', () => {
    const s = game('basic');
    const p = must(
      play(firstPlayerMove, s, { playerIds: ['p-ben', 'p-anna'], roll: typed([2, 5]) })
    );
    expect(meaningOf(p)).toEqual({
      move: 'mc.first-player',
      category: 'initiative',
      actor: null,
      target: null,
      dice: [d6(1, null, 'Ben'), d6(1, null, 'Anna')]
    });
    // The side is the one the captain's ships fight for, not the captain's id.
    expect(s.ships['ship-3'].side).toBe('Ben');
  });

  it('the Wind Die is no captain’s; the storm roll is the active captain’s', () => {
    let s = game('basic');
    s = must(
      play(firstPlayerMove, s, { playerIds: ['p-anna', 'p-ben'], roll: typed([6, 1]) })
    ).next;
    const wind = must(play(windMove, s, { roll: typed([5]) }));
    expect(meaningOf(wind)).toMatchObject({
      category: 'wind',
      actor: null,
      dice: [d6(1, null, 'Wind')]
    });
    const storm = must(play(stormMove, wind.next, { roll: typed([4]) }));
    expect(meaningOf(storm)).toMatchObject({ category: 'wind', dice: [d6(1, null, 'Anna')] });
    expect(play(stormMove, wind.next, { roll: typed([4, 2]) }).ok).toBe(false);
  });

  it('an attack: the attacker’s dice to the attacker, the defender’s to the defender, its hits', () => {
    const s = annasEngagements('basic');
    const hit = must(
      play(attackMove, s, attackInput({ attack: typed([6, 5, 2]), defence: typed([6, 4, 1]) }))
    );
    const m = meaningOf(hit);
    expect(m).toEqual({
      move: 'mc.attack',
      category: 'gunnery',
      actor: 'ship-1',
      target: 'ship-3',
      dice: [d6(3, 'ship-1', 'Anna'), d6(3, 'ship-3', 'Ben')],
      hits: 1
    });
    // The counts are the engagement's own (SPEC A.3.3: 3 v 3 at full strength).
    expect(m.dice.map((g) => g.count)).toEqual([
      inputsOf(hit).attackDice,
      inputsOf(hit).defenceDice
    ]);
    // A repelled attack scores no hit; the weakened defender now rolls two dice, still its own.
    const second = {
      attackerId: 'ship-2',
      attack: typed([5, 5, 1]),
      defence: typed([6, 1])
    };
    const missed = must(play(attackMove, hit.next, attackInput(second)));
    expect(meaningOf(missed)).toMatchObject({
      actor: 'ship-2',
      target: 'ship-3',
      dice: [d6(3, 'ship-2', 'Anna'), d6(2, 'ship-3', 'Ben')],
      hits: 0
    });
  });

  it('a counter-attack is the defender’s shot: its dice to it, the first attacker’s to the first attacker', () => {
    const s = annasEngagements('basic');
    const mutual = attackInput({
      isMutualBroadside: true,
      attack: typed([6, 5, 2]),
      defence: typed([6, 4, 1])
    });
    const hit = must(play(attackMove, s, mutual));
    // Hit once, Ben 1 fires back with the two dice it has left (SPEC A.4.8 step 2).
    const counter = { attack: typed([6, 6]), defence: typed([5, 4, 1]) };
    const c = must(play(counterAttackMove, hit.next, counter));
    expect(meaningOf(c)).toEqual({
      move: 'mc.counter-attack',
      category: 'gunnery',
      actor: 'ship-3',
      target: 'ship-1',
      dice: [d6(2, 'ship-3', 'Ben'), d6(3, 'ship-1', 'Anna')],
      hits: 1
    });
    // Letting the reply go fires no shot.
    const declined = must(play(declineReplyMove, hit.next, {}));
    expect(meaningOf(declined)).toMatchObject({
      move: 'mc.no-counter',
      category: 'other',
      actor: 'ship-3',
      target: 'ship-1',
      dice: []
    });
  });

  it('a boarding: the boarders’ three dice to them, the defender’s to the defender as it was', () => {
    let s = annasEngagements('advanced', { boarding: true });
    // Anna 2 hits Ben 1 first, so it can be boarded ("cannot be at full-strength").
    const first = { attackerId: 'ship-2', attack: typed([6, 5, 2]), defence: typed([6, 4, 1]) };
    s = must(play(attackMove, s, attackInput(first))).next;
    const b = must(
      play(boardMove, s, {
        attackerId: 'ship-1',
        targetId: 'ship-3',
        side: null,
        isBoardingPosition: true,
        isMutualBroadside: false,
        attack: typed([6, 5, 4]),
        defence: typed([3, 1])
      })
    );
    // Taken: Ben 1 is Anna's now, but its dice were rolled for Ben.
    expect(b.next.ships['ship-3'].side).toBe('Anna');
    expect(meaningOf(b)).toEqual({
      move: 'mc.boarding',
      category: 'boarding',
      actor: 'ship-1',
      target: 'ship-3',
      dice: [d6(3, 'ship-1', 'Anna'), d6(2, 'ship-3', 'Ben')]
    });
  });

  it('a raid and the Homeport’s counter-attack: the Homeport’s dice to its captain', () => {
    const s = annasEngagements('advanced', { raids: true });
    const r = must(
      play(raidMove, s, {
        shipId: 'ship-1',
        target: 'S',
        side: null,
        isBroadside: true,
        distance: 2,
        attack: typed([6, 5, 2]),
        defence: typed([5, 4, 1])
      })
    );
    expect(meaningOf(r)).toEqual({
      move: 'mc.raid',
      category: 'raid',
      actor: 'ship-1',
      target: null,
      dice: [d6(3, 'ship-1', 'Anna'), d6(3, null, 'Ben')]
    });
    const back = must(
      play(homeportCounterMove, r.next, { attack: typed([6, 5, 3]), defence: typed([6, 4, 1]) })
    );
    expect(meaningOf(back)).toEqual({
      move: 'mc.homeport-counter',
      category: 'raid',
      actor: 'ship-1',
      target: null,
      dice: [d6(3, null, 'Ben'), d6(3, 'ship-1', 'Anna')]
    });
  });

  it('ramming: the rammer rolls both dice, and high damage is good for it (it falls on the rammed)', () => {
    let s = annasEngagements('advanced', { ramming: true });
    const across = attackInput({ attack: typed([1, 1, 1]), defence: typed([6, 6, 6]) });
    s = must(play(attackMove, s, across)).next;
    const declined = must(play(declineRamMove, s, {}));
    expect(meaningOf(declined)).toMatchObject({ category: 'other', actor: 'ship-3', dice: [] });
    const attempt = must(play(ramAttemptMove, s, { roll: typed([6]) }));
    expect(meaningOf(attempt)).toEqual({
      move: 'mc.ram-attempt',
      category: 'ram',
      actor: 'ship-3',
      target: 'ship-1',
      dice: [d6(1, 'ship-3', 'Ben')]
    });
    const damage = must(play(ramDamageMove, attempt.next, { roll: typed([5]) }));
    // "The player will then roll the die again to access damage to the rammed ship" (A.4.13): Ben 1
    // rolls, Anna 1 loses the disks, so a five is good for the roller.
    expect(viewOf(damage.next).ships.find((x) => x.id === 'ship-1')?.sheet.prizeDisks).toBe(0);
    expect(viewOf(damage.next).ships.find((x) => x.id === 'ship-3')?.sheet.prizeDisks).toBe(2);
    expect(meaningOf(damage)).toEqual({
      move: 'mc.ram-damage',
      category: 'ram',
      actor: 'ship-3',
      target: 'ship-1',
      dice: [d6(1, 'ship-3', 'Ben', true)]
    });
    expect(play(ramDamageMove, attempt.next, { roll: typed([5, 5]) }).ok).toBe(false);
  });

  it('the next step is the turn passing on, the phase or the whole turn, as its own move', () => {
    let s = game('basic');
    s = must(
      play(firstPlayerMove, s, { playerIds: ['p-anna', 'p-ben'], roll: typed([6, 1]) })
    ).next;
    s = must(play(windMove, s, { roll: typed([4]) })).next;
    const kinds: string[] = [];
    for (let i = 0; i < 6 && !kinds.includes('mc.end-turn'); i++) {
      const p = must(play(nextStep, s, {}, ctxOf()));
      expect(meaningOf(p)).toEqual({
        move: 'mc.next-step',
        category: 'turn',
        actor: null,
        target: null,
        dice: []
      });
      kinds.push(p.draft.kind);
      s = p.next;
    }
    expect(kinds).toContain('phase.advance');
    expect(kinds).toContain('mc.end-turn');
  });
});
