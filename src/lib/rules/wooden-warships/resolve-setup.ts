import { err, ok, type Result } from '../../engine/result';
import { groupThousands } from '../../format/numbers';
import {
  sheetFromChart,
  type LootCard,
  type Sheet,
  type ShipChart,
  type SystemState,
  type UpgradeCard
} from './sheet';
import {
  MINIATURES_IN_CHEST,
  SHIP_TYPE_NAMES,
  STARTING_FUNDS,
  type CrewSkill,
  type ShipType
} from './tables';

// Wooden Warships' fleet purchase (SPEC B.4.1): the price, the purchase, the chest's warnings and
// the cards dealt. Apart from resolve-turn.ts, whose sail and movement a battle's Movement step
// reads, so that step loads none of the set-up (issue 40).

/** "pay extra for better crew": the chart price plus the crew-skill surcharge. */
export function shipCost(chart: ShipChart, skill: CrewSkill): number {
  return chart.price + chart.crewSkillSurcharge[skill];
}

/**
 * B.4.1 step 4: buys a ship for a player, `funds -= price + surcharge`; a purchase that would take
 * the funds below zero is refused ("Each player will start with £7,000").
 */
export function purchaseShip(
  state: SystemState,
  input: {
    player: string;
    name: string;
    chart: ShipChart;
    crewSkill: CrewSkill;
    lootCard?: LootCard | null;
    upgradeCards?: UpgradeCard[];
  }
): Result<{ state: SystemState; sheet: Sheet; cost: number }> {
  const player = state.players[input.player] ?? { funds: STARTING_FUNDS, captain: null };
  const cost = shipCost(input.chart, input.crewSkill);
  if (cost > player.funds) {
    return err(`£${groupThousands(cost)} is more than the £${groupThousands(player.funds)} left.`);
  }
  const holds = input.upgradeCards?.length ?? 0;
  if (holds > input.chart.holdRating) {
    return err(`The hold takes ${input.chart.holdRating} upgrade cards.`);
  }
  return ok({
    state: {
      ...state,
      players: { ...state.players, [input.player]: { ...player, funds: player.funds - cost } }
    },
    sheet: sheetFromChart({
      name: input.name,
      chart: input.chart,
      crewSkill: input.crewSkill,
      lootCard: input.lootCard ?? null,
      upgradeCards: input.upgradeCards ?? []
    }),
    cost
  });
}

/** [APP] Warnings (never blocks) when more ships of a type are bought than the chest holds (B.1):
 *  the purchase's preview counts the fleets with the ship about to be bought. */
export function miniatureWarnings(types: readonly ShipType[]): string[] {
  const counts = new Map<ShipType, number>();
  for (const t of types) counts.set(t, (counts.get(t) ?? 0) + 1);
  const out: string[] = [];
  for (const [t, n] of counts) {
    if (n > MINIATURES_IN_CHEST[t]) {
      out.push(
        `${n} ${SHIP_TYPE_NAMES[t]}s with this ship; the chest has ${MINIATURES_IN_CHEST[t]} miniatures.`
      );
    }
  }
  return out;
}

/** B.4.1 step 6: "draw one loot card and as many upgrade cards as your ship's hold rating". */
export function assignCards(
  sheet: Sheet,
  loot: LootCard | null,
  upgrades: readonly UpgradeCard[]
): Result<Sheet> {
  if (upgrades.length > sheet.chart.holdRating) {
    return err(`The hold rating is ${sheet.chart.holdRating}: at most that many upgrade cards.`);
  }
  return ok({ ...sheet, lootCard: loot, upgradeCards: [...upgrades] });
}
