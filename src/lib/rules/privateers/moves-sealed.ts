import type { BattleState } from '../../engine/events';
import { draftOf } from '../../battle/move';
import { COMMITMENT_PATTERN, commitment, verifyReveal } from '../../battle/secret';
import { err } from '../../engine/result';
import * as common from './moves-common';
import {
  applyOrder,
  maneuverInput,
  maneuverLabel,
  sailingAngle,
  sailInput,
  sailLabel,
  type OrdersInput
} from './moves-orders';
import { validateOrders } from './resolve-movement';
import type { Maneuver, SailLevel } from './tables';
import type { SealedOrder, Sheet, ShipOrder } from './sheet';
import { ordersThisTurn, sealedOrdersThisTurn } from './turn-reads';

// Privateers hidden orders (Errata 7) revealed, and sealed on the live table (#19 item 5): apart
// from moves-orders.ts, so the Phase 1 screen loads their SHA-256 only when they are used (issue 40).
// With `ordersHidden` on a shared battle, a ship's orders never reach the public log or another
// phone: the seat's device checks them (ordersProblems), seals them (`sealOrders`: the commitment
// for the public event, the orders and salt for the seat's private document) and performs
// `giveSealedOrders` with the commitment only. `revealOrders` then carries every sealed ship's
// orders and salt (the referee's device opens every seat's document), checked against the
// commitments, and turns them up together as the open reveal does.

/** What a seat keeps private until the reveal: its ship's orders and the salt they were sealed with. */
export interface OrdersSecret {
  sail: SailLevel;
  maneuver: Maneuver;
  salt: string;
}

/** The public move's input: the ship and the commitment, never the orders. */
export interface SealedOrdersInput {
  shipId: string;
  commitment: string;
}

/** What is hashed: the orders with the ship and turn, so a reveal fits one ship on one turn only. */
function sealedSecret(shipId: string, turn: number, o: Pick<OrdersSecret, 'sail' | 'maneuver'>) {
  return { shipId, turn, sail: o.sail, maneuver: o.maneuver };
}

/**
 * Seals one ship's orders for this turn under a random `salt` (saltOf(getRandomValues(16 bytes))):
 * `input` for giveSealedOrders (public), `secret` for the seat's private document.
 */
export function sealOrders(
  state: BattleState,
  orders: OrdersInput,
  salt: string
): { input: SealedOrdersInput; secret: OrdersSecret } {
  const secret: OrdersSecret = { sail: orders.sail, maneuver: orders.maneuver, salt };
  return {
    input: {
      shipId: orders.shipId,
      commitment: commitment(sealedSecret(orders.shipId, state.turn, orders), salt)
    },
    secret
  };
}

/** "Orders given (sealed)": the public half of hidden orders on the live table. */
export const giveSealedOrders = common.pvMove<SealedOrdersInput>({
  id: 'pv.seal-orders',
  input: ({ z, idInput, textInput }) =>
    z.strictObject({ shipId: idInput, commitment: textInput(200) }),
  phase: 'orders',
  what: 'Orders',
  category: 'orders',
  run: (state, input, ctx) => {
    const options = common.optionsOf(ctx);
    if (!options.ordersHidden) return err('Orders are open in this battle: give them openly.');
    const { shipId } = input;
    const s = common.fightingSheet(state, shipId);
    if (!s.ok) return s;
    if (typeof input.commitment !== 'string' || !COMMITMENT_PATTERN.test(input.commitment))
      return err('These sealed orders are damaged: seal them again.');
    const prior = ordersThisTurn(state)[shipId];
    if (prior?.revealed) return err(`${s.value.name}'s orders are already revealed this turn.`);
    const sys = common.systemOf(state);
    const sealed: SealedOrder = {
      turn: state.turn,
      fromSail: sealedOrdersThisTurn(state)[shipId]?.fromSail ?? prior?.fromSail ?? s.value.sail,
      commitment: input.commitment
    };
    return draftOf(state, {
      kind: 'pv.seal-orders',
      summary: `${s.value.name}: orders given (sealed until revealed)`,
      next: common.withSystem(state, {
        ...sys,
        sealedOrders: { ...(sys.sealedOrders ?? {}), [shipId]: sealed }
      }),
      meaning: { actor: shipId }
    });
  }
});

export interface RevealOrdersInput {
  /** Live table: every sealed ship's orders and salt, from the seats' private documents. */
  sealed?: Record<string, OrdersSecret>;
}

/** "Reveal orders": every hidden order of this turn goes on the ships' logs at once. */
export const revealOrders = common.pvMove<RevealOrdersInput>({
  id: 'pv.reveal-orders',
  input: (kit) => {
    const { z, idInput, textInput } = kit;
    return z.strictObject({
      sealed: z.optional(
        z.record(
          idInput,
          z.strictObject({
            sail: sailInput(kit),
            maneuver: maneuverInput(kit),
            salt: textInput(200)
          })
        )
      )
    });
  },
  phase: 'orders',
  what: 'Revealing orders',
  category: 'orders',
  run: (state, input, ctx) => {
    const sys = common.systemOf(state);
    const pending = Object.entries(ordersThisTurn(state)).filter(([, o]) => !o.revealed);
    const sealed = Object.entries(sealedOrdersThisTurn(state));
    if (pending.length === 0 && sealed.length === 0) return err('No hidden orders to reveal.');
    const sheets: Record<string, Sheet> = {};
    const orders = { ...(sys.orders ?? {}) };
    const parts: string[] = [];
    for (const [id, o] of pending) {
      const s = common.sheetOf(state.ships[id]);
      orders[id] = { ...o, revealed: true };
      if (!s) continue;
      sheets[id] = applyOrder(s, o);
      parts.push(`${s.name} ${sailLabel(o.sail)}, ${maneuverLabel(o.maneuver)}`);
    }
    const stillSealed = { ...(sys.sealedOrders ?? {}) };
    for (const [id, o] of sealed) {
      const s = common.sheetOf(state.ships[id]);
      const name = s?.name ?? 'A ship';
      const secret = input?.sealed?.[id];
      if (!secret)
        return err(`${name}'s sealed orders are not on this device: reveal from the referee's.`);
      if (!verifyReveal(o.commitment, sealedSecret(id, state.turn, secret), secret.salt))
        return err(`${name}'s orders as revealed are not the ones sealed.`);
      delete stillSealed[id];
      const order: ShipOrder = {
        turn: state.turn,
        fromSail: o.fromSail,
        sail: secret.sail,
        maneuver: secret.maneuver,
        revealed: true
      };
      orders[id] = order;
      if (!s) continue;
      const before = { ...s, sail: o.fromSail };
      const { pos } = sailingAngle(state, s, common.optionsOf(ctx));
      const r = validateOrders(before, { ...secret, pointOfSail: pos }, common.optionsOf(ctx));
      if (!r.ok) return err(`${name}'s sealed orders cannot be carried out: ${r.error.join(' ')}`);
      sheets[id] = applyOrder(s, order);
      parts.push(`${s.name} ${sailLabel(order.sail)}, ${maneuverLabel(order.maneuver)}`);
    }
    const system = { ...sys, orders };
    if (sealed.length > 0) {
      if (Object.keys(stillSealed).length > 0) system.sealedOrders = stillSealed;
      else delete system.sealedOrders;
    }
    return draftOf(state, {
      kind: 'pv.reveal-orders',
      summary: `Orders revealed: ${parts.join('; ')}`,
      next: common.withSheets(common.withSystem(state, system), sheets)
    });
  }
});
