import { describe, expect, it } from 'vitest';
import type { BattleState } from '../engine/events';
import { advanceMove } from '../battle/advance';
import { applyEvent } from '../battle/fold';
import { privateers } from './privateers';
import { woodenWarships } from './wooden-warships';
import {
  ctxOf as pvCtx,
  exampleFrigate,
  must,
  play,
  sheet,
  twoShips
} from './privateers/moves.fixture';
import { setHeading } from './privateers/moves-orders';
import { systemOf as pvSystemOf } from './privateers/moves-common';
import { fleets, played } from './wooden-warships/moves.testkit';
import { reload } from './wooden-warships/moves';
import { battleShips, sheetOf as wwSheetOf } from './wooden-warships/ships';
import { annaFirst, moveOf, twoPlayerGame } from './master-and-commander/moves.testkit';
import { readBattle } from './master-and-commander/view';

// Issue 39: an event keeps the identity of what it did not touch, from the fold up to each
// system's reading of its ships, so a screen can skip an unchanged ship by reference (a keyed
// each block, a derived compared by ===). Each case plays one move on ship A through the
// testkits and checks ship B; and a Next, which touches no ship.

describe('Privateers: an event on one ship', () => {
  const before = twoShips(exampleFrigate());
  const after = must(play(setHeading, before, { shipId: 'a', headingDeg: 90 })).next;

  it('keeps the other ship and her log the same objects', () => {
    expect(after.ships.b).toBe(before.ships.b);
    expect(sheet(after, 'b')).toBe(sheet(before, 'b'));
  });

  it('keeps the system state the same object when the event left it alone', () => {
    expect(pvSystemOf(after)).toBe(pvSystemOf(before));
  });

  it('Next phase keeps every ship the same object', () => {
    const next = applyEvent(
      after,
      must(advanceMove(privateers).run(after, {}, { ...pvCtx(), storedOptions: {} }))
    );
    expect(next.phase).toBe(after.phase + 1);
    expect(next.ships.a).toBe(after.ships.a);
    expect(next.ships.b).toBe(after.ships.b);
  });
});

describe('Wooden Warships: an event on one ship', () => {
  const before = fleets();
  const after = played(before, reload, {
    shipId: 'pickle',
    loads: { zone1: 'round', zone2: 'round', zone3: 'round' }
  });
  const entry = (s: BattleState, id: string) => battleShips(s).find((x) => x.id === id);

  it('keeps the other ship, her log and her entry in the ship list the same objects', () => {
    expect(after.ships.fleche).toBe(before.ships.fleche);
    expect(wwSheetOf(after.ships.fleche)).toBe(wwSheetOf(before.ships.fleche));
    expect(entry(after, 'fleche')).toBeDefined();
    expect(entry(after, 'fleche')).toBe(entry(before, 'fleche'));
  });

  it('Next phase keeps every ship and the ship list the same objects', () => {
    const next = applyEvent(
      after,
      must(
        advanceMove(woodenWarships).run(
          after,
          {},
          { options: {}, storedOptions: {}, variant: 'standard', now: 0, newId: () => 'id' }
        )
      )
    );
    expect(next.phase).not.toBe(after.phase);
    expect(next.ships.fleche).toBe(after.ships.fleche);
    expect(battleShips(next)).toEqual(battleShips(after));
    expect(battleShips(next).every((x, i) => x === battleShips(after)[i])).toBe(true);
  });
});

describe('Master and Commander: an event on one ship', () => {
  const before = annaFirst(twoPlayerGame(), [6, 1], 3);
  const after = must(moveOf(before, 'ship-1', { forward: 1 })).next;
  const view = (s: BattleState) => readBattle(s)!;
  const entry = (s: BattleState, id: string) => view(s).ships.find((x) => x.id === id);

  it("keeps the other ships and their entries in the battle's view the same objects", () => {
    expect(after.ships['ship-1']).not.toBe(before.ships['ship-1']);
    for (const id of ['ship-2', 'ship-3', 'ship-4']) {
      expect(after.ships[id]).toBe(before.ships[id]);
      expect(entry(after, id)).toBeDefined();
      expect(entry(after, id)).toBe(entry(before, id));
    }
  });

  it('reads one state as one view (the panels read it many times an event)', () => {
    expect(readBattle(after)).toBe(readBattle(after));
  });
});
