import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { saltOf } from '../../battle/secret';
import {
  giveOrders,
  giveSealedOrders,
  ordersThisTurn,
  revealOrders,
  sealOrders,
  sealedOrdersThisTurn
} from './moves';
import {
  ctxOf,
  exampleFrigate,
  FIGHTING_SAIL,
  mediumGuns,
  must,
  perform,
  sheet,
  twoShips
} from './moves.fixture';

// Hidden orders on the live table (#19 item 5): the public log and state hold "orders given" and a
// commitment; the orders and salt stay with the seat until the reveal, which is checked.

const battle = (): BattleState =>
  twoShips(exampleFrigate({ guns: [mediumGuns('starboard', 3)] }), { both: FIGHTING_SAIL });
const saltA = saltOf(new Uint8Array(16).fill(7));
const saltB = saltOf(new Uint8Array(16).fill(9));

describe('hidden orders sealed on the live table', () => {
  it('the public event and state hold only "orders given" and the commitment', () => {
    const sealed = sealOrders(battle(), { shipId: 'a', sail: 2, maneuver: 'larboard' }, saltA);
    const r = must(perform(giveSealedOrders, battle(), sealed.input));
    const text = JSON.stringify(r.event) + JSON.stringify(r.next);
    expect(r.event.summary).toBe('Surprise: orders given (sealed until revealed)');
    expect(text).not.toContain('larboard');
    expect(text).not.toContain(saltA);
    expect(r.event.input).toEqual(sealed.input);
    expect(sheet(r.next, 'a').sail).toBe(1);
    expect(sealedOrdersThisTurn(r.next).a.commitment).toBe(sealed.input.commitment);
    expect(sealed.secret).toEqual({ sail: 2, maneuver: 'larboard', salt: saltA });
  });

  it('the reveal carries the orders and salt, is checked against the commitment, and applies them', () => {
    const sa = sealOrders(battle(), { shipId: 'a', sail: 2, maneuver: 'larboard' }, saltA);
    const sb = sealOrders(battle(), { shipId: 'b', sail: 0, maneuver: 'straight' }, saltB);
    const s1 = must(perform(giveSealedOrders, battle(), sa.input)).next;
    const s2 = must(perform(giveSealedOrders, s1, sb.input)).next;
    expect(perform(revealOrders, s2, {})).toEqual({
      ok: false,
      error: "Surprise's sealed orders are not on this device: reveal from the referee's."
    });
    const forged = { a: { ...sa.secret, maneuver: 'starboard' as const }, b: sb.secret };
    expect(perform(revealOrders, s2, { sealed: forged })).toEqual({
      ok: false,
      error: "Surprise's orders as revealed are not the ones sealed."
    });
    // Another ship's secret does not open this ship's seal.
    expect(perform(revealOrders, s2, { sealed: { a: sb.secret, b: sb.secret } }).ok).toBe(false);
    const shown = must(perform(revealOrders, s2, { sealed: { a: sa.secret, b: sb.secret } }));
    expect(shown.event.summary).toBe(
      'Orders revealed: Surprise Medium Sail, Larboard/Port; Hermione No Sail, Straight'
    );
    expect([sheet(shown.next, 'a').sail, sheet(shown.next, 'a').maneuver]).toEqual([2, 'larboard']);
    expect(ordersThisTurn(shown.next).a.revealed).toBe(true);
    expect(sealedOrdersThisTurn(shown.next)).toEqual({});
    expect(perform(revealOrders, shown.next, {}).ok).toBe(false);
  });

  it('on the live table hidden orders cannot be given openly; off it, everything is as before', () => {
    const open = { shipId: 'a', sail: 2 as const, maneuver: 'larboard' as const };
    expect(perform(giveOrders, battle(), open).ok).toBe(false);
    const single = must(perform(giveOrders, battle(), open, ctxOf({ ordersHidden: true })));
    expect(single.event.summary).toBe('Surprise: orders given (hidden until revealed)');
    // A sealed order needs the hidden-orders option.
    const sealed = sealOrders(battle(), open, saltA);
    expect(perform(giveSealedOrders, battle(), sealed.input, { ...ctxOf(), isLive: true })).toEqual(
      { ok: false, error: 'Orders are open in this battle: give them openly.' }
    );
  });
});
