import type { Json } from '../engine/events';
import type { SystemId } from '../engine/catalog';

/**
 * A campaign's state (issue 36): nothing but its log's ops folded (fold.ts), as a battle's is.
 * Plain JSON throughout, so the battle's `applyOps`, `diff` and undo serve it unchanged.
 */

/** A player of the campaign, with the purse the campaign's costs and prizes go through. */
export interface Captain {
  id: string;
  name: string;
  /** The side their ships take in a battle (a nation, a fleet); their name when left empty. */
  side: string;
  /** What the captain joined with (the ledger's start); absent for captains from before it. */
  startingPurse?: number;
  /** Money in hand, in the campaign's currency; never below 0 (an action it cannot pay is refused). */
  purse: number;
  /** Prize money taken, all battles together (the ledger's "prizes"). */
  prizes: number;
  /** Money spent on repairs, purchases and re-ratings (the ledger's "spent"). */
  spent: number;
  /** Money from ships sold (absent in campaigns from before sales: 0). */
  sales?: number;
  /** Ships lost: sunk, or taken by another captain (the ledger's "losses"). */
  shipsLost: number;
  /** Ships taken as prizes. */
  shipsTaken: number;
  order: number;
}

/** A ship's service record across the campaign's battles (the roster's columns). */
export interface ServiceRecord {
  /** Ids of the battles she fought, oldest first. */
  battles: string[];
  hitsScored: number;
  damageDealt: number;
  damageTaken: number;
  /** Ships her side took while she fought, hers or not (a capture's credit goes to the captor). */
  captures: number;
  /** Points repaired between battles. */
  repairs: number;
  /** Names of her captains in turn (a prize changes hands). */
  captains: string[];
}

export type RosterStatus = 'active' | 'sunk' | 'sold';

/** A ship of the roster: her sheet as it stands between battles, her captain, her record. */
export interface RosterShip {
  id: string;
  name: string;
  captainId: string;
  status: RosterStatus;
  /** The system's ship log as the last battle left it (and repairs since). */
  sheet: Json;
  record: ServiceRecord;
  order: number;
  /** What her captain paid for her (a sale's basis); absent or 0 for a ship given or taken. */
  price?: number;
}

/** A battle fought from the campaign; the battle itself is an ordinary battle record and log. */
export interface CampaignBattle {
  /** The battle record's id. */
  id: string;
  name: string;
  order: number;
  /** The battle's ship id → the roster ship she is. */
  ships: Record<string, string>;
  /** Its outcome is applied to the campaign (the post-battle step); once per battle. */
  isApplied: boolean;
  /**
   * The battle's last event written when it was made from the roster (its ships entering as the
   * campaign left them): the scene, not the battle (absent in battles made before: 0).
   */
  setupSeq?: number;
}

/**
 * The campaign's economy. The rule texts give none (issue 36): every figure is a setting, its
 * default an example or, where a text has the number, cited (settings.ts).
 */
export interface CampaignSettings {
  /** Shown before sums: '£'. */
  currency: string;
  /** What a captain starts with. */
  startingPurse: number;
  /** Prize money to the captor for each ship taken. */
  prizeMoney: number;
  /** The cost of repairing one point of a track, by track id ('hull', 'rigging', 'crew', 'guns'). */
  repairCost: Record<string, number>;
  /** What one re-rating roll of an officer or the crew costs (Privateers; absent before: default). */
  rerateCost?: number;
  /** The share of her price a ship sells for, in percent (absent before sales: default). */
  salePercent?: number;
}

export interface CampaignState {
  systemId: SystemId | null;
  settings: CampaignSettings | null;
  captains: Record<string, Captain>;
  ships: Record<string, RosterShip>;
  battles: Record<string, CampaignBattle>;
}

/** The state every campaign starts from; its first event ('campaign.setup') writes the settings. */
export const INITIAL_CAMPAIGN: CampaignState = Object.freeze({
  systemId: null,
  settings: null,
  captains: Object.freeze({}) as Record<string, Captain>,
  ships: Object.freeze({}) as Record<string, RosterShip>,
  battles: Object.freeze({}) as Record<string, CampaignBattle>
});

export const EMPTY_RECORD: ServiceRecord = Object.freeze({
  battles: [],
  hitsScored: 0,
  damageDealt: 0,
  damageTaken: 0,
  captures: 0,
  repairs: 0,
  captains: []
});

export function captainsInOrder(state: CampaignState): Captain[] {
  return Object.values(state.captains).sort((a, b) => a.order - b.order);
}

export function shipsInOrder(state: CampaignState): RosterShip[] {
  return Object.values(state.ships).sort((a, b) => a.order - b.order);
}

export function battlesInOrder(state: CampaignState): CampaignBattle[] {
  return Object.values(state.battles).sort((a, b) => a.order - b.order);
}

/** The next order number of a record map (one more than the highest). */
export function nextOrder(records: Record<string, { order: number }>): number {
  return Object.values(records).reduce((m, r) => Math.max(m, r.order + 1), 0);
}

/**
 * The captains after one of them pays `amount` from his purse (a ship bought or repaired, an officer
 * re-rated): his purse less and his spending more by it.
 */
export function paidBy(
  state: CampaignState,
  captain: Captain,
  amount: number
): Record<string, Captain> {
  const paid = { ...captain, purse: captain.purse - amount, spent: captain.spent + amount };
  return { ...state.captains, [captain.id]: paid };
}

/** A sum in the campaign's currency: "£1,200". */
export function money(settings: CampaignSettings | null, amount: number): string {
  const sign = amount < 0 ? '−' : '';
  return `${sign}${settings?.currency ?? ''}${Math.abs(amount).toLocaleString('en-GB')}`;
}
