import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { advanceMove } from '../../battle/advance';
import { privateers } from '.';
import {
  cannonFire,
  giveOrders,
  moveShip,
  reload,
  rollInitiative,
  saveCrew,
  withSheets,
  type FireSetup
} from './moves';
import {
  ctxOf,
  exampleFrigate,
  FIGHTING_SAIL,
  mediumGuns,
  must,
  play,
  roll,
  sheet,
  twoShips
} from './moves.fixture';
import { NO_ASSIGNMENTS, type Sheet } from './sheet';
import { turnStatus } from './turn';

// The Privateers turn (SPEC C.1 "Turn Sequence 1. Place Maneuver & Sail Settings Cards 2. Mark Crew
// Assignments 3. Dice For Initiative & Reload 4. Movement & Firing 5. Grappling & Boarding Actions
// 6. Morale & Sinkings") walked phase by phase with two ships of two sides.

const FRIGATE = exampleFrigate({
  crew: 60,
  boats: 0,
  guns: [mediumGuns('starboard', 2), mediumGuns('larboard', 2)]
});

const CTX = { options: {}, variant: 'standard', now: 0 };
const status = (s: BattleState) => turnStatus(s, CTX);
const needs = (s: BattleState) =>
  Object.fromEntries(status(s).toAct.map((t) => [t.name, t.needs.map((n) => n.id)]));

/** Surprise (GB) and Hermione (ES), Fighting Sail, running before a north wind (heading 180°). */
const battle = (phase = 0): BattleState =>
  twoShips(FRIGATE, { phase, both: { ...FIGHTING_SAIL, headingDeg: 180 } });

const edit = (s: BattleState, id: string, patch: Partial<Sheet>): BattleState =>
  withSheets(s, { [id]: { ...sheet(s, id), ...patch } });

