import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import type { EngagementRules } from './resolve';
import type { McCard, Side } from './sheet';
import { drawCard, playHeldCard, setCardLibrary } from './resolve-cards';
import {
  annaFirst,
  attack,
  BASIC_RULES as RULES,
  board,
  cardsUpdate,
  counterAttack,
  declineReply,
  endTurn,
  errorOf,
  homeportCounter,
  moveOf as move,
  movementRoll,
  must,
  raid,
  repair,
  stormRoll,
  twoPlayerGame,
  viewOf as view
} from './moves.testkit';
import { strike, turnActsOf } from './moves';

// The per-turn limits the battle options set (SPEC A.4.15, A.5 #3, #9, #17, #22, #23, errata 12,
// 15): each reading is enforced by the builders the battle panel calls, with the message it shows.

/**
 * Anna (N Homeport, ships 1 and 2 heading S) and Ben (S Homeport, ships 3 and 4 heading N); Anna
 * won the first roll; `windPip` 4 = westerly (a reach for both fleets), rolled at time 0.
 */
function game(
  variant: 'basic' | 'advanced' | 'beginner' = 'basic',
  modules: Record<string, boolean> = {},
  windPip: number | null = 4
): BattleState {
  return annaFirst(twoPlayerGame(variant, modules), [6, 1], windPip);
}

function moveAll(s: BattleState, ids: readonly string[] = ['ship-1', 'ship-2']): BattleState {
  for (const id of ids) s = must(move(s, id)).next;
  return s;
}

/** Hit faces (6 5 2 v 6 4 1) or repelled faces (1 1 1 v 6 6 6) for a 3 v 3 attack. */
const HIT = [
  [6, 5, 2],
  [6, 4, 1]
] as const;
const MISS = [
  [1, 1, 1],
  [6, 6, 6]
] as const;

function fire(
  s: BattleState,
  attackerId: string,
  targetId: string,
  faces: readonly (readonly number[])[],
  opts: McOptions = DEFAULT_OPTIONS,
  side: Side | null = null
) {
  return attack(
    s,
    view(s),
    { attackerId, targetId, side, isMutualBroadside: true, rules: RULES },
    opts,
    faces[0],
    faces[1]
  );
}

/** Anna 2's 3 v 3 broadside that hits Anna 3 (the set-up of the boarding cases). */
function ship2HitsShip3(s: BattleState): BattleState {
  const at = { attackerId: 'ship-2', targetId: 'ship-3', attackDice: 3, defenceDice: 3 };
  return must(strike(s, view(s), { ...at, rules: RULES, verb: 'attacks' }, HIT[0], HIT[1])).next;
}

describe('attackTiming (SPEC A.4.15, A.5 #22, errata 12)', () => {
  it('after all movement (default): no attack until every ship has moved, no move once attacks began', () => {
    let s = game();
    s = must(move(s, 'ship-1', { forward: 2 })).next;
    expect(errorOf(fire(s, 'ship-1', 'ship-3', HIT))).toBe(
      'Attacks come after all movement ("Each turn consists of moving all of the ships in your fleet"): record the move of Anna 2 first (staying put counts).'
    );
    s = must(move(s, 'ship-2')).next;
    s = must(fire(s, 'ship-1', 'ship-3', HIT)).next;
    expect(view(s).ships.find((x) => x.id === 'ship-3')?.sheet.prizeDisks).toBe(1);
    expect(errorOf(move(s, 'ship-1'))).toBe(
      'Anna 1 has already moved this turn; undo that move to change it.'
    );
  });

  it('after all movement: a ship taken by boarding joins the fleet but cannot move once attacks began', () => {
    let s = moveAll(game('advanced', { boarding: true }));
    s = must(fire(s, 'ship-2', 'ship-3', HIT)).next;
    const at = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isBoardingPosition: true,
      isMutualBroadside: false
    };
    s = must(board(s, view(s), at, DEFAULT_OPTIONS, [6, 5, 4], [3, 1])).next;
    expect(errorOf(move(s, 'ship-3'))).toBe(
      'The engagements have begun: attacks come after all movement, so every ship moves before the first attack.'
    );
  });

  it('after each ship moves: a ship attacks after its own move, while the other has still to move', () => {
    const opts: McOptions = { ...DEFAULT_OPTIONS, attackTiming: 'afterEachShipMoves' };
    let s = game();
    expect(errorOf(fire(s, 'ship-1', 'ship-3', HIT, opts))).toBe(
      "With attacks after each ship's own move, Anna 1 attacks after it moves: record its move first (staying put counts)."
    );
    s = must(move(s, 'ship-1', {}, opts)).next;
    s = must(fire(s, 'ship-1', 'ship-3', HIT, opts)).next;
    // Anna 2 has not moved: it may still move, then attack.
    expect(errorOf(fire(s, 'ship-2', 'ship-4', HIT, opts))).toContain(
      'Anna 2 attacks after it moves'
    );
    s = must(move(s, 'ship-2', { forward: 1 }, opts)).next;
    expect(fire(s, 'ship-2', 'ship-4', HIT, opts).ok).toBe(true);
  });

  it('any time: attacks before moving, and moving after attacking', () => {
    const opts: McOptions = { ...DEFAULT_OPTIONS, attackTiming: 'free' };
    let s = game();
    s = must(fire(s, 'ship-1', 'ship-3', HIT, opts)).next;
    expect(move(s, 'ship-1', { forward: 5 }, opts).ok).toBe(true);
  });
});

