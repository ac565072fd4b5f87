import { describe, expect, it } from 'vitest';
import type { BattleState, Json } from '../../battle/events';
import { stampEvent } from '../../battle/events';
import { applyEvent } from '../../battle/fold';
import { withInput } from '../../battle/move';
import { saltOf } from '../../battle/secret';
import { REFEREE_SEAT, secretsViewOf } from '../../live/secrets';
import { giveSealedOrders, revealOrders, sheetOf, shipFromClass } from './moves';
import { ctxOf, inPhaseOf } from './moves.fixture';
import type { PvContext, PvMove } from './moves-common';
import {
  canSealFor,
  ordersSecretKey,
  ordersSecretOf,
  sealedFromSecrets,
  sealedOrdersFor,
  seatOfShip
} from './orders-live';
import type { Sheet, ShipClass } from './sheet';

// Where hidden orders are kept on the live table (#19 item 5): the seat's private document; the
// referee's device gathers every seat's for the reveal.

const FRIGATE: ShipClass = {
  id: 'frigate',
  className: 'Example frigate',
  rig: 'squareRigged',
  masts: 3,
  bowsprit: true,
  sailingRates: { beating: [6, 8, 10], broadReaching: [8, 10, 12], running: [7, 9, 11] },
  hullPoints: 40,
  riggingPoints: 30,
  crew: 20,
  marines: 0,
  boats: 2,
  guns: [{ cls: 'medium', extraHeavyDice: 0, side: 'starboard', arcDeg: 45, count: 3 }]
};

function battle(): BattleState {
  const a = shipFromClass(FRIGATE, {
    id: 'a',
    name: 'Surprise',
    side: 'GB',
    player: 'Ann',
    order: 0
  });
  const b = shipFromClass(FRIGATE, {
    id: 'b',
    name: 'Hermione',
    side: 'ES',
    player: 'Bob',
    order: 1
  });
  const fighting = (s: unknown): Sheet => ({ ...(s as Sheet), sail: 1, prevSail: 1 });
  const state: BattleState = {
    turn: 1,
    phase: 0,
    ships: { a: { ...a, sheet: fighting(a.sheet) }, b: { ...b, sheet: fighting(b.sheet) } },
    system: null
  };
  return inPhaseOf(giveSealedOrders, state);
}

const LIVE: PvContext = { ...ctxOf({ ordersHidden: true }), isLive: true };

function apply<I>(move: PvMove<I>, state: BattleState, input: I) {
  const r = withInput(move.run(inPhaseOf(move, state), input, LIVE), input);
  if (!r.ok) return r;
  const event = stampEvent(r.value, { id: 'e', battleId: 'b', seq: 1, deviceId: 'd', at: 0 });
  return { ok: true as const, event, next: applyEvent(inPhaseOf(move, state), event) };
}

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
    const s1 = apply(giveSealedOrders, s0, a.input);
    if (!s1.ok) throw new Error(s1.error);
    const s2 = apply(giveSealedOrders, s1.next, b.input);
    if (!s2.ok) throw new Error(s2.error);
    const docs: Record<string, Record<string, Json>> = {
      Ann: { [a.write.key]: a.write.value! },
      Bob: { [b.write.key]: b.write.value! },
      [REFEREE_SEAT]: {}
    };
    // Ann's phone holds only her own orders: the reveal is the referee's.
    const annOnly = sealedFromSecrets(s2.next, secretsViewOf({ Ann: docs.Ann }));
    expect(Object.keys(annOnly)).toEqual(['a']);
    expect(apply(revealOrders, s2.next, { sealed: annOnly })).toEqual({
      ok: false,
      error: "Hermione's sealed orders are not on this device: reveal from the referee's."
    });
    const all = sealedFromSecrets(s2.next, secretsViewOf(docs));
    const shown = apply(revealOrders, s2.next, { sealed: all });
    if (!shown.ok) throw new Error(shown.error);
    expect(shown.event.summary).toBe(
      'Orders revealed: Surprise Medium Sail, Larboard/Port; Hermione No Sail, Straight'
    );
    expect(sheetOf(shown.next.ships.a)?.maneuver).toBe('larboard');
    // A seat's document changed after sealing does not pass the commitment.
    const tampered = secretsViewOf({
      ...docs,
      Ann: { [a.write.key]: { sail: 3, maneuver: 'larboard', salt: saltA } }
    });
    expect(apply(revealOrders, s2.next, { sealed: sealedFromSecrets(s2.next, tampered) })).toEqual({
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
