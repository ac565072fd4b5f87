import { history } from '../battle/actions';
import type { BattleEvent } from '../engine/events';
import { fold } from '../battle/fold';
import { loot, type LootInput } from '../rules/wooden-warships/moves-boarding';
import { lootOptions } from '../rules/wooden-warships/resolve-boarding';
import { sheetSchema } from '../rules/wooden-warships/sheet-schema';
import * as inputKit from '../engine/input-kit';

/**
 * Wooden Warships' loot in the campaign's prize money (issue 36): "Looting an enemy's ship will
 * provide you with either the upgrade cards in the ship's hold or the amount listed on the loot card
 * multiplied by the ship's hold rating" (B.4.8). A prize looted in the battle for money (the move's
 * meaning says 'loot' with the prize as its target; its input, read by the move's own schema, says
 * the money was chosen) brings her captor that sum, beside the campaign's prize money: the amount
 * of her loot card and hold rating as they stood when she was looted (the card is spent by it).
 * The cards stay in the battle's holds; they are not money. Sinking provides nothing.
 */
export function lootMoneyOf(events: readonly BattleEvent[], prizeId: string): number {
  const { voided } = history(events);
  let total = 0;
  events.forEach((e, i) => {
    if (voided.has(e.id) || e.meaning?.category !== 'loot' || e.meaning.target !== prizeId) return;
    // The move's schema is its input type's (move-inputs.test.ts pins every move's).
    const input = loot.input(inputKit).safeParse(e.input);
    if (!input.success || (input.data as LootInput).choice !== 'lootAmount') return;
    const before = fold(events.slice(0, i));
    const sheet = sheetSchema.safeParse(before.ships[prizeId]?.sheet);
    if (sheet.success) total += lootOptions(sheet.data).lootAmount ?? 0;
  });
  return total;
}