describe('attacksPerShip (SPEC A.4.5 step 4, A.5 #23)', () => {
  it('once per target per turn (default): a second attack on the same ship is refused, another target is not', () => {
    let s = moveAll(game());
    s = must(fire(s, 'ship-1', 'ship-3', MISS)).next;
    expect(errorOf(fire(s, 'ship-1', 'ship-3', HIT))).toBe(
      'Anna 1 has already engaged Ben 1 this turn (one attack per target per turn).'
    );
    expect(fire(s, 'ship-1', 'ship-4', HIT).ok).toBe(true);
    // The other ship of the fleet may attack the same target.
    expect(fire(s, 'ship-2', 'ship-3', HIT).ok).toBe(true);
    // Next own turn the limit starts again.
    s = endTurn(s, view(s), 1_000);
    s = endTurn(s, view(s), 2_000);
    s = moveAll(s);
    expect(fire(s, 'ship-1', 'ship-3', HIT).ok).toBe(true);
  });

  it('once per side: the side must be named, and each side fires once', () => {
    const opts: McOptions = { ...DEFAULT_OPTIONS, attacksPerShip: 'onePerSidePerTurn' };
    let s = moveAll(game());
    expect(errorOf(fire(s, 'ship-1', 'ship-3', HIT, opts))).toBe(
      'Say which side of Anna 1 fires (one attack per side per turn).'
    );
    s = must(fire(s, 'ship-1', 'ship-3', MISS, opts, 'starboard')).next;
    expect(errorOf(fire(s, 'ship-1', 'ship-4', HIT, opts, 'starboard'))).toBe(
      'Anna 1 has already fired from its starboard side this turn (one attack per side per turn).'
    );
    // "A ship can fire from both sides": the port battery may fire at the same ship.
    expect(fire(s, 'ship-1', 'ship-3', HIT, opts, 'port').ok).toBe(true);
  });

  it('once per turn: one attack per ship whatever the target', () => {
    const opts: McOptions = { ...DEFAULT_OPTIONS, attacksPerShip: 'oncePerTurn' };
    let s = moveAll(game());
    s = must(fire(s, 'ship-1', 'ship-3', MISS, opts)).next;
    expect(errorOf(fire(s, 'ship-1', 'ship-4', HIT, opts))).toBe(
      'Anna 1 has already attacked this turn (one attack per ship per turn).'
    );
  });

  it('a boarding is the engagement with that ship: no broadside at it afterwards (once per target)', () => {
    let s = moveAll(game('advanced', { boarding: true }));
    s = ship2HitsShip3(s);
    const at = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isBoardingPosition: true,
      isMutualBroadside: false
    };
    s = must(board(s, view(s), at, DEFAULT_OPTIONS, [6, 5, 3], [3, 1])).next;
    expect(errorOf(fire(s, 'ship-1', 'ship-3', HIT))).toContain('already engaged Ben 1');
  });

  it('a Beginner tie rolled again (beginnerTies reroll) does not use up the attack', () => {
    const opts: McOptions = { ...DEFAULT_OPTIONS, beginnerTies: 'reroll' };
    let s = game('beginner', {}, null);
    for (const id of ['ship-1']) {
      s = must(movementRoll(s, view(s), id, 1, opts));
      s = must(move(s, id, { forward: 1 }, opts)).next;
    }
    const rules: EngagementRules = { ...RULES, variant: 'beginner', beginnerTies: 'reroll' };
    const tie = must(
      attack(
        s,
        view(s),
        { attackerId: 'ship-1', targetId: 'ship-2', side: null, isMutualBroadside: true, rules },
        opts,
        [4],
        [4]
      )
    );
    expect(tie.outcome.result).toBe('reroll');
    expect(turnActsOf(view(tie.next).system).engaged).toEqual([]);
  });

  it('a Beginner tie on the counter-attack, rolled again, keeps the counter-attack due', () => {
    const opts: McOptions = { ...DEFAULT_OPTIONS, beginnerTies: 'reroll' };
    let s = game('beginner', {}, null);
    s = must(movementRoll(s, view(s), 'ship-1', 1, opts));
    s = must(move(s, 'ship-1', { forward: 1 }, opts)).next;
    const rules: EngagementRules = { ...RULES, variant: 'beginner', beginnerTies: 'reroll' };
    const input = {
      attackerId: 'ship-1',
      targetId: 'ship-2',
      side: null,
      isMutualBroadside: true,
      rules
    };
    s = must(attack(s, view(s), input, opts, [6], [1])).next;
    const tie = must(counterAttack(s, view(s), rules, [3], [3]));
    expect(tie.outcome.result).toBe('reroll');
    expect(turnActsOf(view(tie.next).system).reply?.kind).toBe('counter');
    const decided = must(counterAttack(tie.next, view(tie.next), rules, [5], [2]));
    expect(decided.outcome.result).toBe('hit');
    expect(turnActsOf(view(decided.next).system).reply).toBeNull();
  });
});

