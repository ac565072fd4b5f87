import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from './options';
import {
  advanceTurn,
  applyEliminations,
  applyRepair,
  canBeTargeted,
  canFire,
  enterMist,
  exitMist,
  isCardDrawRequired,
  isFleetTurnLost,
  mistStatus,
  resolveRepair,
  winnerId
} from './resolve-fleet';
import {
  applyCardEffect,
  drawCard,
  playHeldCard,
  setCardLibrary,
  shuffleDieSides,
  shuffleWithFaces,
  usedCard
} from './resolve-cards';
import { beginShipTurn } from './resolve-wind';
import { defaultSheet, defaultSystemState, setupProblems, setupShips } from './sheet';
import { sheetSchema, systemStateSchema } from './sheet-schema';

const players = [
  { id: 'p1', homeport: 'N' as const },
  { id: 'p2', homeport: 'S' as const }
];

describe('set-up (SPEC A.4.1)', () => {
  it('Basic: four Repair Cards at each player’s Homeport, none elsewhere by default; four spare disks', () => {
    const s = defaultSystemState({ variant: 'basic', players });
    expect(systemStateSchema.safeParse(s).success).toBe(true);
    expect([
      s.homeports.N.repairCards,
      s.homeports.S.repairCards,
      s.homeports.E.repairCards
    ]).toEqual([4, 4, 0]);
    expect(s.homeports.N.ownerId).toBe('p1');
    expect(s.spareDisks).toBe(4);
    expect(s.discardedPrizeDisks).toBe(0);
    const all = defaultSystemState({ variant: 'basic', players, unusedHomeportsHaveCards: true });
    expect(all.homeports.E.repairCards).toBe(4);
  });

  it('Beginner: no Repair Cards, no wind roll pending; modules only in the Advanced game', () => {
    const b = defaultSystemState({ variant: 'beginner', players, modules: { cards: true } });
    expect(b.homeports.N.repairCards).toBe(0);
    expect(b.windRollPending).toBe(false);
    expect(b.modules.cards).toBe(false);
    expect(defaultSystemState({ variant: 'advanced', modules: { mist: true } }).modules.mist).toBe(
      true
    );
  });

  it('player counts: Basic 2–4, Beginner up to 8', () => {
    expect(setupProblems('basic', 5)).toHaveLength(1);
    expect(setupProblems('beginner', 8)).toEqual([]);
    expect(setupProblems('advanced', 1)).toHaveLength(1);
  });

  it('fleets: two ships a player at the Homeport pointing out of it; Beginner one, at an anchor without a Homeport', () => {
    const basic = setupShips({ variant: 'basic', players });
    expect(
      basic.map((s) => [s.playerId, s.sheet.heading, s.sheet.location, s.sheet.prizeDisks])
    ).toEqual([
      ['p1', 'S', 'homeport', 2],
      ['p1', 'S', 'homeport', 2],
      ['p2', 'N', 'homeport', 2],
      ['p2', 'N', 'homeport', 2]
    ]);
    const beg = setupShips({
      variant: 'beginner',
      players: [{ id: 'a' }, { id: 'b', homeport: 'W' }]
    });
    expect(beg.map((s) => [s.sheet.name, s.sheet.location, s.sheet.heading])).toEqual([
      ['a', 'anchor', 'N'],
      ['b', 'homeport', 'E']
    ]);
  });

  it('a new ship starts with two Prize Disks, at its Homeport', () => {
    const s = defaultSheet({ name: 'Surprise', homeport: 'W', heading: 'E' });
    expect(sheetSchema.safeParse(s).success).toBe(true);
    expect(s).toMatchObject({ prizeDisks: 2, isSunk: false, location: 'homeport' });
  });
});

