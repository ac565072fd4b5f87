import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, type BattleState, type Json } from '../../engine/events';
import { advanceMove } from '../../battle/advance';
import { masterAndCommander } from '.';
import { attackMove, cardsMove, diskSupply, readBattle, windMove } from './moves';
import { drawCard, setCardLibrary } from './resolve-cards';
import {
  ctxOf,
  firstPlayer,
  must,
  play,
  recordMove,
  setupFleets,
  stormRoll,
  typed,
  windRoll,
  movementRoll
} from './moves.testkit';
import { DEFAULT_OPTIONS } from './options';
import type { Sheet } from './sheet';
import { nextStep, turnStatus } from './turn';

// The turn sequence of SPEC A.4.15 (A.4.2 first player, A.4.3 wind and hourglass, A.4.4 movement,
// A.4.5–A.4.8 engagements, A.4.9 repairs, then "turn passes to the left"), walked through the turn
// model and the one Next move, for the Beginner, Basic and Advanced games; and the table defects of
// issue 16 it settles.

const PLAYERS = [
  { id: 'Anna', name: 'Anna', homeport: 'N' as const },
  { id: 'Ben', name: 'Ben', homeport: 'S' as const },
  { id: 'Cleo', name: 'Cleo', homeport: 'E' as const }
];

function start(
  variant: 'beginner' | 'basic' | 'advanced',
  players = PLAYERS.slice(0, 2),
  modules = {}
): BattleState {
  const system = masterAndCommander.initialSystemState?.(variant, {}) ?? null;
  let n = 0;
  let s = setupFleets({ ...INITIAL_STATE, system: system as Json }, null, {
    players,
    modules,
    newId: () => `ship-${++n}`
  });
  s = must(
    firstPlayer(
      s,
      null,
      players.map((p, i) => ({ playerId: p.id, face: i === 0 ? 6 : 1 }))
    )
  ).next;
  return s;
}

const status = (s: BattleState, now = 0) => turnStatus(s, { options: {}, variant: '', now });

function next(s: BattleState, now = 0) {
  return play(nextStep, s, {}, ctxOf(DEFAULT_OPTIONS, now));
}

function stay(s: BattleState, id: string): BattleState {
  const sheet = readBattle(s)?.ships.find((x) => x.id === id)?.sheet;
  if (!sheet) throw new Error(id);
  return must(
    recordMove(s, null, id, {
      forward: 0,
      turns: 0,
      heading: sheet.heading,
      location: sheet.location,
      isObstructed: false
    })
  ).next;
}

function withSheet(s: BattleState, id: string, change: Partial<Sheet>): BattleState {
  const ship = s.ships[id];
  return {
    ...s,
    ships: {
      ...s.ships,
      [id]: { ...ship, sheet: { ...(ship.sheet as object), ...change } }
    }
  };
}