describe('repelledAttackEndsTurn (SPEC A.4.6, A.5 #3)', () => {
  it('off (default): a repelled attack ends only that engagement', () => {
    let s = moveAll(game());
    s = must(fire(s, 'ship-1', 'ship-3', MISS)).next;
    expect(fire(s, 'ship-2', 'ship-4', HIT).ok).toBe(true);
  });

  it('on: after a repulse nothing more this turn but the defender’s reply and the end of the turn', () => {
    const opts: McOptions = { ...DEFAULT_OPTIONS, repelledAttackEndsTurn: true };
    let s = moveAll(game());
    // A hit does not end the turn.
    s = must(fire(s, 'ship-1', 'ship-4', HIT, opts)).next;
    expect(turnActsOf(view(s).system).endedBy).toBeNull();
    s = must(fire(s, 'ship-1', 'ship-3', MISS, opts)).next;
    const why = `Anna 1's attack on Ben 1 was repelled, and with "a repelled attack ends the turn" Anna's turn is over. Only the defender's reply and the end of the turn remain.`;
    expect(errorOf(fire(s, 'ship-2', 'ship-3', HIT, opts))).toBe(why);
    expect(errorOf(repair(s, view(s), 'ship-1', opts))).toBe(why);
    // The defender's counter-attack still follows ("immediately following completion").
    expect(
      strike(
        s,
        view(s),
        {
          attackerId: 'ship-3',
          targetId: 'ship-1',
          attackDice: 3,
          defenceDice: 3,
          rules: RULES,
          verb: 'counter-attacks'
        },
        HIT[0],
        HIT[1]
      ).ok
    ).toBe(true);
    // The turn passes and Ben plays normally.
    s = endTurn(s, view(s), 1_000);
    expect(turnActsOf(view(s).system).endedBy).toBeNull();
    s = moveAll(s, ['ship-3', 'ship-4']);
    expect(fire(s, 'ship-3', 'ship-1', HIT, opts).ok).toBe(true);
  });
});

