import { describe, expect, it } from 'vitest';
import type { BattleState, EventDraft } from '$lib/engine/events';
import { applyEvent } from '$lib/battle/fold';
import type { DiceGroup, Meaning } from '$lib/engine/meaning';
import type { Move, MoveContext } from '$lib/battle/move';
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
  nextStep,
  purchase,
  reload,
  setCards,
  surrender,
  withdraw,
  type FireSetup
} from './moves';
import { DEFAULT_OPTIONS, type WwOptions } from './options';
import { sheetOf, systemOf } from './ships';

// What each Wooden Warships move says it did (issue 31), read from real moves over the EXAMPLE
// charts (invented numbers, not rules): the after-action report and the luck audit read only this.

function ctxOf(options: WwOptions = DEFAULT_OPTIONS): MoveContext<WwOptions> {
  let n = 0;
  return {
    options,
    storedOptions: {},
    variant: 'standard',
    now: 0,
    newId: () => `new-${++n}`
  };
}

function play<I>(move: Move<I, WwOptions>, state: BattleState, input: I): Result<EventDraft> {
  return move.run(state, input, ctxOf());
}

function step(state: BattleState, draft: Result<EventDraft>): BattleState {
  if (!draft.ok) throw new Error(draft.error);
  return applyEvent(state, draft.value);
}

function drafted(r: Result<EventDraft>): EventDraft {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function meaningOf(r: Result<EventDraft>): Meaning {
  const m = drafted(r).meaning;
  if (!m) throw new Error('the move stated no meaning');
  return m;
}

const entered = (faces: number[], sides: number): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ face, sides }))
});

/** Each die of the event's roll with the ship its meaning gives it to, in roll order. */
function ownersPerDie(groups: readonly DiceGroup[]): (string | null)[] {
  return groups.flatMap((g) => Array.from({ length: g.count }, () => g.ship));
}

function crewOf(state: BattleState, id: string): number {
  return sheetOf(state.ships[id])?.crew.current ?? -1;
}

/**
 * Nelson: Schooner "pickle", Veteran Man O' War "victory" (d8+1 boarders); Villeneuve: Novice
 * Schooner "fleche" (d6) with a loot card. Every step a real move.
 */
function fleets(): BattleState {
  let s: BattleState = {
    turn: 1,
    phase: 0,
    ships: {},
    system: woodenWarships.initialSystemState?.('standard', {}) as never
  };
  s = step(s, play(addPlayer, s, { name: 'Nelson' }));
  s = step(s, play(addPlayer, s, { name: 'Villeneuve' }));
  s = step(
    s,
    play(setCards, s, {
      captainCards: [],
      lootCards: [{ id: 'loot-1', name: 'Spanish silver', amount: 500 }],
      upgradeCards: []
    })
  );
  const buy = (
    id: string,
    player: string,
    type: 'BattleSchooner' | 'ManOWar',
    crewSkill: 'Novice' | 'Veteran',
    lootCardId: string | null = null
  ) =>
    play(purchase, s, { id, player, name: id, chart: exampleChart(type), crewSkill, lootCardId });
  s = step(s, buy('pickle', 'Nelson', 'BattleSchooner', 'Novice'));
  s = step(s, buy('victory', 'Nelson', 'ManOWar', 'Veteran'));
  s = step(s, buy('fleche', 'Villeneuve', 'BattleSchooner', 'Novice', 'loot-1'));
  return s;
}

const BROADSIDE: FireSetup = {
  firerId: 'victory',
  targetId: 'fleche',
  mode: 'fullBroadside',
  batteries: ['zone1', 'zone2'],
  distanceInches: 3,
  area: 'crew',
  isExposedSide: false,
  hasLineOfSight: true
};

/** Victory's full broadside of grape at Fleche's crew: 5 of 6 hit, 15d6 = 23, crew 25 → 2. */
function broadside(s: BattleState): { loaded: BattleState; draft: Result<EventDraft> } {
  const loads = { zone1: 'grape', zone2: 'grape' } as const;
  const loaded = step(s, play(reload, s, { shipId: 'victory', loads }));
  // EXAMPLE 65% for a Man O' War at a Schooner at 3″: 10…50 hit, 99 misses.
  const hits = entered([10, 20, 30, 40, 50, 99], 100);
  const damage = entered([...Array<number>(13).fill(1), 6, 4], 6);
  return { loaded, draft: play(fire, loaded, { ...BROADSIDE, hitRoll: hits, damageRoll: damage }) };
}

/** Next-step moves until the turn passes on, with every draft they made. */
function toNextTurn(s: BattleState): { state: BattleState; drafts: EventDraft[] } {
  const drafts: EventDraft[] = [];
  const turn = s.turn;
  let state = s;
  while (state.turn === turn && drafts.length < 50) {
    const r = play(nextStep, state, {});
    drafts.push(drafted(r));
    state = step(state, r);
  }
  return { state, drafts };
}

