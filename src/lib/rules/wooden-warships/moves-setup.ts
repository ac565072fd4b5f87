import type { BattleShip, BattleState } from '../../engine/events';
import { defineMove, draftOf, refuse, withPreview, type MovePreview } from '../../battle/move';
import { ok, type Result } from '../../engine/result';
import { withSystem } from '../../battle/sheets';
import type { WwOptions } from './options';
import { assignCards, miniatureWarnings, purchaseShip, shipCost } from './resolve-setup';
import { battleShips, pounds, shipAndSheet, sheetsDraft, systemOf, type WwShip } from './ships';
import type { CaptainCard, LootCard, Sheet, ShipChart, SystemState, UpgradeCard } from './sheet';
import { STARTING_FUNDS, type CrewSkill, type ShipType } from './tables';
import * as z from 'zod/mini';
import { idInput, textInput } from '../../engine/input-kit';
import {
  captainCardSchema,
  crewSkillSchema,
  lootCardSchema,
  shipChartSchema,
  upgradeCardSchema
} from './sheet-schema';

// Set-up (SPEC B.4.1): players with £7,000 each, the user's cards, the captains, the fleet purchase
// and the holds. Each is one event; the chest holds each card once ("20 upgrade cards total"), so a
// card is in one place at a time: the deck, one ship's hold, or fitted to one ship.

/** Where each card is now: card id → the ship holding it (loot card, hold or fitted). */
export function cardPlaces(state: BattleState): Map<string, WwShip> {
  const out = new Map<string, WwShip>();
  for (const s of battleShips(state)) {
    const ids = [
      ...(s.sheet.lootCard ? [s.sheet.lootCard.id] : []),
      ...s.sheet.upgradeCards.map((c) => c.id),
      ...s.sheet.appliedUpgrades.map((c) => c.id)
    ];
    for (const id of ids) if (!out.has(id)) out.set(id, s);
  }
  return out;
}

/** The cards of the deck not in any ship's hold: what may still be drawn (B.4.1 step 6). */
export function cardsInDeck(state: BattleState): {
  lootCards: LootCard[];
  upgradeCards: UpgradeCard[];
} {
  const places = cardPlaces(state);
  const system = systemOf(state);
  return {
    lootCards: system.lootCards.filter((c) => !places.has(c.id)),
    upgradeCards: system.upgradeCards.filter((c) => !places.has(c.id))
  };
}

/** The refusal for a card already in another ship's hold, or null. */
function heldElsewhere(
  state: BattleState,
  cardIds: readonly string[],
  shipId: string | null
): string | null {
  const places = cardPlaces(state);
  for (const id of cardIds) {
    const at = places.get(id);
    if (at && at.id !== shipId) {
      return `That card is already in ${at.sheet.name}'s hold: each card is in one place at a time.`;
    }
  }
  return null;
}

export interface AddPlayerInput {
  name: string;
}

/** "Each player will start with £7,000" (SPEC B.4.1): a player joins the fleet purchase. */
export const addPlayer = defineMove<AddPlayerInput, WwOptions>({
  id: 'ww.player',
  category: 'setup',
  input: z.strictObject({ name: textInput() }),
  run: (state, input) => {
    const player = input.name.trim();
    if (!player) return refuse('Name the player.');
    const system = systemOf(state);
    if (system.players[player]) return refuse(`${player} is already playing.`);
    const next: SystemState = {
      ...system,
      players: { ...system.players, [player]: { funds: STARTING_FUNDS, captain: null } }
    };
    return draftOf(state, {
      kind: 'ww.player',
      summary: `${player} joins with ${pounds(STARTING_FUNDS)}`,
      next: withSystem(state, next),
      // A player, not a ship, joins (B.4.1 step 3).
      meaning: { actor: null }
    });
  }
});

export type CardListsInput = Pick<SystemState, 'captainCards' | 'lootCards' | 'upgradeCards'>;

function hasDuplicateIds(cards: readonly { id: string }[]): boolean {
  return new Set(cards.map((c) => c.id)).size !== cards.length;
}

/**
 * The user's card lists (captain, loot, upgrade cards: user data, SPEC B.6): add, edit or remove.
 * A card in a ship's hold stays there as it was drawn; the deck lists each card once.
 */
export const setCards = defineMove<CardListsInput, WwOptions>({
  id: 'ww.cards',
  category: 'setup',
  input: z.strictObject({
    captainCards: z.array(captainCardSchema),
    lootCards: z.array(lootCardSchema),
    upgradeCards: z.array(upgradeCardSchema)
  }),
  run: (state, lists) => {
    if (
      hasDuplicateIds(lists.captainCards) ||
      hasDuplicateIds(lists.lootCards) ||
      hasDuplicateIds(lists.upgradeCards)
    ) {
      return refuse('Each card is in the lists once.');
    }
    const system = systemOf(state);
    const next = { ...system, ...lists };
    return draftOf(state, {
      kind: 'ww.cards',
      summary: `Cards: ${lists.captainCards.length} captain, ${lists.lootCards.length} loot, ${lists.upgradeCards.length} upgrade`,
      next: withSystem(state, next),
      // The user's card lists (B.6): no ship acts.
      meaning: { actor: null }
    });
  }
});