describe('raids: raidRange and the turn limits (SPEC A.4.12, A.5 #17, errata 5)', () => {
  const at = (distance: number, isBroadside = true) => ({
    shipId: 'ship-1',
    target: 'S' as const,
    rules: RULES,
    side: null,
    isBroadside,
    distance
  });

  it('as ships (default): broadside at 1 or 2 squares; adjacent only: 1 square', () => {
    const s = moveAll(game('advanced', { raids: true }));
    expect(raid(s, view(s), at(2), DEFAULT_OPTIONS, [6, 5, 2], [5, 4, 1]).ok).toBe(true);
    const adjacent: McOptions = { ...DEFAULT_OPTIONS, raidRange: 'adjacentOnly' };
    expect(errorOf(raid(s, view(s), at(2), adjacent, [6, 5, 2], [5, 4, 1]))).toBe(
      'Raid range is adjacent only: the ship must lie in the square next to the Homeport.'
    );
    expect(raid(s, view(s), at(1), adjacent, [6, 5, 2], [5, 4, 1]).ok).toBe(true);
    expect(errorOf(raid(s, view(s), at(3), DEFAULT_OPTIONS, [6, 5, 2], [5, 4, 1]))).toBe(
      'Raid range is as for ships: an adjacent square or one square away.'
    );
    expect(errorOf(raid(s, view(s), at(1, false), DEFAULT_OPTIONS, [6, 5, 2], [5, 4, 1]))).toBe(
      'An attacking ship must be broadside to an enemy Homeport.'
    );
  });

  it('one raid on a Homeport per turn (once per target), again on the next turn; a repulse can end the turn', () => {
    let s = moveAll(game('advanced', { raids: true }));
    s = must(raid(s, view(s), at(1), DEFAULT_OPTIONS, [6, 5, 2], [5, 4, 1])).next;
    expect(errorOf(raid(s, view(s), at(1), DEFAULT_OPTIONS, [6, 5, 2], [5, 4, 1]))).toBe(
      'Anna 1 has already engaged the S Homeport this turn (one attack per target per turn).'
    );
    // "A ship may continue attacking an enemy Homeport on consecutive turns until it is repelled."
    s = endTurn(s, view(s), 1_000);
    s = endTurn(s, view(s), 2_000);
    s = moveAll(s);
    const ends: McOptions = { ...DEFAULT_OPTIONS, repelledAttackEndsTurn: true };
    s = must(raid(s, view(s), at(1), ends, [1, 1, 1], [6, 6, 6])).next;
    expect(errorOf(fire(s, 'ship-2', 'ship-3', HIT, ends))).toContain("Anna's turn is over");
  });
});

describe('Master and Commander cards drawn first (SPEC A.4.10, A.5 #14)', () => {
  it('each engagement the captain initiates needs a card drawn first; boarding too by default', () => {
    let s = moveAll(game('advanced', { cards: true, boarding: true }));
    const draw = (st: BattleState) => {
      const v = view(st);
      return cardsUpdate(st, v, { ...v.system.cards, drawCount: v.system.cards.drawCount + 1 })
        .next;
    };
    expect(errorOf(fire(s, 'ship-1', 'ship-3', HIT))).toBe(
      'Draw a Master and Commander card first: "Each time you initiate an engagement, you must draw a Master and Commander card first."'
    );
    s = draw(s);
    s = must(fire(s, 'ship-1', 'ship-3', HIT)).next;
    // The next engagement needs its own card.
    expect(errorOf(fire(s, 'ship-2', 'ship-4', HIT))).toContain('Draw a Master and Commander card');
    const at = {
      attackerId: 'ship-2',
      targetId: 'ship-3',
      side: null,
      isBoardingPosition: true,
      isMutualBroadside: false
    };
    expect(errorOf(board(s, view(s), at, DEFAULT_OPTIONS, [6, 5, 4], [3, 1]))).toContain(
      'Draw a Master and Commander card'
    );
    const noCard: McOptions = { ...DEFAULT_OPTIONS, cardsOnRaidsAndBoarding: false };
    expect(board(s, view(s), at, noCard, [6, 5, 4], [3, 1]).ok).toBe(true);
    s = draw(s);
    expect(fire(s, 'ship-2', 'ship-4', HIT).ok).toBe(true);
  });
});

