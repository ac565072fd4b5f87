import type { Json } from '../engine/events';
import type { SystemId } from '../engine/catalog';
import { sheetSchema as wwSheetSchema } from '../rules/wooden-warships/sheet-schema';

/**
 * What a ship costs to buy, where a text gives the reckoning. Wooden Warships' "Purchase Your
 * Fleet" does (SPEC B.4.1 step 4): `funds -= chart.price + crewSkillSurcharge` ("if you dare, pay
 * extra for better crew"), the price and the surcharges being her chart's ([USER DATA], B.6; the
 * shipped charts are examples). Privateers and Master and Commander give none: the referee types it.
 */

export interface ListPrice {
  price: number;
  /** How the price is made up, for the label beside it. */
  breakdown: string;
  /** The chart is one of the shipped examples, not the players' own. */
  isExample: boolean;
}

/** The text's price of a ship's log, or null where the text gives none. */
export function listPrice(systemId: SystemId, sheet: Json): ListPrice | null {
  if (systemId !== 'wooden-warships') return null;
  const parsed = wwSheetSchema.safeParse(sheet);
  if (!parsed.success) return null;
  const { chart, crewSkill } = parsed.data;
  const surcharge = chart.crewSkillSurcharge[crewSkill];
  return {
    price: chart.price + surcharge,
    breakdown: `${chart.name} £${chart.price.toLocaleString('en-GB')} + ${crewSkill} crew £${surcharge.toLocaleString('en-GB')}`,
    isExample: chart.isExample
  };
}
