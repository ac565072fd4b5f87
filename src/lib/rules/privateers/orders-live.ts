import type { BattleShip, BattleState, Json } from '../../engine/events';
import { isSalt } from '../../battle/secret';
import type { SecretWrite, SecretsView } from '../../engine/secrets';
import { ordersSecretKey, seatOfShip } from './orders-seat';
import type { OrdersInput } from './moves-orders';
import { sealOrders, type OrdersSecret, type SealedOrdersInput } from './moves-sealed';
import { sealedOrdersThisTurn } from './turn-reads';
import type { Maneuver, SailLevel } from './tables';
import { MANEUVERS } from './tables-play';

/**
 * Hidden orders on the live table, where they are kept (#19 item 5): a ship's sealed orders and
 * salt go to its seat's private document (its player's; the referee's own for a ship without a
 * player) under `pv.orders/<ship id>`. The seat's device seals them (`sealedOrdersFor`); the
 * referee's device, which opens every seat's document, gathers them for the reveal
 * (`sealedFromSecrets`), and the reveal checks each against its commitment.
 */

export { canSealFor, ordersSecretKey, seatOfShip } from './orders-seat';

/** Sealed orders: the public move's input and the private write beside it. */
export function sealedOrdersFor(
  state: BattleState,
  ship: Pick<BattleShip, 'player'>,
  orders: OrdersInput,
  salt: string
): { input: SealedOrdersInput; write: SecretWrite } {
  const { input, secret } = sealOrders(state, orders, salt);
  const value: Json = { sail: secret.sail, maneuver: secret.maneuver, salt: secret.salt };
  return { input, write: { seat: seatOfShip(ship), key: ordersSecretKey(orders.shipId), value } };
}

const isSail = (v: unknown): v is SailLevel => v === 0 || v === 1 || v === 2 || v === 3;
const isManeuver = (v: unknown): v is Maneuver => MANEUVERS.some((m) => m.id === v);

/** A private document's value as sealed orders, or null (another device wrote it: checked). */
export function ordersSecretOf(value: Json | undefined): OrdersSecret | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { sail, maneuver, salt } = value;
  if (!isSail(sail) || !isManeuver(maneuver) || !isSalt(salt)) return null;
  return { sail, maneuver, salt };
}

/**
 * Every sealed order of this turn this device can read, for `revealOrders` (the referee's device
 * reads them all; a ship's missing from it is refused by the reveal, by name).
 */
export function sealedFromSecrets(
  state: BattleState,
  view: SecretsView
): Record<string, OrdersSecret> {
  const out: Record<string, OrdersSecret> = {};
  for (const shipId of Object.keys(sealedOrdersThisTurn(state))) {
    const ship = state.ships[shipId];
    if (!ship) continue;
    const secret = ordersSecretOf(view.get(seatOfShip(ship), ordersSecretKey(shipId)));
    if (secret) out[shipId] = secret;
  }
  return out;
}