describe('movement against the allowance (SPEC A.3.2, A.4.4, errata 4, 11, 15)', () => {
  it('the allowance from the heading at the start of the turn: reach 5, upwind 1, downwind 3', () => {
    const reach = game('basic', {}, 4);
    expect(errorOf(move(reach, 'ship-1', { forward: 5, turns: 1, heading: 'E' }))).toBe(
      '5 forward + 1 turn = 6 squares, but the allowance is 5 (on a reach: up to 5).'
    );
    expect(must(move(reach, 'ship-1', { forward: 4, turns: 1, heading: 'E' })).summary).toBe(
      'Anna 1 moves 4 forward with 1 turn (5 of 5; on a reach: up to 5): heading east, in its Homeport'
    );
    // A southerly wind: Anna's ships (heading S) face upwind.
    const up = game('basic', {}, 2);
    expect(errorOf(move(up, 'ship-1', { forward: 2 }))).toContain('the allowance is 1 (upwind');
    expect(move(up, 'ship-1', { forward: 1 }).ok).toBe(true);
    // A northerly wind comes from behind them: downwind 3.
    const down = game('basic', {}, 1);
    expect(errorOf(move(down, 'ship-1', { forward: 4 }))).toContain('the allowance is 3 (downwind');
  });

  it('the Wind Die first; in a storm the player’s roll is the allowance of every ship', () => {
    const none = game('basic', {}, null);
    expect(errorOf(move(none, 'ship-1'))).toContain('Roll the Wind Die first');
    let storm = game('basic', {}, 5);
    expect(errorOf(move(storm, 'ship-1'))).toBe('Storm: roll one die for movement first.');
    storm = must(stormRoll(storm, view(storm), 2));
    expect(errorOf(move(storm, 'ship-1', { forward: 3 }))).toContain('the allowance is 2 (storm');
    expect(move(storm, 'ship-1', { forward: 2 }).ok).toBe(true);
  });

  it('the end heading must fit the turns; a second turn needs a square forward unless obstructed', () => {
    const s = game();
    expect(errorOf(move(s, 'ship-1', { forward: 2, turns: 1 }))).toBe(
      '1 turn of 90° cannot take a ship heading S to S.'
    );
    expect(errorOf(move(s, 'ship-1', { forward: 0, turns: 2, heading: 'N' }))).toBe(
      'After turning 90 degrees, a ship must move forward one square before turning again, unless it is obstructed by land or another ship.'
    );
    expect(move(s, 'ship-1', { forward: 0, turns: 2, heading: 'N', isObstructed: true }).ok).toBe(
      true
    );
    expect(move(s, 'ship-1', { forward: 1, turns: 2, heading: 'N' }).ok).toBe(true);
  });

  it('one move per ship per turn', () => {
    let s = game();
    s = must(move(s, 'ship-1', { forward: 1 })).next;
    expect(errorOf(move(s, 'ship-1', { forward: 1 }))).toBe(
      'Anna 1 has already moved this turn; undo that move to change it.'
    );
    expect(errorOf(move(s, 'ship-3'))).toBe("It is Anna's turn; Ben 1 is Ben's.");
  });

  it('Beginner: move exactly the roll (default), or up to it; turns count; no turn restriction', () => {
    let s = game('beginner', {}, null);
    expect(errorOf(move(s, 'ship-1', { forward: 1 }))).toBe('Roll the die for this ship first.');
    s = must(movementRoll(s, view(s), 'ship-1', 4, DEFAULT_OPTIONS));
    expect(errorOf(move(s, 'ship-1', { forward: 3 }))).toBe(
      'Beginner game: move exactly the 4 rolled ("move your ship the number of squares that you rolled"); 3 forward + 0 turns = 3. Turns count as one square each; tick "obstructed" if land or a ship stops it short.'
    );
    // The referee says land or a ship stops it short: fewer squares are allowed, never more.
    expect(move(s, 'ship-1', { forward: 3, isObstructed: true }).ok).toBe(true);
    expect(errorOf(move(s, 'ship-1', { forward: 5, isObstructed: true }))).toBe(
      '5 forward + 0 turns = 5 squares, but the allowance is 4 (move 4 squares).'
    );
    expect(errorOf(move(s, 'ship-1'))).toContain('move exactly the 4 rolled');
    // Two turns in a row are allowed in the Beginner game (errata 11): 2 + 2 = 4.
    expect(move(s, 'ship-1', { forward: 2, turns: 2, heading: 'N' }).ok).toBe(true);
    const upTo: McOptions = { ...DEFAULT_OPTIONS, beginnerMoveExact: false };
    expect(move(s, 'ship-1', { forward: 3 }, upTo).ok).toBe(true);
    expect(errorOf(move(s, 'ship-1', { forward: 5 }, upTo))).toContain('the allowance is 4');
    const restricted: McOptions = { ...DEFAULT_OPTIONS, beginnerTurnRestriction: true };
    expect(
      errorOf(move(s, 'ship-1', { forward: 1, turns: 3, heading: 'E' }, restricted))
    ).toContain('must move forward one square before turning again');
  });
});