export interface CaptainInput {
  player: string;
  cardId: string | null;
}

/** "Choose 1 of the 6 captain cards" (B.4.1): the card's % modifiers apply to the player's attacks. */
export const chooseCaptain = defineMove<CaptainInput, WwOptions>({
  id: 'ww.captain',
  category: 'setup',
  input: z.strictObject({ player: textInput(), cardId: z.nullable(idInput) }),
  run: (state, { player, cardId }) => {
    const system = systemOf(state);
    const p = system.players[player];
    if (!p) return refuse(`Add ${player} first.`);
    const captain: CaptainCard | null | undefined =
      cardId === null ? null : system.captainCards.find((c) => c.id === cardId);
    if (captain === undefined) return refuse('That captain card is not in the list.');
    return draftOf(state, {
      kind: 'ww.captain',
      summary: captain
        ? `${player} chooses ${captain.name} as captain`
        : `${player} has no captain card`,
      next: withSystem(state, {
        ...system,
        players: { ...system.players, [player]: { ...p, captain } }
      }),
      // The player's captain card (B.4.1 step 2): a player's choice, no ship acts.
      meaning: { actor: null }
    });
  }
});

export interface PurchaseInput {
  /** The new ship's id; absent, the move takes one from `ctx.newId`. */
  id?: string;
  player: string;
  name: string;
  chart: ShipChart;
  crewSkill: CrewSkill;
  lootCardId?: string | null;
  /** "draw … as many upgrade cards as your ship's hold rating" (B.4.1 step 6). */
  upgradeCardIds?: readonly string[];
}

/** What a purchase makes, checked as `ww.purchase` checks it: the new ship's log, her price and the
 *  system state with the funds paid (the move adds her to the battle). */
export interface PurchasePlan {
  name: string;
  sheet: Sheet;
  cost: number;
  system: SystemState;
  upgradeCards: UpgradeCard[];
}

/** B.4.1 steps 4–6, the move's own check: the buyer joined, the ship named, the cards drawn from
 *  the deck once each and not held elsewhere, the hold and the funds (never below zero). */
export function planPurchase(state: BattleState, input: PurchaseInput): Result<PurchasePlan> {
  const system = systemOf(state);
  if (!system.players[input.player]) return refuse(`Add ${input.player || 'the player'} first.`);
  const name = input.name.trim();
  if (!name) return refuse('Name the ship.');
  if (input.id !== undefined && state.ships[input.id]) {
    return refuse('That ship is already in the battle.');
  }
  const drawn = input.upgradeCardIds ?? [];
  if (new Set(drawn).size !== drawn.length) return refuse('Draw each upgrade card once.');
  const upgradeCards: UpgradeCard[] = [];
  for (const cardId of drawn) {
    const c = system.upgradeCards.find((u) => u.id === cardId);
    if (!c) return refuse('That upgrade card is not in the list.');
    upgradeCards.push(c);
  }
  const lootCard = input.lootCardId
    ? system.lootCards.find((c) => c.id === input.lootCardId)
    : null;
  if (lootCard === undefined) return refuse('That loot card is not in the list.');
  const elsewhere = heldElsewhere(state, [...drawn, ...(lootCard ? [lootCard.id] : [])], null);
  if (elsewhere) return refuse(elsewhere);
  const r = purchaseShip(system, { ...input, name, lootCard, upgradeCards });
  if (!r.ok) return r;
  return ok({
    name,
    sheet: r.value.sheet,
    cost: r.value.cost,
    system: r.value.state,
    upgradeCards
  });
}

/** What the buyer sees before the purchase (`purchase.preview`): the price, the funds now and
 *  after, the chest's miniatures with this ship bought, and why the move would refuse, if it would
 *  (the price is shown on the button before the ship is named). */
export interface PurchaseOutlook {
  /** The chart's price and the crew skill's surcharge (B.4.1 step 4). */
  cost: number;
  fundsNow: number;
  fundsAfter: number;
  /** [APP] B.4.1 step 4: more ships of a type than the chest's miniatures, said, never refused. */
  warnings: string[];
  /** The move's refusal on this input, or null when it would buy her. */
  refusal: string | null;
}

/** The ship types of the battle's ships (the purchase's fleets; a ship without a log counts none). */
function typesAfloat(state: BattleState): ShipType[] {
  return battleShips(state).map((s) => s.sheet.chart.type);
}

