import { describe, expect, it } from 'vitest';
import { createAction } from '../../battle/actions';
import { invertOps } from '../../battle/diff';
import type { BattleState, Json } from '../../engine/events';
import { applyOps } from '../../battle/fold';
import { masterAndCommander } from '.';
import { DEFAULT_OPTIONS } from './options';
import {
  annaFirst,
  attack,
  BASIC_RULES as RULES,
  board,
  endTurn,
  firstPlayer,
  homeportCounter,
  movementRoll,
  raid,
  ramDamage,
  repair,
  recordMove,
  ramAttempt,
  moveOf,
  must,
  twoPlayerGame,
  viewOf as view,
  windRoll
} from './moves.testkit';
import { counterDice, fleetSetupProblems, planEngagement, strike } from './moves';

/** Anna (N, heading S) records a move that leaves her ship where it is. */
function stay(s: BattleState, id: string): BattleState {
  return must(moveOf(s, id)).next;
}

/** An Advanced game with these modules: Anna's turn, a westerly wind rolled at 0. */
function advancedGame(modules: Record<string, boolean>, isMoved = true): BattleState {
  let s = annaFirst(twoPlayerGame('advanced', modules), [6, 1], 4);
  if (isMoved) for (const id of ['ship-1', 'ship-2']) s = stay(s, id);
  return s;
}

/** Anna has won the first-player roll. */
function annasTurn(): BattleState {
  return annaFirst(twoPlayerGame(), [5, 2]);
}

