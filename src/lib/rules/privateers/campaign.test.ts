import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { privateers } from '.';
import { moraleCheck, sheetOf } from './moves';
import {
  exampleFrigate,
  fireThrough,
  FRIGATE_FIRES,
  must,
  play,
  roll,
  twoShips
} from './moves.fixture';
import type { Sheet } from './sheet';
import { commissionPrize, startOfGame, tracks } from './tracks';

// Campaigns (issue 36), Privateers between battles. A prize taken is sailed by her new owner with
// her colours flying again and every figure the battle left her (hull, rigging, crew, guns); a
// ship starts the next game with her guns loaded (C.4.1 #3), her damage as it was. The logs come
// from a battle played through the real moves: Surprise's broadside, the Fire critical, and
// Hermione's morale check failed by a 12, so she strikes.

const FRIGATE = exampleFrigate({
  sailingRates: { beating: [1, 2, 3], broadReaching: [2, 3, 4], running: [2, 3, 4] },
  crew: 60,
  marines: 10
});

function afterTheBroadside(): BattleState {
  const fired = must(
    fireThrough(twoShips(FRIGATE, { phase: 3 }), FRIGATE_FIRES, [1, 5, 10], [1, 1, 3, 4, 5, 6], {
      criticalFace: 6
    })
  );
  return must(play(moraleCheck, fired.next, { shipId: 'b', dice: roll([12]) })).next;
}

const sheetIn = (state: BattleState, id: string): Sheet => sheetOf(state.ships[id])!;

describe('Privateers commissionPrize', () => {
  it('a struck prize sails again for her captor with every figure the battle left her', () => {
    const state = afterTheBroadside();
    const struck = sheetIn(state, 'b');
    expect(struck.struck).toBe(true);
    // The broadside's damage is on her: hull, crew and a gun lost.
    const whole = sheetIn(twoShips(FRIGATE, { phase: 3 }), 'b');
    expect(struck.hull.damage).toBeGreaterThan(0);
    expect(struck.crew.current).toBeLessThan(whole.crew.current);
    const prize = commissionPrize(struck);
    expect(prize.struck).toBe(false);
    // Her figures as the battle left them: no track mended, none lost.
    expect(tracks(prize)).toEqual(tracks(struck));
    expect({ ...prize, struck: true }).toEqual(struck);
    // The system's hook, which the post-battle step calls, does the same.
    expect(privateers.commissionPrize?.(struck)).toEqual(prize);
  });
});

describe('Privateers startOfGame', () => {
  it('the guns a broadside emptied are loaded for the next game; destroyed ones stay so; damage stays', () => {
    const state = afterTheBroadside();
    const firer = sheetIn(state, 'a');
    const fired = firer.guns.filter((g) => !g.loaded);
    expect(fired.map((g) => g.id)).toEqual(FRIGATE_FIRES.gunIds);
    const next = startOfGame(firer);
    expect(next.guns.every((g) => g.loaded)).toBe(true);
    expect({ ...next, guns: firer.guns }).toEqual(firer);
    // The target lost a gun to the 6: it is not loaded back into existence.
    const target = sheetIn(state, 'b');
    const destroyed = target.guns.filter((g) => g.destroyed);
    expect(destroyed.length).toBeGreaterThan(0);
    expect(startOfGame(target).guns.filter((g) => g.destroyed)).toEqual(destroyed);
    expect(tracks(startOfGame(target))).toEqual(tracks(target));
    expect(privateers.startOfGame?.(firer)).toEqual(next);
  });
});