describe('the turn sequence (SPEC A.4.15)', () => {
  it('Basic: Wind (roll required), Movement, Engagements, Repairs, then the turn passes to the left', () => {
    let s = start('basic');
    let t = status(s);
    expect(t.active).toMatchObject({ kind: 'player', name: 'Anna' });
    expect(t.active?.color).toMatch(/^#/);
    expect(t.step).toMatchObject({ index: 0, count: 4, id: 'wind', label: 'Wind' });
    expect(t.pending[0]).toMatchObject({ id: 'wind', isBlocking: true });
    // A required roll blocks the phase (issue 16 #3).
    expect(next(s).ok ? '' : (next(s) as { error: string }).error).toContain(
      'Anna rolls the Wind Die'
    );
    s = must(windRoll(s, null, 4, 0)).next;
    t = status(s, 1000);
    expect(t.wind).toBe('Wind W');
    expect(t.clock).toEqual({
      label: 'Hourglass',
      endsAt: 180_000,
      remainingMs: null,
      durationMs: 180_000
    });
    // Nothing is left in the Wind phase once the die is in: moving is the next phase's work.
    expect(t.leftUndone).toEqual([]);
    s = must(next(s)).next;
    t = status(s);
    expect(t.step.label).toBe('Movement');
    expect(t.toAct.map((x) => x.name)).toEqual(['Anna 1', 'Anna 2']);
    expect(t.leftUndone).toEqual(['Move (staying put counts): Anna 1, Anna 2']);
    s = stay(stay(s, 'ship-1'), 'ship-2');
    expect(status(s).toAct).toEqual([]);
    s = must(next(s)).next;
    expect(status(s).step.label).toBe('Engagements');
    s = must(next(s)).next;
    expect(status(s).step.label).toBe('Repairs and end of turn');
    const end = must(next(s, 5000));
    expect(end.draft.kind).toBe('mc.end-turn');
    expect(end.summary).toBe("Anna ends the turn; Ben's turn (turn 2)");
    t = status(end.next, 5000);
    expect(t.active?.name).toBe('Ben');
    expect(t.turn).toBe(2);
    expect(t.step.label).toBe('Wind');
    // The sand has not run out: Ben does not roll, the wind holds.
    expect(t.pending).toEqual([]);
  });

  it('Beginner: no Wind phase (issue 16 #9); each ship rolls for movement; three steps', () => {
    let s = start('beginner');
    let t = status(s);
    expect(s.phase).toBe(1);
    expect(t.step).toMatchObject({ index: 0, count: 3, label: 'Movement' });
    expect(t.wind).toBeNull();
    expect(t.clock).toBeNull();
    expect(t.toAct[0].needs[0].id).toBe('movement-roll');
    expect(play(windMove, s, { roll: typed([1]) }).ok).toBe(false);
    s = must(movementRoll(s, null, 'ship-1', 3));
    expect(status(s).toAct[0].needs[0].id).toBe('move');
    s = must(next(s)).next;
    expect(status(s).step.label).toBe('Engagements');
    s = must(next(s)).next;
    expect(status(s).step.label).toBe('End of turn');
    s = must(next(s)).next;
    t = status(s);
    expect(t.active?.name).toBe('Ben');
    expect(s.phase).toBe(1);
  });

  it('Advanced: in a storm the storm roll is required before the phase ends', () => {
    let s = start('advanced', PLAYERS.slice(0, 2), { cards: true });
    s = must(windRoll(s, null, 5, 0)).next;
    expect(status(s).wind).toBe('Storm');
    expect(status(s).pending[0]).toMatchObject({ id: 'storm', isBlocking: true });
    expect(next(s).ok).toBe(false);
    s = must(stormRoll(s, null, 4));
    expect(status(s).wind).toBe('Storm, roll 4');
    expect(next(s).ok).toBe(true);
  });

  it("the page's Next is the system's own move: one way to end a turn (issue 16 #2)", async () => {
    expect(advanceMove(masterAndCommander).id).toBe(masterAndCommander.nextStep?.id);
    expect(await masterAndCommander.loadMoves()).toContain(masterAndCommander.nextStep);
  });
});

describe('issue 32 at the table', () => {
  it('#6 a ship losing its turn in the Mist is not asked to move: not to act, not in Next', () => {
    let s = start('advanced', PLAYERS.slice(0, 2), { mist: true });
    s = must(windRoll(s, null, 4, 0)).next;
    s = must(next(s)).next;
    // Anna 1 sails into the Mist; Anna 2 stays put; Ben's turn passes.
    s = must(
      recordMove(s, null, 'ship-1', {
        forward: 3,
        turns: 0,
        heading: 'S',
        location: 'mist',
        isObstructed: false
      })
    ).next;
    s = stay(s, 'ship-2');
    for (let i = 0; i < 3; i++) s = must(next(s, 1_000)).next;
    expect(status(s, 1_000).active?.name).toBe('Ben');
    for (let i = 0; i < 4; i++) s = must(next(s, 2_000)).next;
    // Anna's turn again (the sand holds: no Wind Die), her Movement: Anna 1 loses this turn.
    expect(status(s, 2_000).active?.name).toBe('Anna');
    s = must(next(s, 2_000)).next;
    const t = status(s, 2_000);
    expect(t.step.label).toBe('Movement');
    expect(readBattle(s)?.ships.find((x) => x.id === 'ship-1')?.sheet.mist?.phase).toBe('lostTurn');
    expect(t.toAct.map((x) => x.name)).toEqual(['Anna 2']);
    expect(t.leftUndone).toEqual(['Move (staying put counts): Anna 2']);
    s = stay(s, 'ship-2');
    expect(status(s, 2_000).leftUndone).toEqual([]);
  });
});

describe('issue 16 at the table', () => {
  it('#5 a sunk player is never named as next: the turn goes to the next player afloat', () => {
    let s = start('basic', PLAYERS);
    s = must(windRoll(s, null, 4, 0)).next;
    // Ben's fleet went down this turn.
    s = withSheet(withSheet(s, 'ship-3', { isSunk: true }), 'ship-4', { isSunk: true });
    s = must(next(s)).next;
    s = must(next(s)).next;
    s = must(next(s)).next;
    const end = must(next(s));
    expect(end.summary).toBe("Anna ends the turn; Cleo's turn (turn 2)");
    expect(status(end.next).active?.name).toBe('Cleo');
  });

  it('#6 the Wind Die is refused while sand remains, and due again once the glass ran out', () => {
    let s = start('basic');
    s = must(windRoll(s, null, 4, 0)).next;
    const again = play(windMove, s, { roll: typed([2]) }, ctxOf(DEFAULT_OPTIONS, 60_000));
    expect(again.ok ? '' : again.error).toContain('The sand is still running (2:00 left)');
    // Run out mid-turn: the wind holds until the turn ends (A.4.3).
    const mid = play(windMove, s, { roll: typed([2]) }, ctxOf(DEFAULT_OPTIONS, 200_000));
    expect(mid.ok ? '' : mid.error).toContain('the wind holds until it ends');
    for (let i = 0; i < 4; i++) s = must(next(s, 200_000)).next;
    expect(status(s, 200_000).pending[0]).toMatchObject({ id: 'wind', isBlocking: true });
    expect(must(windRoll(s, null, 2, 200_000)).summary).toContain('Ben rolls the Wind Die: S.');
  });

  it('#7 the move that decides the battle logs the winner; nothing but undo follows', () => {
    let s = start('basic');
    s = must(windRoll(s, null, 4, 0)).next;
    s = withSheet(withSheet(s, 'ship-4', { isSunk: true }), 'ship-3', { prizeDisks: 0 });
    s = stay(stay(s, 'ship-1'), 'ship-2');
    const sink = must(
      play(attackMove, s, {
        attackerId: 'ship-1',
        targetId: 'ship-3',
        side: null,
        isMutualBroadside: true,
        attack: typed([6, 5, 2]),
        defence: typed([4])
      })
    );
    expect(sink.summary).toContain(
      'Ben 1 is sunk. Anna wins: the last captain with a ship under sail.'
    );
    expect(status(sink.next).ending).toMatchObject({ winner: { name: 'Anna' } });
    expect(next(sink.next).ok).toBe(false);
  });

  it('#8 the wind is logged and shown as the compass face, not the pip', () => {
    let s = start('basic');
    const r = must(play(windMove, s, { roll: typed([2]) }));
    expect(r.summary).toMatch(/^Anna rolls the Wind Die: S\./);
    expect(r.roll?.dice.dice[0].label).toBe('Wind Die S');
    expect(r.roll?.procedure).toBe('mc.wind');
    s = r.next;
    expect(status(s).wind).toBe('Wind S');
  });

  it('#1 attacker and defender dice are separate inputs, grouped and labelled by ship', () => {
    let s = start('basic');
    s = must(windRoll(s, null, 4, 0)).next;
    s = stay(stay(s, 'ship-1'), 'ship-2');
    const r = must(
      play(attackMove, s, {
        attackerId: 'ship-1',
        targetId: 'ship-3',
        side: null,
        isMutualBroadside: true,
        attack: typed([6, 5, 2]),
        defence: { source: 'app', dice: [4, 1, 1].map((face) => ({ sides: 6, face })) }
      })
    );
    expect(r.roll?.dice.dice.map((d) => [d.label, d.face, d.source])).toEqual([
      ['Anna 1, attack die 1', 6, 'entered'],
      ['Anna 1, attack die 2', 5, 'entered'],
      ['Anna 1, attack die 3', 2, 'entered'],
      ['Ben 1, defence die 1', 4, 'app'],
      ['Ben 1, defence die 2', 1, 'app'],
      ['Ben 1, defence die 3', 1, 'app']
    ]);
    // The pad the panel shows, from the move: each side's dice under its own heading.
    const aim = { attackerId: 'ship-1', targetId: 'ship-3', isMutualBroadside: true };
    expect(
      must(attackMove.preview.dice(s, aim, DEFAULT_OPTIONS)).map((d) => [d.group, d.count, d.label])
    ).toEqual([
      ['Attacker: Anna 1', 3, 'Anna 1, attack'],
      ['Defender: Ben 1', 3, 'Ben 1, defence']
    ]);
  });
});

describe('issue 16: Master and Commander cards', () => {
  /** An Advanced game with cards and boarding, Anna's ships moved, a typed-in deck of two. */
  function carded(): BattleState {
    let s = start('advanced', PLAYERS.slice(0, 2), { cards: true, boarding: true });
    s = must(windRoll(s, null, 4, 0)).next;
    s = stay(stay(s, 'ship-1'), 'ship-2');
    const v = readBattle(s);
    if (!v) throw new Error('no game');
    const deck = ['a', 'b'].map((id) => ({
      id,
      text: `EXAMPLE card ${id}: the wind backs`,
      keepUntilApplies: false,
      effect: 'manual' as const
    }));
    const lib = must(setCardLibrary(v.system, deck, ['a', 'b']));
    return must(play(cardsMove, s, { cards: { ...lib.cards, mode: 'entered' } })).next;
  }

  function drawn(s: BattleState) {
    const v = readBattle(s);
    if (!v) throw new Error('no game');
    return must(drawCard(v.system, 'Anna')).state.cards;
  }

  it('#4 the card drawn is logged with its text', () => {
    const s = carded();
    const r = must(
      play(cardsMove, s, {
        cards: drawn(s),
        drawing: { shipId: 'ship-1', target: 'ship-3', side: null, kind: 'attack' }
      })
    );
    expect(r.summary).toBe(
      'Anna draws a Master and Commander card (draw 1): "EXAMPLE card a: the wind backs"'
    );
  });

  it('#10 an engagement the rules refuse anyway draws no card: boarding by a damaged ship, firing from the Mist', () => {
    let s = carded();
    s = withSheet(s, 'ship-1', { prizeDisks: 1 });
    const board = play(cardsMove, s, {
      cards: drawn(s),
      drawing: {
        shipId: 'ship-1',
        target: 'ship-3',
        side: null,
        kind: 'boarding',
        isBoardingPosition: true
      }
    });
    expect(board.ok ? '' : board.error).toMatch(/^No card drawn: /);
    s = withSheet(s, 'ship-2', { location: 'mist', mist: { enteredOnTurn: 1, phase: 'entered' } });
    const fire = play(cardsMove, s, {
      cards: drawn(s),
      drawing: { shipId: 'ship-2', target: 'ship-3', side: null, kind: 'attack' }
    });
    expect(fire.ok ? '' : fire.error).toBe('No card drawn: Anna 2 cannot fire.');
    // A legal attack draws its card.
    const ok = play(cardsMove, s, {
      cards: drawn(s),
      drawing: { shipId: 'ship-1', target: 'ship-3', side: null, kind: 'attack' }
    });
    expect(ok.ok).toBe(true);
  });
});

describe('issue 16 #11: the Prize Disk supply adds up', () => {
  it('three players: 12 on ships, 4 spare, the 4 of the unused ships in the box, 20 in all', () => {
    let s = start('basic', PLAYERS);
    const v = readBattle(s);
    if (!v) throw new Error('no game');
    expect(diskSupply(v)).toEqual({ onShips: 12, setAside: 0, spare: 4, unused: 4, total: 20 });
    s = must(windRoll(s, null, 4, 0)).next;
    s = stay(stay(s, 'ship-1'), 'ship-2');
    s = must(
      play(attackMove, s, {
        attackerId: 'ship-1',
        targetId: 'ship-3',
        side: null,
        isMutualBroadside: false,
        attack: typed([6, 5, 2]),
        defence: typed([4, 1, 1])
      })
    ).next;
    const after = readBattle(s);
    if (!after) throw new Error('no game');
    const d = diskSupply(after);
    expect([d.onShips, d.setAside, d.spare, d.unused]).toEqual([11, 1, 4, 4]);
    expect(d.onShips + d.setAside + d.spare + d.unused).toBe(d.total);
  });
});