describe('the Privateers turn model (C.1)', () => {
  it('names the six phases of C.1 and the wind', () => {
    const t = status(battle(3));
    expect(t.step).toEqual({
      index: 3,
      count: 6,
      id: 'movementFiring',
      label: 'Movement & Firing'
    });
    expect(privateers.phases).toHaveLength(6);
    expect(t.wind).toBe('Wind from 0°');
    expect(privateers.turnStatus === turnStatus).toBe(true);
  });

  it('Phase 1: every ship still to give orders, then none; advancing early names who is left', () => {
    const s0 = battle(0);
    expect(needs(s0)).toEqual({ Surprise: ['orders'], Hermione: ['orders'] });
    const s1 = must(play(giveOrders, s0, { shipId: 'a', sail: 1, maneuver: 'straight' })).next;
    expect(needs(s1)).toEqual({ Hermione: ['orders'] });
    expect(status(s1).leftUndone).toEqual(['Give orders: Hermione']);
    const s2 = must(play(giveOrders, s1, { shipId: 'b', sail: 1, maneuver: 'straight' })).next;
    expect(status(s2).leftUndone).toEqual([]);
  });

  it('Phase 2: crew assignments are marked once a turn by each ship', () => {
    const s0 = battle(1);
    expect(needs(s0)).toEqual({ Surprise: ['crew'], Hermione: ['crew'] });
    const a = { ...NO_ASSIGNMENTS, sailing: 4 };
    const s1 = must(play(saveCrew, s0, { shipId: 'a', assignments: a })).next;
    expect(needs(s1)).toEqual({ Hermione: ['crew'] });
  });

  it('Phase 3: initiative is pending; one reload roll per vessel a turn (C.4.5)', () => {
    const fired = edit(battle(2), 'a', {
      guns: sheet(battle(), 'a').guns.map((g) => ({ ...g, loaded: false }))
    });
    expect(status(fired).pending.map((p) => p.id)).toEqual(['initiative']);
    expect(needs(fired)).toEqual({ Surprise: ['reload'] });
    // 4 + 0 = 4: nothing loads (7+ needed). The panel must not offer, and the move must refuse,
    // a second roll this turn (issue 14 #1: 4 + 2 then 5 + 2 were both accepted).
    const first = must(play(reload, fired, { shipId: 'a', dice: roll([4]) }));
    expect(first.summary).toBe('Surprise reloads (4 → 4): 0 of 4 guns loaded');
    expect(needs(first.next)).toEqual({});
    const second = play(reload, first.next, { shipId: 'a', dice: roll([12]) });
    expect(second.ok ? '' : second.error).toContain(
      'Surprise has already rolled to reload this turn: one roll per vessel a turn'
    );
    // Next turn it rolls again.
    expect(play(reload, { ...first.next, turn: 2 }, { shipId: 'a', dice: roll([7]) }).ok).toBe(
      true
    );
    const rolled = must(
      play(rollInitiative, first.next, { shipIds: ['a', 'b'], rolls: [roll([3, 9])] })
    ).next;
    expect(status(rolled).pending).toEqual([]);
    const again = play(rollInitiative, rolled, { shipIds: ['a', 'b'], rolls: [roll([9, 3])] });
    expect(again.ok).toBe(false);
  });

  it('Phase 4: the ship whose move it is follows the initiative order; one move each', () => {
    const s3 = must(
      play(rollInitiative, battle(2), { shipIds: ['a', 'b'], rolls: [roll([3, 9])] })
    ).next;
    const s4 = { ...s3, phase: 3 };
    expect(status(s4).active).toEqual({ kind: 'player', id: 'b', name: 'Hermione' });
    expect(needs(s4)).toEqual({ Surprise: ['move', 'fire'], Hermione: ['move', 'fire'] });
    const moved = must(play(moveShip, s4, { shipId: 'b', headingAfter: 180 })).next;
    expect(status(moved).active?.name).toBe('Surprise');
    const twice = play(moveShip, moved, { shipId: 'b', headingAfter: 180 });
    expect(twice.ok ? '' : twice.error).toBe(
      'Hermione has already moved this turn (undo to move again).'
    );
  });

  it('Phase 4: a fire under way is pending and blocks the next fire until its damage is rolled', () => {
    const setup: FireSetup = {
      firerId: 'a',
      targetId: 'b',
      gunIds: ['starboard-medium-1', 'starboard-medium-2'],
      range: 10,
      aim: 'low',
      rake: 'none',
      facingSide: 'larboard',
      gunnerSightsId: null,
      isLandBased: false
    };
    const s = must(play(cannonFire, battle(3), { setup, dice: roll([1, 2]) })).next;
    const p = status(s).pending[0];
    expect(p).toMatchObject({ id: 'fireInProgress', isBlocking: true });
    expect(p.label).toBe("Surprise's fire at Hermione: damage dice still to roll");
    const other = play(cannonFire, s, {
      setup: { ...setup, gunIds: ['larboard-medium-1'] },
      dice: roll([1])
    });
    expect(other.ok ? '' : other.error).toContain('Finish Surprise');
    expect(needs(s).Surprise).toEqual(['move']);
    // Issue 32 #7: what blocks is not skipped: Next is refused in the turn model's words.
    const next = advanceMove(privateers).run(s, {}, ctxOf());
    expect(next.ok ? '' : next.error).toBe(
      "First: Surprise's fire at Hermione: damage dice still to roll."
    );
  });

  it('Phase 5: a boarding action under way is a round to fight', () => {
    const s = {
      ...battle(4),
      system: {
        windFromDeg: 0,
        initiativeOrder: [],
        boardings: [{ attackerId: 'a', defenderId: 'b', startedTurn: 1, rounds: 1 }]
      }
    };
    expect(status(s).pending.map((p) => p.label)).toEqual([
      'Boarding round to fight: Surprise v Hermione'
    ]);
  });

  it('Phase 6: a sinking ship is offered neither pumps nor morale; a struck ship no morale', () => {
    const wrecked = edit(battle(5), 'b', {
      hull: { points: 30, damage: 32 },
      sinking: true,
      waterline: true,
      turnEvents: {
        commanderHit: true,
        wasOnFire: false,
        sternRakeTaken: false,
        boardingLost: false
      }
    });
    expect(needs(wrecked)).toEqual({});
    const hurt = edit(battle(5), 'b', {
      waterline: true,
      turnEvents: {
        commanderHit: true,
        wasOnFire: false,
        sternRakeTaken: false,
        boardingLost: false
      }
    });
    expect(needs(hurt)).toEqual({ Hermione: ['pumping', 'morale'] });
  });

  it('the battle ends when no ship of the other side is still fighting (the text is silent: the default reading)', () => {
    const s = edit(battle(3), 'b', { struck: true });
    expect(status(s).ending).toEqual({
      text: 'GB wins: no ship of the other side is still fighting',
      winner: { kind: 'side', id: 'GB', name: 'GB' }
    });
    const after = play(moveShip, s, { shipId: 'a', headingAfter: 180 });
    expect(after.ok ? '' : after.error).toContain('The battle is over');
    expect(status(battle(3)).ending).toBeNull();
  });

  it('a move refuses outside its phase, and nothing is done by or to a ship out of the fight', () => {
    const s = battle(0);
    const r = reload.run(
      s,
      { shipId: 'a', dice: roll([7]) },
      {
        options: privateers.readOptions?.({}, 'standard') as never,
        storedOptions: {},
        variant: 'standard',
        now: 0,
        newId: () => 'x'
      }
    );
    expect(r.ok ? '' : r.error).toBe('Reload: Phase 3, Dice For Initiative & Reload, only.');
    const three = {
      ...battle(0),
      ships: {
        ...battle(0).ships,
        c: {
          ...battle(0).ships.b,
          id: 'c',
          order: 2,
          sheet: { ...sheet(battle(), 'b'), name: 'Lively', sunk: true }
        }
      }
    };
    const sunk = play(giveOrders, three, { shipId: 'c', sail: 1, maneuver: 'straight' });
    expect(sunk.ok ? '' : sunk.error).toBe('Lively has sunk. Nothing more is done by or to her.');
    expect(needs(three)).toEqual({ Surprise: ['orders'], Hermione: ['orders'] });
  });
});
