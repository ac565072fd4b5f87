import { describe, expect, it } from 'vitest';
import type { BattleState, EventDraft } from '$lib/engine/events';
import { applyEvent } from '$lib/battle/fold';
import type { Move, MoveContext } from '$lib/battle/move';
import { withSheets } from '$lib/battle/sheets';
import type { DiceRoll } from '$lib/engine/dice';
import type { Result } from '$lib/engine/result';
import { exampleChart } from './example-charts';
import { woodenWarships } from './index';
import {
  addPlayer,
  board,
  boardingRound,
  boardingRounds,
  fire,
  islandCollision,
  loot,
  MOVES,
  moveShip,
  nextStep,
  purchase,
  reload,
  setCards,
  setSail,
  upgrade
} from './moves';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import { sheetOf } from './ships';
import type { Sheet } from './sheet';
import { turnStatus } from './turn';
import { LEGACY_IDS } from './legacy-ids';

// The turn sequence of SPEC B.4.2 and B.5 #17 walked through the moves and the turn model.

function ctxOf(options: WwOptions): MoveContext<WwOptions> {
  return { options, storedOptions: {}, variant: 'standard', now: 0, newId: () => 'new' };
}

function play<I>(
  state: BattleState,
  move: Move<I, WwOptions>,
  input: I,
  options: WwOptions = DEFAULT_OPTIONS
): BattleState {
  const r: Result<EventDraft> = move.run(state, input, ctxOf(options));
  if (!r.ok) throw new Error(r.error);
  return applyEvent(state, r.value);
}

function refusal<I>(
  state: BattleState,
  move: Move<I, WwOptions>,
  input: I,
  options: WwOptions = DEFAULT_OPTIONS
): string {
  const r = move.run(state, input, ctxOf(options));
  return r.ok ? '' : r.error;
}

const status = (s: BattleState, stored: Record<string, string | number | boolean> = {}) =>
  turnStatus(s, { options: stored, variant: 'standard', now: 0 });

const next = (s: BattleState, options: WwOptions = DEFAULT_OPTIONS) =>
  play(s, nextStep, {}, options);

function sheet(s: BattleState, id: string): Sheet {
  const x = sheetOf(s.ships[id]);
  if (!x) throw new Error(id);
  return x;
}

const entered = (faces: number[], sides: number): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ face, sides }))
});

/** Nelson: Victory (Man O' War); Villeneuve: Fleche (Schooner, a loot card aboard). */
function fleets(): BattleState {
  let s: BattleState = {
    turn: 1,
    phase: 0,
    ships: {},
    system: woodenWarships.initialSystemState?.('standard', {}) as never
  };
  s = play(s, addPlayer, { name: 'Nelson' });
  s = play(s, addPlayer, { name: 'Villeneuve' });
  s = play(s, setCards, {
    captainCards: [],
    lootCards: [{ id: 'loot-1', name: 'Spanish silver', amount: 500 }],
    upgradeCards: []
  });
  const buy = (id: string, player: string, type: 'BattleSchooner' | 'ManOWar', lootId?: string) =>
    play(s, purchase, {
      id,
      player,
      name: id,
      chart: exampleChart(type),
      crewSkill: 'Novice',
      lootCardId: lootId ?? null
    });
  s = buy('victory', 'Nelson', 'ManOWar');
  s = buy('fleche', 'Villeneuve', 'BattleSchooner', 'loot-1');
  return s;
}

