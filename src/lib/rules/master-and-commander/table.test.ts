import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, type BattleState, type Json } from '../../engine/events';
import { masterAndCommander } from '.';
import { fleetProblems, fleetStaysPutMove, readBattle, setupFleetsMove } from './moves';
import {
  ctxOf,
  firstPlayer,
  must,
  play,
  setupFleets,
  windRoll,
  movementRoll
} from './moves.testkit';
import { DEFAULT_OPTIONS } from './options';
import { OPTIONS } from './option-list';
import type { SetupPlayer } from './sheet';
import { shipCard } from './ship-card';
import { turnStatus } from './turn';

// Issue 16 #12, what players expected at the table: the fleet staying put in one tap, each ship's
// card with its player's colour, Repair Cards and held cards, the Beginner ships told apart by
// colour and band and named at set-up, and the rule readings worded for players.

type Variant = 'beginner' | 'basic' | 'advanced';
const TWO: SetupPlayer[] = [
  { id: 'Anna', name: 'Anna', homeport: 'N' as const, colour: 'black' as const },
  { id: 'Ben', name: 'Ben', homeport: 'S' as const, colour: 'gold' as const }
];

function begin(variant: Variant, players: readonly SetupPlayer[] = TWO, modules = {}): BattleState {
  const system = masterAndCommander.initialSystemState?.(variant, {}) ?? null;
  let n = 0;
  const s = setupFleets({ ...INITIAL_STATE, system: system as Json }, null, {
    players,
    modules,
    newId: () => `ship-${++n}`
  });
  return must(
    firstPlayer(
      s,
      null,
      players.map((p, i) => ({ playerId: p.id, face: i === 0 ? 6 : 1 }))
    )
  ).next;
}

describe('issue 16 #12: what players expected', () => {
  it('"Fleet stays put": every unmoved ship of the fleet in one action, one log line', () => {
    let s = must(windRoll(begin('basic'), null, 4, 0)).next;
    s = { ...s, phase: 1 };
    const r = must(play(fleetStaysPutMove, s, {}));
    expect(r.summary).toBe("Anna's fleet stays put: Anna 1, Anna 2");
    const t = turnStatus(r.next, { options: {}, variant: 'basic', now: 0 });
    expect(t.toAct).toEqual([]);
    // The ships keep their heading and place; a second tap has nothing left to do.
    const after = readBattle(r.next)?.ships.filter((x) => x.playerId === 'Anna') ?? [];
    expect(after.map((x) => [x.sheet.heading, x.sheet.location, x.sheet.movement.spent])).toEqual([
      ['S', 'homeport', 0],
      ['S', 'homeport', 0]
    ]);
    const again = play(fleetStaysPutMove, r.next, {});
    expect(again.ok ? '' : again.error).toBe('Every ship of this fleet has already moved.');
  });

  it('"Fleet stays put" is refused before the Wind Die, and for a Beginner ship that must move its roll', () => {
    const before = play(fleetStaysPutMove, { ...begin('basic'), phase: 1 }, {});
    expect(before.ok).toBe(false);
    const b = begin('beginner');
    const unrolled = play(fleetStaysPutMove, b, {});
    expect(unrolled.ok ? '' : unrolled.error).toBe('Anna has not rolled for movement yet.');
    const rolled = must(movementRoll(b, null, 'ship-1', 3));
    const exact = play(fleetStaysPutMove, rolled, {}, ctxOf(DEFAULT_OPTIONS));
    expect(exact.ok ? '' : exact.error).toMatch(/^Anna: .*exactly the 3 rolled/);
  });

  it('a ship card shows its player colour (the status badge), Repair Cards and held cards', () => {
    const s = begin('advanced', TWO, { cards: true });
    const t = turnStatus(s, { options: {}, variant: 'advanced', now: 0 });
    const anna = shipCard(s, 'ship-1');
    expect(anna?.colour).toBe(t.active?.color);
    expect(anna?.lines).toEqual([
      'Anna: 4 Repair Cards at the N Homeport',
      'Anna holds 0 Master and Commander cards'
    ]);
    expect(shipCard(s, 'ship-3')?.colour).not.toBe(anna?.colour);
    const held = readBattle(s);
    if (held === null) throw new Error('no game');
    const withCard = {
      ...s,
      system: {
        ...held.system,
        cards: { ...held.system.cards, held: [{ playerId: 'Anna', cardId: 'c1' }] }
      } as unknown as Json
    };
    expect(shipCard(withCard, 'ship-2')?.lines[1]).toBe('Anna holds 1 Master and Commander card');
    const sheet = readBattle(s)?.ships[2].sheet;
    if (!sheet) throw new Error('no ship');
    expect(masterAndCommander.summarize(sheet).lines).toContain('Gold ship');
    // The ships come from the players' set-up, not from a generic form.
    expect(masterAndCommander.shipsFromSetup).toBe(true);
  });

  it('Beginner: the players name their ships, and colour with band tells two ships of a colour apart', () => {
    const players: SetupPlayer[] = [
      { id: 'Anna', name: 'Anna', homeport: 'N' as const, colour: 'gold' as const },
      {
        id: 'Ben',
        name: 'Ben',
        homeport: null,
        colour: 'gold' as const,
        isBanded: true,
        shipName: 'Surprise'
      }
    ];
    expect(fleetProblems('beginner', players)).toEqual([]);
    const s = begin('beginner', players);
    const ships = readBattle(s)?.ships ?? [];
    expect(ships.map((x) => [x.sheet.name, x.sheet.colour, x.sheet.isBanded])).toEqual([
      ['Anna', 'gold', false],
      ['Surprise', 'gold', true]
    ]);
    expect(masterAndCommander.summarize(ships[1].sheet).lines).toContain('Gold ship with a band');
    // The same ship twice is refused; so are two players of one colour in the Basic game.
    expect(fleetProblems('beginner', [players[0], { ...players[1], isBanded: false }])).toContain(
      'Two players have the same ship: choose another colour, or the ship with the band.'
    );
    expect(fleetProblems('beginner', [players[0], { ...players[1], shipName: 'Anna' }])).toContain(
      'Two ships have the same name.'
    );
    const basic = play(
      setupFleetsMove,
      { ...INITIAL_STATE, system: masterAndCommander.initialSystemState?.('basic', {}) as Json },
      { players: [TWO[0], { ...TWO[1], colour: 'black' }], modules: {} }
    );
    expect(basic.ok ? '' : basic.error).toContain('Two players have the same colour of ships.');
  });

  it('the rule readings are worded for players: no spec tags in their labels, help or choices', () => {
    for (const o of OPTIONS) {
      const words = [o.label, o.help, ...o.choices.map((c) => c.label)].join(' ');
      expect(words, o.key).not.toMatch(/SPEC|[Ee]rrata|\[DEFAULT\]|A\.\d|\b[a-z]+[A-Z]\w*\b/);
      expect(o.ruleRef, o.key).toMatch(/SPEC/);
    }
  });
});