describe('repairs (SPEC A.3.4, A.4.9)', () => {
  const base = defaultSystemState({ variant: 'basic', players });
  const state = { ...base, discardedPrizeDisks: 2 };
  const damaged = { ...defaultSheet({ name: 'Surprise', homeport: 'N' }), prizeDisks: 0 };

  it('at the Homeport one card buys one disk from the discarded pool; the card leaves play', () => {
    const r = resolveRepair(
      {
        variant: 'basic',
        sheet: damaged,
        place: 'homeport',
        repairCards: 4,
        discardedPrizeDisks: 2
      },
      DEFAULT_OPTIONS
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value.cost).toBe(1);
    const after = applyRepair(damaged, state, r.value, 'N');
    expect(after.sheet.prizeDisks).toBe(1);
    expect(after.state.discardedPrizeDisks).toBe(1);
    expect(after.state.homeports.N.repairCards).toBe(3);
    // Default: one disk per turn; next turn it may repair again.
    const again = {
      variant: 'basic' as const,
      sheet: after.sheet,
      place: 'homeport' as const,
      repairCards: 3,
      discardedPrizeDisks: 1
    };
    expect(resolveRepair(again, DEFAULT_OPTIONS).ok).toBe(false);
    expect(resolveRepair(again, { repairLimitPerTurn: 'unlimited' }).ok).toBe(true);
    expect(resolveRepair({ ...again, sheet: beginShipTurn(after.sheet) }, DEFAULT_OPTIONS).ok).toBe(
      true
    );
  });

  it('at an anchor it costs two cards; not enough cards, no disk to reclaim, full strength and Beginner refuse', () => {
    const atAnchor = { ...damaged, location: 'anchor' as const };
    const input = {
      variant: 'basic' as const,
      sheet: atAnchor,
      place: 'anchor' as const,
      repairCards: 2,
      discardedPrizeDisks: 1
    };
    expect(resolveRepair(input, DEFAULT_OPTIONS)).toMatchObject({
      ok: true,
      value: { cost: 2 }
    });
    expect(resolveRepair({ ...input, repairCards: 1 }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(resolveRepair({ ...input, discardedPrizeDisks: 0 }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(
      resolveRepair({ ...input, sheet: { ...atAnchor, prizeDisks: 2 } }, DEFAULT_OPTIONS).ok
    ).toBe(false);
    expect(resolveRepair({ ...input, variant: 'beginner' }, DEFAULT_OPTIONS).ok).toBe(false);
    expect(resolveRepair({ ...input, place: 'homeport' }, DEFAULT_OPTIONS).ok).toBe(false);
  });
});

describe('the Mist (SPEC A.4.14)', () => {
  it('safe from fire; the owner’s next turn is lost; then it must exit', () => {
    let s = enterMist(defaultSheet({ name: 'Surprise' }), 4);
    expect(canBeTargeted(s)).toBe(false);
    expect(canFire(s, DEFAULT_OPTIONS)).toBe(false);
    expect(exitMist(s).ok).toBe(false);
    s = beginShipTurn(s);
    expect(mistStatus(s)).toBe('lostTurn');
    expect(s.movement.allowance).toBe(0);
    expect(isFleetTurnLost([s], DEFAULT_OPTIONS)).toBe(false);
    expect(isFleetTurnLost([s], { mistLoseTurnScope: 'player' })).toBe(true);
    s = beginShipTurn(s);
    expect(mistStatus(s)).toBe('mustExit');
    const out = exitMist(s);
    expect(out.ok && out.value).toMatchObject({ mist: null, location: 'sea' });
    if (out.ok) expect(canBeTargeted(out.value)).toBe(true);
  });
});

describe('Master and Commander cards (SPEC A.4.10)', () => {
  const modules = { cards: true, boarding: true, raids: true, ramming: false, mist: false };

  it('a card is drawn when initiating an engagement, not for a counter-attack', () => {
    expect(isCardDrawRequired('attack', modules, DEFAULT_OPTIONS)).toBe(true);
    expect(isCardDrawRequired('counterAttack', modules, DEFAULT_OPTIONS)).toBe(false);
    expect(isCardDrawRequired('raid', modules, DEFAULT_OPTIONS)).toBe(true);
    expect(isCardDrawRequired('raid', modules, { cardsOnRaidsAndBoarding: false })).toBe(false);
    expect(isCardDrawRequired('attack', { ...modules, cards: false }, DEFAULT_OPTIONS)).toBe(false);
  });

  it('physical deck: the app counts the draws', () => {
    const s = defaultSystemState({ variant: 'advanced', modules, players });
    const d = drawCard(s, 'p1');
    expect(d.ok && d.value.outcome).toMatchObject({ kind: 'physical', drawNumber: 1 });
  });

  it('entered deck: used cards go to the bottom; kept cards stay in hand until played', () => {
    const s0 = defaultSystemState({ variant: 'advanced', modules, players });
    const lib = [
      { id: 'c1', text: 'USER CARD 1', keepUntilApplies: false },
      { id: 'c2', text: 'USER CARD 2', keepUntilApplies: true },
      { id: 'c3', text: 'USER CARD 3', keepUntilApplies: false }
    ];
    const set = setCardLibrary(s0, lib, ['c1', 'c2', 'c3']);
    if (!set.ok) throw new Error(set.error);
    const d1 = drawCard(set.value, 'p1');
    if (!d1.ok) throw new Error(d1.error);
    expect(d1.value.state.cards.drawPile).toEqual(['c2', 'c3', 'c1']);
    const d2 = drawCard(d1.value.state, 'p2');
    if (!d2.ok) throw new Error(d2.error);
    expect(d2.value.outcome).toMatchObject({ kind: 'card', isKept: true });
    expect(d2.value.state.cards.drawPile).toEqual(['c3', 'c1']);
    expect(d2.value.state.cards.held).toEqual([{ playerId: 'p2', cardId: 'c2' }]);
    const played = playHeldCard(d2.value.state, 'p2', 'c2');
    expect(played.ok && played.value.cards.drawPile).toEqual(['c3', 'c1', 'c2']);
    expect(playHeldCard(d2.value.state, 'p1', 'c2').ok).toBe(false);
    expect(setCardLibrary(s0, lib, ['c1', 'c2']).ok).toBe(false);
    // Adding a card while one is held keeps it in its holder's hand.
    const more = [...lib, { id: 'c4', text: 'USER CARD 4', keepUntilApplies: false }];
    const added = setCardLibrary(d2.value.state, more, ['c3', 'c1', 'c4']);
    expect(added.ok && added.value.cards.held).toEqual([{ playerId: 'p2', cardId: 'c2' }]);
    expect(setCardLibrary(d2.value.state, more, ['c3', 'c1', 'c4', 'c2']).ok).toBe(false);
  });

  it('shuffling with dice d(n)…d2 reaches every order exactly once', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const sides = shuffleDieSides(4);
    expect(sides).toEqual([4, 3, 2]);
    const seen = new Set<string>();
    for (let x = 1; x <= 4; x++)
      for (let y = 1; y <= 3; y++)
        for (let z = 1; z <= 2; z++) {
          const r = shuffleWithFaces(ids, [x, y, z]);
          if (r.ok) seen.add(r.value.join(''));
        }
    expect(seen.size).toBe(24);
    expect(shuffleWithFaces(ids, [5, 1, 1]).ok).toBe(false);
  });
});

describe('elimination and victory (SPEC A.4.7 step 4)', () => {
  it('the last captain with a ship under sail wins', () => {
    const afloat = defaultSheet({ name: 'A' });
    const sunk = { ...defaultSheet({ name: 'B' }), isSunk: true };
    const ships = [
      { playerId: 'p1', sheet: afloat },
      { playerId: 'p1', sheet: sunk },
      { playerId: 'p2', sheet: sunk }
    ];
    expect(winnerId(ships)).toBe('p1');
    expect(winnerId([...ships, { playerId: 'p2', sheet: afloat }])).toBeNull();
    const s = applyEliminations(defaultSystemState({ variant: 'basic', players }), ships);
    expect(s.players.map((p) => p.isEliminated)).toEqual([false, true]);
  });

  it('advancing the turn skips an eliminated captain and starts the next captain’s ships', () => {
    const three = [...players, { id: 'p3', homeport: 'E' as const }];
    const state = {
      ...defaultSystemState({ variant: 'basic', players: three }),
      activePlayerId: 'p1'
    };
    const moved = {
      ...defaultSheet({ name: 'A' }),
      movement: { allowance: 3, spent: 3, turnsInRow: 0 }
    };
    const ships = [
      { id: 's1', playerId: 'p1', sheet: moved },
      { id: 's2', playerId: 'p2', sheet: { ...defaultSheet({ name: 'B' }), isSunk: true } },
      { id: 's3', playerId: 'p3', sheet: moved }
    ];
    const r = advanceTurn(state, ships, 0);
    expect(r.state.activePlayerId).toBe('p3');
    expect(r.state.players.find((p) => p.id === 'p2')?.isEliminated).toBe(true);
    expect(r.sheets['s3'].movement).toEqual({ allowance: null, spent: 0, turnsInRow: 0 });
    expect(r.sheets['s1']).toBe(moved);
  });
});

describe('user-entered card effects (SPEC A.6)', () => {
  const state = defaultSystemState({
    variant: 'advanced',
    modules: { cards: true },
    players: [{ id: 'p1', homeport: 'N' }]
  });
  const ship = defaultSheet({ name: 'Surprise', homeport: 'N' });

  it('a disk is regained only from those set aside, and only by a damaged ship', () => {
    expect(applyCardEffect('gainDisk', ship, { ...state, discardedPrizeDisks: 1 }, 'N').text).toBe(
      'Surprise is at full strength: no disk to regain.'
    );
    const hurt = { ...ship, prizeDisks: 1 };
    expect(applyCardEffect('gainDisk', hurt, state, 'N').sheet).toBe(hurt);
    const r = applyCardEffect('gainDisk', hurt, { ...state, discardedPrizeDisks: 1 }, 'N');
    expect([r.sheet.prizeDisks, r.state.discardedPrizeDisks]).toEqual([2, 0]);
  });

  it('a lost disk is a hit: with none left the ship sinks', () => {
    const r = applyCardEffect('loseDisk', { ...ship, prizeDisks: 0 }, state, 'N');
    expect(r.sheet.isSunk).toBe(true);
    expect(r.text).toBe('Surprise is sunk.');
  });

  it('Repair Cards change at the captain’s Homeport, never below none', () => {
    expect(applyCardEffect('gainRepairCard', ship, state, 'N').state.homeports.N.repairCards).toBe(
      5
    );
    const empty = {
      ...state,
      homeports: { ...state.homeports, N: { ownerId: 'p1', repairCards: 0 } }
    };
    expect(applyCardEffect('loseRepairCard', ship, empty, 'N').state).toBe(empty);
    expect(applyCardEffect('loseAttack', ship, state, 'N').isAttackLost).toBe(true);
  });

  it('the used card: the drawn top card unless kept, or the held card played', () => {
    const cards = [
      { id: 'a', text: 'EXAMPLE', keepUntilApplies: false },
      { id: 'b', text: 'EXAMPLE', keepUntilApplies: true }
    ];
    const deck = setCardLibrary(state, cards, ['b', 'a']);
    if (!deck.ok) throw new Error(deck.error);
    const kept = drawCard(deck.value, 'p1');
    if (!kept.ok) throw new Error(kept.error);
    expect(usedCard(deck.value.cards, kept.value.state.cards)).toBeNull();
    const used = drawCard(kept.value.state, 'p1');
    if (!used.ok) throw new Error(used.error);
    expect(usedCard(kept.value.state.cards, used.value.state.cards)?.id).toBe('a');
    const played = playHeldCard(used.value.state, 'p1', 'b');
    if (!played.ok) throw new Error(played.error);
    expect(usedCard(used.value.state.cards, played.value.cards)?.id).toBe('b');
    // The physical deck: the app does not know the card.
    expect(usedCard(state.cards, { ...state.cards, drawCount: 1 })).toBeNull();
  });
});