describe('the turn (SPEC B.4.2, B.5 #17)', () => {
  it('turn 1 runs only the maintenance steps, player by player; then turn 2 opens on Movement', () => {
    let s = fleets();
    const t = status(s);
    expect([t.turn, t.step.label, t.active?.name]).toEqual([
      1,
      'Step 2: Maintenance Part 1',
      'Nelson'
    ]);
    expect(t.step).toMatchObject({ index: 0, count: 2 });
    // Nelson's ship still has to set her sail; Villeneuve's is not asked in Nelson's turn.
    expect(t.toAct.map((a) => [a.name, a.needs.map((n) => n.id)])).toEqual([['victory', ['sail']]]);
    expect(t.leftUndone).toEqual(['Set the sail for next turn: victory']);
    s = play(s, setSail, { shipId: 'victory', setting: 'battle' });
    expect(status(s).toAct).toEqual([]);
    s = next(s);
    expect([status(s).step.label, status(s).active?.name]).toEqual([
      'Step 5: Maintenance Part 2',
      'Nelson'
    ]);
    expect(status(s).toAct[0].needs.map((n) => n.id)).toEqual(['reload']);
    s = next(s);
    expect([status(s).turn, status(s).step.label, status(s).active?.name]).toEqual([
      1,
      'Step 2: Maintenance Part 1',
      'Villeneuve'
    ]);
    expect(status(s).toAct.map((a) => a.name)).toEqual(['fleche']);
    s = next(s);
    s = next(s);
    const t2 = status(s);
    expect([t2.turn, t2.step.label, t2.active?.name, t2.step.count]).toEqual([
      2,
      'Step 1: Movement',
      'Nelson',
      5
    ]);
  });

  it('steps taken together: every player does each step before the next (option)', () => {
    const options: WwOptions = { ...DEFAULT_OPTIONS, turnStructure: 'simultaneousSteps' };
    const stored = { turnStructure: 'simultaneousSteps' };
    let s = fleets();
    expect(status(s, stored).active).toBeNull();
    expect(status(s, stored).toAct.map((a) => a.name)).toEqual(['victory', 'fleche']);
    s = next(s, options);
    s = next(s, options);
    expect([status(s, stored).turn, status(s, stored).step.id]).toEqual([2, 'movement']);
  });

  it('a new turn clears what the ships did: fired, attacked, moved', () => {
    let s = fleets();
    s = play(s, reload, { shipId: 'victory', loads: { zone1: 'round', zone2: 'round' } });
    s = withSheets(s, { victory: { ...sheet(s, 'victory'), firedThisTurn: ['zone1'] } });
    for (let i = 0; i < 4; i++) s = next(s);
    expect(s.turn).toBe(2);
    expect(sheet(s, 'victory').firedThisTurn).toEqual([]);
  });

  it('a ship moves once per step; moved ships leave the list of ships to act', () => {
    let s = fleets();
    s = play(s, setSail, { shipId: 'victory', setting: 'battle' });
    for (let i = 0; i < 4; i++) s = next(s);
    expect(status(s).toAct.map((a) => a.needs[0].id)).toEqual(['move']);
    s = play(s, moveShip, { shipId: 'victory', wind: 'free' });
    expect(status(s).toAct).toEqual([]);
    // Issue 15 #5: the second move in the same step was accepted.
    expect(refusal(s, moveShip, { shipId: 'victory', wind: 'free' })).toContain(
      'already moved this turn'
    );
    // The next turn she moves again.
    for (let i = 0; i < 10; i++) s = next(s);
    expect(s.turn).toBe(3);
    expect(refusal(s, moveShip, { shipId: 'victory', wind: 'free' })).toBe('');
  });

  it('raising the anchor is not moving: the upgrade is offered without a tick (issue 15 #4)', () => {
    let s = fleets();
    s = play(s, setCards, {
      captainCards: [],
      lootCards: [{ id: 'loot-1', name: 'Spanish silver', amount: 500 }],
      upgradeCards: [
        {
          id: 'u-1',
          name: 'Copper sheathing',
          cost: 100,
          text: '',
          effect: {
            hull: 10,
            rigging: 0,
            crew: 0,
            speedFull: 0,
            speedBattle: 0,
            speedTrim: 0,
            percent: 0
          }
        }
      ]
    });
    s = withSheets(s, {
      victory: {
        ...sheet(s, 'victory'),
        speedSetting: 'anchor',
        upgradeCards: [
          {
            id: 'u-1',
            name: 'Copper sheathing',
            cost: 100,
            text: '',
            effect: {
              hull: 10,
              rigging: 0,
              crew: 0,
              speedFull: 0,
              speedBattle: 0,
              speedTrim: 0,
              percent: 0
            }
          }
        ]
      }
    });
    s = play(s, setSail, { shipId: 'victory', setting: 'battle' });
    expect(sheet(s, 'victory').isRaisingAnchor).toBe(true);
    for (let i = 0; i < 4; i++) s = next(s);
    s = play(s, moveShip, { shipId: 'victory', wind: 'free' });
    expect(sheet(s, 'victory').moveThisTurn).toBe('still');
    s = next(s);
    expect(status(s).step.id).toBe('maintenance1');
    // No "not moving" answer given: the move said she did not move.
    s = play(s, upgrade, { shipId: 'victory', cardId: 'u-1' });
    expect(sheet(s, 'victory').appliedUpgrades.map((c) => c.name)).toEqual(['Copper sheathing']);
  });

  it('loot once per prize, by the ship that boarded; then the winner is logged (B.4.8, B.4.9)', () => {
    let s = fleets();
    s = play(s, reload, { shipId: 'victory', loads: { zone3: 'grape' } });
    s = withSheets(s, {
      fleche: { ...sheet(s, 'fleche'), crew: { original: 25, current: 1 } }
    });
    for (let i = 0; i < 4; i++) s = next(s);
    for (let i = 0; i < 3; i++) s = next(s);
    expect(status(s).step.id).toBe('boarding');
    s = play(s, board, {
      attackerId: 'victory',
      targetId: 'fleche',
      distanceInches: 0.5,
      isSideBySide: true,
      party: 2
    });
    expect(status(s).pending.map((p) => p.id)).toEqual(['boarding-victory']);
    const r = boardingRound.run(
      s,
      { attackerId: 'victory', roll: entered([6, 6, 1], 6) },
      ctxOf(DEFAULT_OPTIONS)
    );
    expect(r.ok && r.value.summary).toContain('Nelson wins: the only ships afloat');
    s = play(s, boardingRound, { attackerId: 'victory', roll: entered([6, 6, 1], 6) });
    expect(sheet(s, 'fleche').capturedBy).toBe('victory');
    const t = status(s);
    expect(t.ending).toEqual({
      text: 'Nelson wins: the only ships afloat',
      winner: { kind: 'player', id: 'Nelson', name: 'Nelson' }
    });
    // The battle is decided: nothing more is fired.
    expect(
      refusal(s, fire, {
        firerId: 'victory',
        targetId: 'fleche',
        mode: 'fullBroadside',
        batteries: ['zone3', 'zone4'],
        distanceInches: 1,
        area: 'hull',
        isExposedSide: false,
        hasLineOfSight: true,
        hitRoll: entered([1], 100),
        damageRoll: null
      })
    ).toContain('The battle is over');
    // Issue 31: the guard is data on each move of the fight, as the other systems declare theirs;
    // setting sail, reloading and the set-up stay open.
    const guarded = (m: Move<never, WwOptions>) => m.guards.some((g) => g.id === 'battle-over');
    expect(
      [board, boardingRound, boardingRounds, fire, moveShip, islandCollision].map(guarded)
    ).toEqual([true, true, true, true, true, true]);
    expect([setSail, reload, upgrade, loot, nextStep].map(guarded)).toEqual([
      false,
      false,
      false,
      false,
      false
    ]);
    s = play(s, loot, { prizeId: 'fleche', choice: 'lootAmount' });
    // Issue 15 #2: after "Take £…" the cards were still offered and accepted.
    expect(refusal(s, loot, { prizeId: 'fleche', choice: 'upgradeCards' })).toContain(
      'looted by victory already'
    );
    expect(refusal(s, loot, { prizeId: 'fleche', choice: 'lootAmount' })).toContain(
      'either the money or the cards, once'
    );
  });

  it('a player with nothing afloat is skipped: the turn passes to the next player still afloat', () => {
    let s = fleets();
    s = withSheets(s, { fleche: { ...sheet(s, 'fleche'), status: 'sunk' } });
    s = next(s);
    s = next(s);
    // Villeneuve has no ship afloat: the next turn begins, Nelson to play.
    expect([status(s).turn, status(s).active?.name]).toEqual([2, 'Nelson']);
  });
});