/** After the broadside and a new turn (no boarding in the turn her player fired, B.3.9): Victory's
 *  `party` boards the crippled Fleche. */
function boarded(party: number): { state: BattleState; draft: Result<EventDraft> } {
  const shot = broadside(fleets());
  const fired = step(shot.loaded, shot.draft);
  const next = toNextTurn(fired).state;
  // A boarding ship needs loaded guns (B.4.5 step 1, "Skip to Step 5"): a fresh load.
  const state = step(next, play(reload, next, { shipId: 'victory', loads: { zone3: 'grape' } }));
  const draft = play(board, state, {
    attackerId: 'victory',
    targetId: 'fleche',
    distanceInches: 1,
    isSideBySide: true,
    party
  });
  return { state: step(state, draft), draft };
}

describe('Wooden Warships moves say what they did (issue 31)', () => {
  it('a shot: the firer, the target, the hits it scored, every die the firer’s', () => {
    const { loaded, draft: r } = broadside(fleets());
    const d = drafted(r);
    const m = meaningOf(r);
    expect(d.summary).toContain('5 of 6 hit');
    expect(m).toMatchObject({ move: 'ww.fire', category: 'gunnery', actor: 'victory' });
    expect(m.target).toBe('fleche');
    expect(m.hits).toBe(5);
    expect(m.hits).toBe((d.roll?.outcome as { hits: number }).hits);
    // B.4.5 step 7: the percentiles hit UNDER the number, low good for the firer; the damage high.
    expect(m.dice).toEqual([
      // Its 100 face reads as 00 under the default reading (B.5 #1): the luck audit ranks by it.
      { count: 6, sides: 100, ship: 'victory', side: 'Nelson', isHighGood: false, zeroFace: 100 },
      { count: 15, sides: 6, ship: 'victory', side: 'Nelson', isHighGood: true }
    ]);
    expect(d.roll?.dice.dice.length).toBe(21);
    expect(crewOf(step(loaded, r), 'fleche')).toBe(2);
  });

  it('a shot that misses: only the percentiles, no hits; the wrong shot’s d4s are their own group', () => {
    let s = fleets();
    s = step(s, play(reload, s, { shipId: 'victory', loads: { zone1: 'grape', zone2: 'grape' } }));
    const miss = play(fire, s, {
      ...BROADSIDE,
      hitRoll: entered([99, 99, 99, 99, 99, 99], 100),
      damageRoll: null
    });
    expect(meaningOf(miss).hits).toBe(0);
    expect(meaningOf(miss).dice).toEqual([
      { count: 6, sides: 100, ship: 'victory', side: 'Nelson', isHighGood: false, zeroFace: 100 }
    ]);
    // Pickle: round shot at the crew rolls d4s (B.3.5), grape her d6; full dice, then the halves.
    s = step(s, play(reload, s, { shipId: 'pickle', loads: { zone1: 'round', zone2: 'grape' } }));
    const mixed = play(fire, s, {
      ...BROADSIDE,
      firerId: 'pickle',
      hitRoll: entered([10, 20], 100),
      damageRoll: {
        source: 'entered',
        dice: [4, 6, 3, 5].map((face, i) => ({ face, sides: i % 2 ? 6 : 4 }))
      }
    });
    expect(drafted(mixed).summary).toContain('2 of 2 hit, 1d4 + ½d4 + 1d6 + ½d6');
    expect(meaningOf(mixed).hits).toBe(2);
    expect(meaningOf(mixed).dice.map((g) => [g.count, g.sides, g.ship, g.isHighGood])).toEqual([
      [2, 100, 'pickle', false],
      [1, 4, 'pickle', true],
      [1, 6, 'pickle', true],
      [1, 4, 'pickle', true],
      [1, 6, 'pickle', true]
    ]);
  });

  it('a boarding begun names the boarder and the boarded, and rolls nothing', () => {
    const m = meaningOf(boarded(5).draft);
    expect(m).toEqual({
      move: 'ww.board',
      category: 'boarding',
      actor: 'victory',
      target: 'fleche',
      dice: []
    });
  });

  it('a boarding round: the opposed dice, each side’s to its own ship, high good for both', () => {
    const { state } = boarded(5);
    // 5 boarders v 2 defenders: 3 d8 (Veteran) then 2 d6 (Novice), B.3.3, B.3.4.
    const r = play(boardingRound, state, {
      attackerId: 'victory',
      roll: roundRoll([8, 1, 1], [6, 5])
    });
    const m = meaningOf(r);
    expect(m).toMatchObject({ category: 'boarding-round', actor: 'victory', target: 'fleche' });
    expect(m.dice).toEqual([
      { count: 3, sides: 8, ship: 'victory', side: 'Nelson', isHighGood: true },
      { count: 2, sides: 6, ship: 'fleche', side: 'Villeneuve', isHighGood: true }
    ]);
    // The owners agree with the roll record's own labels, die for die.
    const labels = drafted(r).roll?.dice.dice.map((d) => d.label ?? '') ?? [];
    expect(ownersPerDie(m.dice).map((ship, i) => labels[i].includes(`${ship}'s`))).toEqual([
      true,
      true,
      true,
      true,
      true
    ]);
    expect(drafted(r).summary).toContain('(4 v 1)');
  });

  it('rounds fought to the capture: each round’s dice to their ships, and the capture told', () => {
    const { state } = boarded(5);
    // Round 1: 9,2,2 v 6,5 → 4 v 1; round 2: 9,2,2 v 6 → the last defender falls.
    const roll = roundRoll([8, 1, 1], [6, 5], [8, 1, 1], [6]);
    const r = play(boardingRounds, state, { attackerId: 'victory', roll });
    const m = meaningOf(r);
    expect(drafted(r).summary).toContain('fleche is captured');
    expect(m).toMatchObject({ move: 'ww.boarding-rounds', category: 'capture' });
    expect(m).toMatchObject({ actor: 'victory', target: 'fleche' });
    expect(m.dice.map((g) => [g.count, g.sides, g.ship, g.side])).toEqual([
      [3, 8, 'victory', 'Nelson'],
      [2, 6, 'fleche', 'Villeneuve'],
      [3, 8, 'victory', 'Nelson'],
      [1, 6, 'fleche', 'Villeneuve']
    ]);
    expect(m.dice.every((g) => g.isHighGood)).toBe(true);

    // The prize looted by the ship whose boarders took her (B.4.8): no dice.
    const taken = step(state, r);
    const lootDraft = play(loot, taken, { prizeId: 'fleche', choice: 'lootAmount' });
    expect(meaningOf(lootDraft)).toEqual({
      move: 'ww.loot',
      category: 'loot',
      actor: 'victory',
      target: 'fleche',
      dice: []
    });
    expect(systemOf(step(taken, lootDraft)).players.Nelson.funds).toBeGreaterThan(
      systemOf(taken).players.Nelson.funds
    );
  });

  it('a boarding ended: repelled, withdrawn, or the ship surrendered as a prize', () => {
    // One boarder (d8+1) against two defenders: 2 v 6, the boarding is over without a capture.
    const lone = boarded(1).state;
    const repelled = play(boardingRound, lone, {
      attackerId: 'victory',
      roll: roundRoll([1], [6, 5])
    });
    expect(drafted(repelled).summary).toContain('the boarders are repelled');
    expect(meaningOf(repelled)).toMatchObject({ category: 'boarding-end', actor: 'victory' });
    expect(ownersPerDie(meaningOf(repelled).dice)).toEqual(['victory', 'fleche', 'fleche']);

    const { state } = boarded(5);
    expect(meaningOf(play(withdraw, state, { attackerId: 'victory' }))).toEqual({
      move: 'ww.withdraw',
      category: 'boarding-end',
      actor: 'victory',
      target: 'fleche',
      dice: []
    });
    expect(meaningOf(play(surrender, state, { attackerId: 'victory' }))).toEqual({
      move: 'ww.surrender',
      category: 'capture',
      actor: 'victory',
      target: 'fleche',
      dice: []
    });
  });

  it('an island collision: the ship rolls ram damage into her own hull, high bad for her', () => {
    const r = play(islandCollision, fleets(), { shipId: 'victory', roll: entered([6, 5, 4], 6) });
    expect(drafted(r).summary).toContain('= 15 to her own hull');
    expect(meaningOf(r)).toEqual({
      move: 'ww.island',
      category: 'collision',
      actor: 'victory',
      target: null,
      dice: [{ count: 3, sides: 6, ship: 'victory', side: 'Nelson', isHighGood: false }]
    });
  });

  it('the next step passes the turn on: no ship acts, nothing is rolled', () => {
    const { state, drafts } = toNextTurn(fleets());
    expect(state.turn).toBe(2);
    expect(drafts.length).toBeGreaterThan(1);
    expect(drafts.map((d) => d.kind)).toContain('turn.advance');
    for (const d of drafts) {
      expect(d.meaning).toEqual({
        move: 'ww.next-step',
        category: 'turn',
        actor: null,
        target: null,
        dice: []
      });
    }
  });
});

/** A boarding roll as the panel records it: round after round, the d8 boarders then d6 defenders. */
function roundRoll(...faces: number[][]): DiceRoll {
  return {
    source: 'entered',
    dice: faces.flatMap((round, i) => round.map((face) => ({ face, sides: i % 2 ? 6 : 8 })))
  };
}