describe('Master and Commander cards: the deck flow and structured effects (SPEC A.4.10, A.6)', () => {
  /** An entered deck of these cards, in this order, top first. */
  function withDeck(s: BattleState, cards: readonly McCard[]): BattleState {
    const v = view(s);
    const r = must(
      setCardLibrary(
        v.system,
        cards,
        cards.map((c) => c.id)
      )
    );
    return cardsUpdate(s, v, r.cards).next;
  }

  function drawFor(s: BattleState, shipId: string, target: string | null) {
    const v = view(s);
    const d = must(drawCard(v.system, 'Anna'));
    return cardsUpdate(s, v, d.state.cards, { shipId, target, side: null });
  }

  const card = (id: string, effect: McCard['effect'], keepUntilApplies = false): McCard => ({
    id,
    text: `EXAMPLE card ${id}`,
    keepUntilApplies,
    effect
  });

  it('a used card goes to the bottom of the pile, a kept one to the hand; each draw pays for one engagement', () => {
    let s = moveAll(game('advanced', { cards: true }));
    s = withDeck(s, [card('a', 'manual'), card('b', 'manual', true), card('c', 'manual')]);
    const first = drawFor(s, 'ship-1', 'ship-3');
    expect(first.isDraw).toBe(true);
    expect(first.effectText).toBeNull();
    s = first.next;
    expect(view(s).system.cards.drawPile).toEqual(['b', 'c', 'a']);
    s = must(fire(s, 'ship-1', 'ship-3', HIT)).next;
    s = drawFor(s, 'ship-2', 'ship-4').next;
    expect(view(s).system.cards.held).toEqual([{ playerId: 'Anna', cardId: 'b' }]);
    expect(view(s).system.cards.drawPile).toEqual(['c', 'a']);
    expect(fire(s, 'ship-2', 'ship-4', HIT).ok).toBe(true);
  });

  it('gain and lose a Prize Disk, gain and lose a Repair Card: applied to the drawing ship and its Homeport', () => {
    let s = moveAll(game('advanced', { cards: true }));
    s = must(
      strike(
        s,
        view(s),
        {
          attackerId: 'ship-3',
          targetId: 'ship-1',
          attackDice: 3,
          defenceDice: 3,
          rules: RULES,
          verb: 'attacks'
        },
        HIT[0],
        HIT[1]
      )
    ).next;
    s = withDeck(s, [
      card('gain', 'gainDisk'),
      card('lose', 'loseDisk'),
      card('more', 'gainRepairCard'),
      card('less', 'loseRepairCard')
    ]);
    const disk = (st: BattleState) =>
      view(st).ships.find((x) => x.id === 'ship-1')?.sheet.prizeDisks;
    const gain = drawFor(s, 'ship-1', 'ship-3');
    expect(gain.effectText).toBe('Anna 1 regains a Prize Disk (2).');
    expect(disk(gain.next)).toBe(2);
    expect(view(gain.next).system.discardedPrizeDisks).toBe(0);
    const lose = drawFor(gain.next, 'ship-1', 'ship-3');
    expect(disk(lose.next)).toBe(1);
    expect(view(lose.next).system.discardedPrizeDisks).toBe(1);
    const more = drawFor(lose.next, 'ship-1', 'ship-3');
    expect(view(more.next).system.homeports.N.repairCards).toBe(5);
    const less = drawFor(more.next, 'ship-1', 'ship-3');
    expect(view(less.next).system.homeports.N.repairCards).toBe(4);
  });

  it('a held card’s effect applies when it is played; "loses this attack" uses up that engagement', () => {
    let s = moveAll(game('advanced', { cards: true }));
    s = withDeck(s, [card('skip', 'loseAttack', true), card('x', 'manual')]);
    s = drawFor(s, 'ship-1', 'ship-3').next;
    expect(view(s).system.cards.held).toHaveLength(1);
    const v = view(s);
    const played = cardsUpdate(s, v, must(playHeldCard(v.system, 'Anna', 'skip')).cards, {
      shipId: 'ship-1',
      target: 'ship-3',
      side: null
    });
    expect(played.effectText).toBe('Anna 1 loses this attack.');
    expect(errorOf(fire(played.next, 'ship-1', 'ship-3', HIT))).toContain('already engaged Ben 1');
  });

  it('the physical deck: the app counts the draws and applies nothing', () => {
    let s = moveAll(game('advanced', { cards: true }));
    const r = drawFor(s, 'ship-1', 'ship-3');
    expect(r.effectText).toBeNull();
    s = r.next;
    expect(view(s).system.cards.drawCount).toBe(1);
    expect(turnActsOf(view(s).system).cardsDrawn).toBe(1);
  });
});