export function purchaseOutlook(state: BattleState, input: PurchaseInput): PurchaseOutlook {
  const fundsNow = systemOf(state).players[input.player]?.funds ?? 0;
  const cost = shipCost(input.chart, input.crewSkill);
  const plan = planPurchase(state, input);
  return {
    cost: plan.ok ? plan.value.cost : cost,
    fundsNow,
    fundsAfter: fundsNow - cost,
    warnings: miniatureWarnings([...typesAfloat(state), input.chart.type]),
    refusal: plan.ok ? null : plan.error
  };
}

export const purchasePreview: MovePreview<PurchaseInput, PurchaseOutlook, WwOptions> = {
  odds: (state, input) => ok(purchaseOutlook(state, input)),
  // Nothing is rolled in the fleet purchase.
  dice: () => ok([])
};

/** B.4.1 step 4–6: buys a ship; the ship joins the battle and the funds drop in the same event. */
const purchaseMove = defineMove<PurchaseInput, WwOptions>({
  id: 'ww.purchase',
  category: 'setup',
  input: z.strictObject({
    id: z.optional(idInput),
    player: textInput(),
    name: textInput(),
    chart: shipChartSchema,
    crewSkill: crewSkillSchema,
    lootCardId: z.optional(z.nullable(idInput)),
    upgradeCardIds: z.optional(z.array(idInput))
  }),
  run: (state, input, ctx) => {
    const plan = planPurchase(state, input);
    if (!plan.ok) return plan;
    const { name, sheet, cost, system, upgradeCards } = plan.value;
    const id = input.id ?? ctx.newId();
    if (state.ships[id]) return refuse('That ship is already in the battle.');
    const ship: BattleShip = {
      id,
      side: input.player,
      player: input.player,
      sheet,
      order: Object.keys(state.ships).length
    };
    const funds = system.players[input.player]?.funds ?? 0;
    const hold = upgradeCards.length ? `; hold: ${upgradeCards.map((c) => c.name).join(', ')}` : '';
    return draftOf(state, {
      kind: 'ww.purchase',
      summary: `${input.player} buys ${name} (${input.chart.name}, ${input.crewSkill}) for ${pounds(cost)}: ${pounds(funds)} left${hold}`,
      next: {
        ...state,
        ships: { ...state.ships, [id]: ship },
        system
      },
      // The player buys (B.4.1 step 4); the event names the ship it brings into the battle.
      meaning: { actor: id }
    });
  }
});

/** The purchase, with the price, the funds left and the chest's miniatures before the ship is
 *  bought (`purchase.preview`). */
export const purchase = withPreview(purchaseMove, purchasePreview);

export interface HoldInput {
  shipId: string;
  lootCardId: string | null;
  upgradeCardIds: readonly string[];
}

/**
 * B.4.1 step 6 for a ship already afloat: "draw one loot card and as many upgrade cards as your
 * ship's hold rating" from the battle's deck (user data). Replaces what the hold held.
 */
export const fillHold = defineMove<HoldInput, WwOptions>({
  id: 'ww.hold',
  category: 'setup',
  input: z.strictObject({
    shipId: idInput,
    lootCardId: z.nullable(idInput),
    upgradeCardIds: z.array(idInput)
  }),
  run: (state, input) => {
    const s = shipAndSheet(state, input.shipId);
    if (!s.ok) return s;
    const system = systemOf(state);
    const held = s.value.sheet.lootCard;
    const loot =
      input.lootCardId === null
        ? null
        : held?.id === input.lootCardId
          ? held
          : system.lootCards.find((c) => c.id === input.lootCardId);
    if (loot === undefined) return refuse('That loot card is not in the list.');
    const ids = input.upgradeCardIds;
    if (new Set(ids).size !== ids.length) return refuse('Draw each card once.');
    const upgrades: UpgradeCard[] = [];
    for (const id of ids) {
      const c =
        s.value.sheet.upgradeCards.find((u) => u.id === id) ??
        system.upgradeCards.find((u) => u.id === id);
      if (!c) return refuse('That upgrade card is not in the list.');
      upgrades.push(c);
    }
    const elsewhere = heldElsewhere(state, [...ids, ...(loot ? [loot.id] : [])], input.shipId);
    if (elsewhere) return refuse(elsewhere);
    const r = assignCards(s.value.sheet, loot, upgrades);
    if (!r.ok) return r;
    const names = upgrades.map((u) => u.name).join(', ') || 'no upgrade cards';
    return sheetsDraft(state, {
      kind: 'ww.hold',
      summary: `${s.value.sheet.name}'s hold: ${loot ? `loot card ${loot.name}, ` : ''}${names}`,
      sheets: { [input.shipId]: r.value },
      // The cards drawn into this ship's hold (B.4.1 step 6): the event is hers, nothing is rolled.
      meaning: { actor: input.shipId }
    });
  }
});
