import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../battle/events';
import { stampEvent } from '../../battle/events';
import { applyEvent } from '../../battle/fold';
import { withInput } from '../../battle/move';
import { saltOf } from '../../battle/secret';
import {
  giveOrders,
  giveSealedOrders,
  ordersThisTurn,
  revealOrders,
  sealOrders,
  sealedOrdersThisTurn,
  sheetOf,
  shipFromClass
} from './moves';
import { ctxOf, inPhaseOf } from './moves.fixture';
import type { PvContext, PvMove } from './moves-common';
import type { Sheet, ShipClass } from './sheet';

// Hidden orders on the live table (#19 item 5): the public log and state hold "orders given" and a
// commitment; the orders and salt stay with the seat until the reveal, which is checked.

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
  const a = shipFromClass(FRIGATE, { id: 'a', name: 'Surprise', side: 'GB', player: '', order: 0 });
  const b = shipFromClass(FRIGATE, { id: 'b', name: 'Hermione', side: 'ES', player: '', order: 1 });
  const fighting = (s: unknown): Sheet => ({ ...(s as Sheet), sail: 1, prevSail: 1 });
  return {
    turn: 1,
    phase: 0,
    ships: { a: { ...a, sheet: fighting(a.sheet) }, b: { ...b, sheet: fighting(b.sheet) } },
    system: null
  };
}

const LIVE: PvContext = { ...ctxOf({ ordersHidden: true }), isLive: true };
const saltA = saltOf(new Uint8Array(16).fill(7));
const saltB = saltOf(new Uint8Array(16).fill(9));

/** As session.perform writes it: the move's draft with its input, stamped, applied. */
function perform<I>(move: PvMove<I>, state: BattleState, input: I, ctx: PvContext = LIVE) {
  const at = inPhaseOf(move, state);
  const r = withInput(move.run(at, input, ctx), input);
  if (!r.ok) return r;
  const event = stampEvent(r.value, { id: 'e', battleId: 'b', seq: 1, deviceId: 'd', at: 0 });
  return { ok: true as const, event, next: applyEvent(at, event) };
}

function must<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error((r as unknown as { error: string }).error);
  return r as Extract<T, { ok: true }>;
}

const sheet = (s: BattleState, id: string): Sheet => sheetOf(s.ships[id])!;

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