describe('replies, once and right after the engagement (SPEC A.4.8, A.4.11 step 5, A.4.12 step 4)', () => {
  it('mutually broadside: the attacked ship counter-attacks once, with the dice left after the hit', () => {
    let s = moveAll(game());
    s = must(fire(s, 'ship-1', 'ship-3', HIT)).next;
    expect(turnActsOf(view(s).system).reply).toEqual({
      kind: 'counter',
      by: 'ship-3',
      against: 'ship-1',
      dice: 2
    });
    const back = must(counterAttack(s, view(s), RULES, [6, 3], [5, 5, 2]));
    expect(back.summary).toContain('Ben 1 counter-attacks Anna 1 (2 v 3');
    expect(errorOf(counterAttack(back.next, view(back.next), RULES, [6, 3], [5, 5, 2]))).toBe(
      'No counter-attack is due now: it follows at once the engagement that allows it.'
    );
    // Another action first ends the chance: here the defender declines, logged.
    const declined = must(declineReply(s, view(s)));
    expect(declined.summary).toBe('Ben 1 does not counter-attack');
    expect(counterAttack(declined.next, view(declined.next), RULES, [6, 3], [5, 5, 2]).ok).toBe(
      false
    );
  });

  it('no counter-attack across the bow, nor by a ship just sunk', () => {
    let s = moveAll(game());
    const across = attack(
      s,
      view(s),
      {
        attackerId: 'ship-1',
        targetId: 'ship-3',
        side: null,
        isMutualBroadside: false,
        rules: RULES
      },
      DEFAULT_OPTIONS,
      HIT[0],
      HIT[1]
    );
    expect(turnActsOf(view(must(across).next).system).reply).toBeNull();
    expect(
      errorOf(counterAttack(must(across).next, view(must(across).next), RULES, [6], [1]))
    ).toContain('No counter-attack is due');
    s = must(fire(s, 'ship-2', 'ship-4', MISS)).next;
    expect(turnActsOf(view(s).system).reply?.by).toBe('ship-4');
  });

  it('a failed boarding broadside to broadside lets the defender fire back; a raid lets the Homeport', () => {
    let s = moveAll(game('advanced', { boarding: true, raids: true }));
    s = ship2HitsShip3(s);
    const at = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isBoardingPosition: true,
      isMutualBroadside: true
    };
    const failed = must(board(s, view(s), at, DEFAULT_OPTIONS, [6, 5, 3], [3, 1])).next;
    expect(turnActsOf(view(failed).system).reply).toEqual({
      kind: 'counter',
      by: 'ship-3',
      against: 'ship-1',
      dice: 2
    });
    const raided = must(
      raid(
        failed,
        view(failed),
        { shipId: 'ship-2', target: 'S', rules: RULES, side: null, isBroadside: true, distance: 1 },
        DEFAULT_OPTIONS,
        [1, 1, 1],
        [6, 6, 6]
      )
    ).next;
    // The raid replaced the boarding's reply: the Homeport's counter-attack is the one due now.
    expect(counterAttack(raided, view(raided), RULES, [6, 6], [1, 1, 1]).ok).toBe(false);
    const repelled = must(homeportCounter(raided, view(raided), RULES, [6, 5, 3], [6, 4, 1]));
    expect(repelled.summary).toContain('Anna 2 is repelled');
    expect(
      homeportCounter(repelled.next, view(repelled.next), RULES, [6, 5, 3], [6, 4, 1]).ok
    ).toBe(false);
  });
});
