import { describe, expect, it } from 'vitest';
import type { BattleState, Json } from '../../engine/events';
import { saltOf } from '../../battle/secret';
import { REFEREE_SEAT, secretsViewOf } from '../../engine/secrets';
import { giveSealedOrders, revealOrders, sheetOf } from './moves';
import {
  exampleFrigate,
  FIGHTING_SAIL,
  inPhaseOf,
  mediumGuns,
  must,
  perform,
  twoShips
} from './moves.fixture';
import {
  canSealFor,
  ordersSecretKey,
  ordersSecretOf,
  sealedFromSecrets,
  sealedOrdersFor,
  seatOfShip
} from './orders-live';

// Where hidden orders are kept on the live table (#19 item 5): the seat's private document; the
// referee's device gathers every seat's for the reveal.

/** Ann's Surprise and Bob's Hermione at Fighting Sail, in the orders phase. */
const battle = (): BattleState =>
  inPhaseOf(
    giveSealedOrders,
    twoShips(exampleFrigate({ guns: [mediumGuns('starboard', 3)] }), {
      players: ['Ann', 'Bob'],
      both: FIGHTING_SAIL
    })
  );

describe('hidden orders in the seats’ private documents', () => {
  it('a ship’s orders go to its player’s seat (the referee’s own for a ship without one)', () => {
    expect(seatOfShip({ player: ' Ann ' })).toBe('Ann');
    expect(seatOfShip({ player: '' })).toBe(REFEREE_SEAT);
    const ann = secretsViewOf({ Ann: {} });
    expect(canSealFor(ann, { player: 'Ann' })).toBe(true);
    expect(canSealFor(ann, { player: 'Bob' })).toBe(false);
    expect(canSealFor(undefined, { player: 'Ann' })).toBe(false);
  });

  it('sealed on each seat, gathered on the referee’s device, revealed and checked', () => {
    const s0 = battle();
    const saltA = saltOf(new Uint8Array(16).fill(3));
    const saltB = saltOf(new Uint8Array(16).fill(5));
    const a = sealedOrdersFor(
      s0,
      s0.ships.a,
      { shipId: 'a', sail: 2, maneuver: 'larboard' },
      saltA
    );
    const b = sealedOrdersFor(
      s0,
      s0.ships.b,
      { shipId: 'b', sail: 0, maneuver: 'straight' },
      saltB
    );
    expect(a.write).toEqual({
      seat: 'Ann',
      key: 'pv.orders/a',
      value: { sail: 2, maneuver: 'larboard', salt: saltA }
    });
    expect(JSON.stringify(a.input)).not.toContain(saltA);
    const s1 = must(perform(giveSealedOrders, s0, a.input));
    const s2 = must(perform(giveSealedOrders, s1.next, b.input));
    const docs: Record<string, Record<string, Json>> = {
      Ann: { [a.write.key]: a.write.value! },
      Bob: { [b.write.key]: b.write.value! },
      [REFEREE_SEAT]: {}
    };
    // Ann's phone holds only her own orders: the reveal is the referee's.
    const annOnly = sealedFromSecrets(s2.next, secretsViewOf({ Ann: docs.Ann }));
    expect(Object.keys(annOnly)).toEqual(['a']);
    expect(perform(revealOrders, s2.next, { sealed: annOnly })).toEqual({
      ok: false,
      error: "Hermione's sealed orders are not on this device: reveal from the referee's."
    });
    const all = sealedFromSecrets(s2.next, secretsViewOf(docs));
    const shown = must(perform(revealOrders, s2.next, { sealed: all }));
    expect(shown.event.summary).toBe(
      'Orders revealed: Surprise Medium Sail, Larboard/Port; Hermione No Sail, Straight'
    );
    expect(sheetOf(shown.next.ships.a)?.maneuver).toBe('larboard');
    // A seat's document changed after sealing does not pass the commitment.
    const tampered = secretsViewOf({
      ...docs,
      Ann: { [a.write.key]: { sail: 3, maneuver: 'larboard', salt: saltA } }
    });
    expect(
      perform(revealOrders, s2.next, { sealed: sealedFromSecrets(s2.next, tampered) })
    ).toEqual({
      ok: false,
      error: "Surprise's orders as revealed are not the ones sealed."
    });
  });

  it('a value in a private document that is not sealed orders is left out', () => {
    expect(ordersSecretOf({ sail: 9, maneuver: 'straight', salt: 'ab'.repeat(16) })).toBeNull();
    expect(ordersSecretOf({ sail: 1, maneuver: 'fly', salt: 'ab'.repeat(16) })).toBeNull();
    expect(ordersSecretOf({ sail: 1, maneuver: 'straight', salt: 'short' })).toBeNull();
    expect(ordersSecretOf('orders')).toBeNull();
    expect(ordersSecretKey('a')).toBe('pv.orders/a');
  });
});