describe("issue 32 #5: a ship acts only in her player's turn (B.5 #17, player turns)", () => {
  it("in Nelson's steps Villeneuve's ship is refused: set sail, reload, move, fire, island, board", () => {
    let s = fleets();
    const refusedIn = (who: string) =>
      `It is ${who}'s turn: fleche is Villeneuve's ship and acts in Villeneuve's turn`;
    // Turn 1, Nelson's Step 2 and Step 5.
    expect(status(s).active?.name).toBe('Nelson');
    expect(refusal(s, setSail, { shipId: 'fleche', setting: 'battle' })).toContain(
      refusedIn('Nelson')
    );
    s = play(s, setSail, { shipId: 'victory', setting: 'battle' });
    s = next(s);
    expect(refusal(s, reload, { shipId: 'fleche', loads: { zone1: 'round' } })).toContain(
      refusedIn('Nelson')
    );
    s = play(s, reload, { shipId: 'victory', loads: { zone3: 'round' } });
    // Villeneuve's Step 2 and Step 5: his ship acts, Nelson's is refused in turn.
    s = next(s);
    expect(status(s).active?.name).toBe('Villeneuve');
    s = play(s, setSail, { shipId: 'fleche', setting: 'battle' });
    expect(refusal(s, setSail, { shipId: 'victory', setting: 'full' })).toContain(
      "It is Villeneuve's turn: victory is Nelson's ship and acts in Nelson's turn"
    );
    s = next(s);
    s = play(s, reload, { shipId: 'fleche', loads: { zone1: 'round' } });
    // Turn 2, Nelson's Step 1: Fleche neither moves nor runs aground in it.
    s = next(s);
    expect([status(s).turn, status(s).step.id, status(s).active?.name]).toEqual([
      2,
      'movement',
      'Nelson'
    ]);
    expect(refusal(s, moveShip, { shipId: 'fleche', wind: 'free' })).toContain(refusedIn('Nelson'));
    expect(refusal(s, islandCollision, { shipId: 'fleche', roll: entered([1], 4) })).toContain(
      refusedIn('Nelson')
    );
    s = play(s, moveShip, { shipId: 'victory', wind: 'free' });
    // Nelson's Step 3: only his ships fire.
    s = next(s);
    s = next(s);
    expect(status(s).step.id).toBe('attack');
    const shot = {
      firerId: 'fleche',
      targetId: 'victory',
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      distanceInches: 3,
      area: 'hull',
      isExposedSide: false,
      hasLineOfSight: true,
      hitRoll: entered([99, 99], 100),
      damageRoll: null
    } as const;
    expect(refusal(s, fire, { ...shot, batteries: [...shot.batteries] })).toContain(
      refusedIn('Nelson')
    );
    s = next(s);
    expect(
      refusal(s, board, {
        attackerId: 'fleche',
        targetId: 'victory',
        distanceInches: 0.5,
        isSideBySide: true,
        party: 1
      })
    ).toContain(refusedIn('Nelson'));
    // With every player in each step (the option), nothing is refused for whose turn it is.
    const together: WwOptions = { ...DEFAULT_OPTIONS, turnStructure: 'simultaneousSteps' };
    expect(refusal(fleets(), setSail, { shipId: 'fleche', setting: 'battle' }, together)).toBe('');
  });
});

describe('the move registry', () => {
  it('every move has a stable id of its own, and every legacy id maps onto one', async () => {
    const ids = MOVES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^ww\.[a-z][a-z0-9-]*$/);
    for (const to of Object.values(LEGACY_IDS)) expect(ids).toContain(to);
    expect(woodenWarships.legacyIds?.['ww.boardingRounds']).toBe('ww.boarding-rounds');
    expect(woodenWarships.legacyIds?.['Wooden Warships attack (SPEC B.4.5, B.4.6)']).toBe(
      'ww.fire'
    );
    expect(await woodenWarships.loadMoves()).toBe(MOVES);
    expect(woodenWarships.nextStep?.id).toBe('ww.next-step');
    expect(woodenWarships.turnStatus === turnStatus).toBe(true);
  });
});
