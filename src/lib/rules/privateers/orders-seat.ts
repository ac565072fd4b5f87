import type { BattleShip } from '../../engine/events';
import { REFEREE_SEAT, type SecretsView } from '../../engine/secrets';

// Which seat's private document keeps a ship's hidden orders on the live table (#19 item 5), apart
// from orders-live.ts: the orders screen asks it as it draws, and loads the sealing (SHA-256) only
// when orders are sealed or revealed (issue 40).

export const ordersSecretKey = (shipId: string): string => `pv.orders/${shipId}`;

/** The seat whose private document keeps a ship's hidden orders. */
export function seatOfShip(ship: Pick<BattleShip, 'player'>): string {
  return ship.player.trim() || REFEREE_SEAT;
}

/** True when this device opens the document a ship's orders are sealed into. */
export function canSealFor(
  view: SecretsView | undefined,
  ship: Pick<BattleShip, 'player'>
): boolean {
  return view !== undefined && view.seats.includes(seatOfShip(ship));
}