describe('Master and Commander battle glue', () => {
  it('the system starts with its phases and a default state; set-up gives two ships each at the Homeport', () => {
    expect(masterAndCommander.phases).toEqual([
      'Wind',
      'Movement',
      'Engagements',
      'Repairs and end of turn'
    ]);
    const s = twoPlayerGame();
    const v = view(s);
    expect(v.system.players.map((p) => p.id)).toEqual(['Anna', 'Ben']);
    expect(v.ships.map((x) => [x.sheet.name, x.playerId, x.sheet.heading])).toEqual([
      ['Anna 1', 'Anna', 'S'],
      ['Anna 2', 'Anna', 'S'],
      ['Ben 1', 'Ben', 'N'],
      ['Ben 2', 'Ben', 'N']
    ]);
    expect(s.ships['ship-1'].side).toBe('Anna');
    expect(v.system.homeports.N.repairCards).toBe(4);
    expect(v.system.homeports.E.repairCards).toBe(0);
  });

  it('set-up refuses duplicate names and Homeports', () => {
    expect(
      fleetSetupProblems([
        { id: 'A', homeport: 'N' },
        { id: 'A', homeport: 'N' }
      ])
    ).toEqual(['Two players have the same name.', 'Two players have the same Homeport.']);
    expect(fleetSetupProblems([{ id: ' ' }, { id: '' }])).toEqual(['Every player needs a name.']);
  });

  it('the first-player roll: the highest goes first, a tie changes nothing', () => {
    const s = twoPlayerGame();
    const tie = must(
      firstPlayer(s, view(s), [
        { playerId: 'Anna', face: 4 },
        { playerId: 'Ben', face: 4 }
      ])
    );
    expect(tie.outcome.kind).toBe('reroll');
    expect(tie.next).toBe(s);
    expect(view(annasTurn()).system.activePlayerId).toBe('Anna');
  });

  it('a wind roll sets the wind and turns the hourglass over at the given time', () => {
    const s = annasTurn();
    const r = must(windRoll(s, view(s), 4, 1_000, DEFAULT_OPTIONS));
    const sys = view(r.next).system;
    expect(sys.wind).toEqual({ from: 'W' });
    expect(sys.hourglass.startedAt).toBe(1_000);
    expect(sys.windRollPending).toBe(false);
    // Steady with no wind yet: rolled again, nothing changes.
    const steady = must(windRoll(s, view(s), 6, 1_000, DEFAULT_OPTIONS));
    expect(steady.outcome.kind).toBe('reroll');
    expect(steady.next).toEqual(s);
  });

  it('an attack that hits costs the target a Prize Disk; the counter-attack uses the dice left', () => {
    const s = annasTurn();
    const v = view(s);
    const plan = must(planEngagement(v, 'ship-1', 'ship-3', DEFAULT_OPTIONS));
    expect([plan.attackDice, plan.defenceDice]).toEqual([3, 3]);
    const hit = must(
      strike(
        s,
        v,
        {
          attackerId: 'ship-1',
          targetId: 'ship-3',
          attackDice: 3,
          defenceDice: 3,
          rules: RULES,
          verb: 'attacks'
        },
        [6, 5, 2],
        [6, 4, 1]
      )
    );
    expect(hit.outcome.result).toBe('hit');
    expect(hit.summary).toBe(
      'Anna 1 attacks Ben 1 (3 v 3: 6 5 2 v 6 4 1): Sixes tie; Five beats four: hit. Ben 1 gives up a Prize Disk (1 left).'
    );
    const v2 = view(hit.next);
    expect(v2.ships.find((x) => x.id === 'ship-3')?.sheet.prizeDisks).toBe(1);
    expect(v2.system.discardedPrizeDisks).toBe(1);

    const nC = counterDice('basic', hit.disksBefore, hit.disksAfter, DEFAULT_OPTIONS);
    expect(nC).toBe(2);
    expect(counterDice('basic', 2, 1, { counterAttackDice: 'preHit' })).toBe(3);
    const back = must(
      strike(
        hit.next,
        v2,
        {
          attackerId: 'ship-3',
          targetId: 'ship-1',
          attackDice: 2,
          defenceDice: 3,
          rules: RULES,
          verb: 'counter-attacks'
        },
        [6, 3],
        [5, 5, 2]
      )
    );
    const v3 = view(back.next);
    expect(v3.ships.find((x) => x.id === 'ship-1')?.sheet.prizeDisks).toBe(1);
    expect(v3.system.discardedPrizeDisks).toBe(2);
  });

  it('a miss changes no disks, and faces of the wrong count are refused', () => {
    const s = annasTurn();
    const input = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      attackDice: 3,
      defenceDice: 3,
      rules: RULES,
      verb: 'attacks'
    };
    const miss = must(strike(s, view(s), input, [6, 6, 1], [6, 6, 1]));
    expect(miss.outcome.result).toBe('repelled');
    expect(view(miss.next).system.discardedPrizeDisks).toBe(0);
    expect(strike(s, view(s), input, [6, 6], [6, 6, 1]).ok).toBe(false);
  });

  it('a Homeport repair spends one card from the pile at the Homeport and is undone by the inverse ops', () => {
    const s = annasTurn();
    const hit = must(
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
        [6, 5, 2],
        [6, 4, 1]
      )
    );
    const before = hit.next;
    const r = must(repair(before, view(before), 'ship-1', DEFAULT_OPTIONS));
    expect(r.summary).toBe(
      'Anna 1 repairs at the N Homeport: 1 Repair Card for a Prize Disk (2 disks; 3 cards left)'
    );
    const event = createAction(before, { kind: 'mc.repair', summary: r.summary, next: r.next });
    const after = applyOps(before as unknown as Json, event.ops) as unknown as BattleState;
    const va = view(after);
    expect(va.system.homeports.N.repairCards).toBe(3);
    expect(va.system.discardedPrizeDisks).toBe(0);
    expect(va.ships.find((x) => x.id === 'ship-1')?.sheet.prizeDisks).toBe(2);
    // Undo = the inverse ops: the card and the disk are back.
    const undone = applyOps(after as unknown as Json, invertOps(event.ops));
    expect(undone).toEqual(before);
    // One disk per ship per turn by default.
    expect(repair(after, va, 'ship-1', DEFAULT_OPTIONS).ok).toBe(false);
  });

  it('a repair needs the ship in its Homeport (or two cards on an anchor)', () => {
    let s = annasTurn();
    s = must(windRoll(s, view(s), 4, 0, DEFAULT_OPTIONS)).next;
    const hit = must(
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
        [6, 5, 2],
        [6, 4, 1]
      )
    );
    const atSea = must(
      recordMove(
        hit.next,
        view(hit.next),
        'ship-1',
        { forward: 2, turns: 1, heading: 'E', location: 'sea', isObstructed: false },
        DEFAULT_OPTIONS
      )
    ).next;
    expect(repair(atSea, view(atSea), 'ship-1', DEFAULT_OPTIONS).ok).toBe(false);
    const anchored = must(
      recordMove(
        hit.next,
        view(hit.next),
        'ship-1',
        { forward: 4, turns: 0, heading: 'S', location: 'anchor', isObstructed: false },
        DEFAULT_OPTIONS
      )
    ).next;
    const r = must(repair(anchored, view(anchored), 'ship-1', DEFAULT_OPTIONS));
    expect(view(r.next).system.homeports.N.repairCards).toBe(2);
  });

  it('ending the turn passes to the left, the battle turn follows, and a run-out glass makes the roll due', () => {
    const s = annasTurn();
    const w = must(windRoll(s, view(s), 1, 0, DEFAULT_OPTIONS)).next;
    const next = endTurn({ ...w, phase: 3 }, view(w), 181_000);
    const v = view(next);
    expect(v.system.activePlayerId).toBe('Ben');
    expect(v.system.windRollPending).toBe(true);
    expect(next.turn).toBe(2);
    expect(next.phase).toBe(0);
    const calm = view(endTurn(w, view(w), 60_000)).system;
    expect(calm.windRollPending).toBe(false);
  });

  it('a successful boarding moves the ship to the captor; a failed one changes nothing but counts', () => {
    let s = twoPlayerGame('advanced', { boarding: true });
    s = must(
      firstPlayer(s, view(s), [
        { playerId: 'Anna', face: 6 },
        { playerId: 'Ben', face: 1 }
      ])
    ).next;
    s = must(windRoll(s, view(s), 4, 0, DEFAULT_OPTIONS)).next;
    for (const id of ['ship-1', 'ship-2']) s = stay(s, id);
    // Ben 1 has been hit once: it can be boarded.
    s = must(
      strike(
        s,
        view(s),
        {
          attackerId: 'ship-1',
          targetId: 'ship-3',
          attackDice: 3,
          defenceDice: 3,
          rules: RULES,
          verb: 'attacks'
        },
        [6, 5, 2],
        [6, 4, 1]
      )
    ).next;
    const at = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isBoardingPosition: true,
      isMutualBroadside: false
    };
    const fail = must(board(s, view(s), at, DEFAULT_OPTIONS, [6, 5, 3], [3, 1]));
    expect(fail.outcome.isSuccess).toBe(false);
    expect(fail.next.ships).toEqual(s.ships);
    expect(view(fail.next).system.turnActs?.engaged).toEqual([
      { shipId: 'ship-1', target: 'ship-3', kind: 'boarding', side: null }
    ]);
    const win = must(board(s, view(s), at, DEFAULT_OPTIONS, [6, 5, 4], [3, 1]));
    expect(win.next.ships['ship-3'].player).toBe('Anna');
    expect(win.next.ships['ship-3'].side).toBe('Anna');
    const sheet = view(win.next).ships.find((x) => x.id === 'ship-3')?.sheet;
    expect(sheet?.capturedFrom).toBe('Ben');
    expect(sheet?.homeport).toBe('N');
    expect(win.summary).toContain('Anna takes command.');
    // The referee says the ships are not adjacent broadside: refused before any roll.
    expect(
      board(s, view(s), { ...at, isBoardingPosition: false }, DEFAULT_OPTIONS, [6, 5, 4], [3, 1])
    ).toEqual({
      ok: false,
      error:
        'The attacking ship is in a square immediately adjacent to the enemy ship. The attacking ship is either broadside to broadside, or broadside to bow.'
    });
  });

  it('the Mist: entering starts the clock, the ship is safe from fire, the next turn is lost, then it must leave', () => {
    let s = advancedGame({ mist: true }, false);
    const into = {
      forward: 3,
      turns: 0,
      heading: 'S',
      location: 'mist',
      isObstructed: false
    } as const;
    s = must(recordMove(s, view(s), 'ship-1', into, DEFAULT_OPTIONS)).next;
    expect(view(s).ships[0].sheet.mist).toEqual({ enteredOnTurn: 1, phase: 'entered' });
    expect(planEngagement(view(s), 'ship-3', 'ship-1', DEFAULT_OPTIONS).ok).toBe(false);
    // Ben's turn, then Anna's again: Anna 1 loses that turn.
    s = endTurn(s, view(s), 1_000);
    s = endTurn(s, view(s), 2_000);
    const still = {
      forward: 0,
      turns: 0,
      heading: 'S',
      location: 'mist',
      isObstructed: false
    } as const;
    expect(recordMove(s, view(s), 'ship-1', still, DEFAULT_OPTIONS)).toEqual({
      ok: false,
      error: 'A ship entering the mist must lose one turn before exiting: this is that turn.'
    });
    // The lost turn does not hold up the other ship's attacks (attacks after all movement).
    s = stay(s, 'ship-2');
    expect(
      attack(
        s,
        view(s),
        {
          attackerId: 'ship-2',
          targetId: 'ship-3',
          side: null,
          isMutualBroadside: true,
          rules: RULES
        },
        DEFAULT_OPTIONS,
        [1, 1, 1],
        [6, 6, 6]
      ).ok
    ).toBe(true);
    // Next own turn it must exit: staying in the Mist with squares to spare is refused.
    s = endTurn(s, view(s), 3_000);
    s = endTurn(s, view(s), 4_000);
    expect(view(s).ships[0].sheet.mist?.phase).toBe('mustExit');
    expect(recordMove(s, view(s), 'ship-1', still, DEFAULT_OPTIONS).ok).toBe(false);
    const out = must(
      recordMove(
        s,
        view(s),
        'ship-1',
        { forward: 1, turns: 0, heading: 'S', location: 'sea', isObstructed: false },
        DEFAULT_OPTIONS
      )
    ).next;
    expect(view(out).ships[0].sheet.mist).toBeNull();
    expect(view(out).ships[0].sheet.location).toBe('sea');
  });

  it('with the whole fleet losing the Mist turn, no ship of it moves or fires', () => {
    let s = advancedGame({ mist: true }, false);
    const into = {
      forward: 3,
      turns: 0,
      heading: 'S',
      location: 'mist',
      isObstructed: false
    } as const;
    s = must(recordMove(s, view(s), 'ship-1', into, DEFAULT_OPTIONS)).next;
    s = endTurn(s, view(s), 1_000);
    s = endTurn(s, view(s), 2_000);
    const opts = { ...DEFAULT_OPTIONS, mistLoseTurnScope: 'player' as const };
    const r = recordMove(
      s,
      view(s),
      'ship-2',
      { forward: 0, turns: 0, heading: 'S', location: 'homeport', isObstructed: false },
      opts
    );
    expect(r.ok ? '' : r.error).toContain("the player's whole fleet");
    expect(
      must(
        recordMove(
          s,
          view(s),
          'ship-2',
          { forward: 0, turns: 0, heading: 'S', location: 'homeport', isObstructed: false },
          DEFAULT_OPTIONS
        )
      ).summary
    ).toContain('stays put');
  });

  it('a raid that hits moves a Repair Card to the raider’s Homeport; the Homeport counter repels', () => {
    const s = advancedGame({ raids: true });
    const at = {
      shipId: 'ship-1',
      target: 'S' as const,
      rules: RULES,
      side: null,
      isBroadside: true,
      distance: 2
    };
    const hit = must(raid(s, view(s), at, DEFAULT_OPTIONS, [6, 5, 2], [5, 4, 1]));
    const v = view(hit.next);
    expect(v.system.homeports.S.repairCards).toBe(3);
    expect(v.system.homeports.N.repairCards).toBe(5);
    expect(hit.summary).toContain('A Repair Card goes to the N Homeport.');
    expect(raid(s, view(s), { ...at, target: 'N' }, DEFAULT_OPTIONS, [6], [6]).ok).toBe(false);
    const back = must(homeportCounter(hit.next, v, RULES, [6, 5, 3], [6, 4, 1]));
    const raider = view(back.next).ships.find((x) => x.id === 'ship-1')?.sheet;
    expect(raider?.repelledFromHomeport).toBe('S');
    expect(raider?.prizeDisks).toBe(2);
    // Repelled: it cannot raid that Homeport again until it has engaged something else (even next turn).
    let later = endTurn(back.next, view(back.next), 1_000);
    // The sand ran out during Ben's turn: Anna rolls the Wind Die before hers (A.4.3).
    later = endTurn(later, view(later), 200_000);
    later = must(windRoll(later, view(later), 4, 200_000, DEFAULT_OPTIONS)).next;
    for (const id of ['ship-1', 'ship-2']) later = stay(later, id);
    const again = raid(later, view(later), at, DEFAULT_OPTIONS, [6, 6, 6], [1, 1, 1]);
    expect(again.ok ? '' : again.error).toContain('Repelled: it cannot return');
  });

  it('ram: only after an attack across the bow, one attempt, damage only after a six, on the attacker', () => {
    let s = advancedGame({ ramming: true });
    expect(ramAttempt(s, view(s), 6).ok).toBe(false);
    const across = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isMutualBroadside: false,
      rules: RULES
    };
    s = must(attack(s, view(s), across, DEFAULT_OPTIONS, [1, 1, 1], [6, 6, 6])).next;
    expect(view(s).system.turnActs?.ram).toEqual({
      attackerId: 'ship-1',
      rammerId: 'ship-3',
      stage: 'attempt'
    });
    expect(ramDamage(s, view(s), 5).ok).toBe(false);
    const miss = must(ramAttempt(s, view(s), 3));
    expect(miss.summary).toBe('Ben 1 tries to ram Anna 1: A 3: no ram.');
    expect(ramAttempt(miss.next, view(miss.next), 6).ok).toBe(false);
    s = must(ramAttempt(s, view(s), 6)).next;
    const two = must(ramDamage(s, view(s), 5));
    expect(two.disksLost).toBe(2);
    expect(view(two.next).ships.find((x) => x.id === 'ship-1')?.sheet.prizeDisks).toBe(0);
    expect(view(two.next).system.discardedPrizeDisks).toBe(2);
    expect(ramDamage(two.next, view(two.next), 5).ok).toBe(false);
    // Mutually broadside ships: the defender counter-attacks instead; no ram.
    let m = advancedGame({ ramming: true });
    m = must(
      attack(
        m,
        view(m),
        { ...across, isMutualBroadside: true },
        DEFAULT_OPTIONS,
        [1, 1, 1],
        [6, 6, 6]
      )
    ).next;
    expect(view(m).system.turnActs?.ram).toBeNull();
  });

  it('a Beginner movement roll sets that ship’s allowance, once per turn', () => {
    let s = twoPlayerGame('beginner');
    s = must(
      firstPlayer(s, view(s), [
        { playerId: 'Anna', face: 5 },
        { playerId: 'Ben', face: 2 }
      ])
    ).next;
    const next = must(movementRoll(s, view(s), 'ship-1', 4, DEFAULT_OPTIONS));
    expect(view(next).ships.find((x) => x.id === 'ship-1')?.sheet.movement.allowance).toBe(4);
    expect(movementRoll(next, view(next), 'ship-1', 6, DEFAULT_OPTIONS).ok).toBe(false);
    expect(movementRoll(s, view(s), 'ship-1', 7, DEFAULT_OPTIONS).ok).toBe(false);
    expect(movementRoll(s, view(s), 'ship-2', 3, DEFAULT_OPTIONS).ok).toBe(false);
    const basic = annasTurn();
    expect(movementRoll(basic, view(basic), 'ship-1', 3, DEFAULT_OPTIONS).ok).toBe(false);
  });
});
