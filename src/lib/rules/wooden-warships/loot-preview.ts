import type { BattleState } from '../../engine/events';
import type { MovePreview } from '../../battle/move';
import { err, ok, type Result } from '../../engine/result';
import type { WwOptions } from './options';
import { isLootable, lootOptions } from './turn-reads';
import { sheetOf, shipAndSheet, shipPair, type ShipAndSheet } from './ships';

// Looting (SPEC B.4.8) before the choice (issue 31 item 2): who loots the prize and what is aboard
// her, checked as `ww.loot` checks it, so the panel offers exactly the choices the move takes.

/** The ship that loots a prize: the one whose boarders took her (B.4.8), while she is afloat. */
export function captorOf(state: BattleState, prizeId: string): string | null {
  const prize = sheetOf(state.ships[prizeId]);
  const by = prize?.capturedBy;
  if (!by) return null;
  return sheetOf(state.ships[by])?.status === 'active' ? by : null;
}

export { isLootable };

export interface LootOrder {
  prizeId: string;
  /** The looting ship when the prize does not name her captor (older logs) or the captor sank. */
  captorId?: string;
}

/** The loot before the choice: the captor and prize, and either the money or the cards aboard. */
export interface LootOutlook extends ReturnType<typeof lootOptions> {
  captorId: string;
  captor: ShipAndSheet;
  prize: ShipAndSheet;
}

/** "either the upgrade cards in the ship's hold or the amount listed on the loot card multiplied
 *  by the ship's hold rating": once per prize, by her captor (the move's checks, in its words). */
export function planLoot(state: BattleState, order: LootOrder): Result<LootOutlook> {
  const prizeShip = shipAndSheet(state, order.prizeId);
  if (!prizeShip.ok) return prizeShip;
  const prizeSheet = prizeShip.value.sheet;
  if (prizeSheet.lootedBy) {
    const by = sheetOf(state.ships[prizeSheet.lootedBy])?.name ?? 'her captor';
    return err(
      `${prizeSheet.name} has been looted by ${by} already: either the money or the cards, once.`
    );
  }
  const captorId = captorOf(state, order.prizeId) ?? order.captorId;
  if (!captorId) return err(`Choose the ship that loots ${prizeSheet.name}.`);
  const pair = shipPair(state, captorId, order.prizeId);
  if (!pair.ok) return pair;
  const [captor, prize] = pair.value;
  if (captor.sheet.status !== 'active') {
    return err(`${captor.sheet.name} is ${captor.sheet.status}: she cannot loot.`);
  }
  if (prize.sheet.status !== 'captured') {
    return err(`${prize.sheet.name} is not a prize: only a captured ship is looted.`);
  }
  if (captor.ship.player && captor.ship.player === prize.ship.player) {
    return err(`${prize.sheet.name} is one of ${captor.ship.player}'s own ships.`);
  }
  return ok({ ...lootOptions(prize.sheet), captorId, captor, prize });
}

export const lootPreview: MovePreview<LootOrder, LootOutlook, WwOptions> = {
  odds: (state, order) => planLoot(state, order),
  dice: () => ok([])
};
