import type { Json } from '../engine/events';
import { err, ok, type Result } from '../engine/result';
import type { SetupPlayer, Sheet } from '../rules/master-and-commander/sheet';
import { sheetSchema } from '../rules/master-and-commander/sheet-schema';
import {
  ADVANCED_MODULES,
  GAME_SETUP,
  type AdvancedModule,
  type GameVariant
} from '../rules/master-and-commander/tables';
import type { CampaignState } from './state';

/**
 * Master and Commander's battles from the roster (issue 36). Its ships enter a game by the fleets'
 * set-up, not one by one: "players will command two black ships, two copper ships, two silver ships
 * or two gold ships" at "the Homeport nearest you" (A.4.1; the Beginner game one ship). So a
 * campaign battle sets up the fleets of the captains who sail, each captain a player with the
 * colour and Homeport of their ships, then each ship set up takes the roster ship's log as the
 * campaign carries it (her name and the Prize Disks she has left: damage carried, A.3.3), by the
 * battle's own sheet-edit move; a fleet short of a ship (one sunk or sold) leaves the extra one
 * out by the battle's own remove move. What does not carry: the Repair Cards, which each game
 * lays out afresh ("Four Repair Cards are placed at each Homeport at the beginning of each game",
 * A.1), her heading and place, which the set-up gives (out of her Homeport).
 */

export interface FleetPlan {
  players: SetupPlayer[];
  /** The set-up's ship ids in its order: each a campaign battle ship, or null for an extra. */
  slots: (string | null)[];
}

/**
 * The Advanced game's modules a campaign battle plays unless the referee chooses others ("Add one
 * or more of the following rules", A.1): Boarding (how a prize changes hands), Raids, Ramming and
 * Mist. The Master and Commander cards are offered but start unticked: a deck each game shuffles
 * afresh, whose drawn cards are private to a player.
 */
export const CAMPAIGN_MODULES: Readonly<Record<AdvancedModule, boolean>> = {
  cards: false,
  boarding: true,
  raids: true,
  ramming: true,
  mist: true
};

/** The modules a campaign battle sets up with: the referee's choice, or the campaign's usual set. */
export function battleModules(
  variant: GameVariant,
  chosen: Readonly<Record<string, boolean>> | undefined
): Result<Partial<Record<AdvancedModule, boolean>>> {
  if (variant !== 'advanced') return ok({});
  const modules = { ...CAMPAIGN_MODULES };
  for (const [id, on] of Object.entries(chosen ?? {})) {
    const known = ADVANCED_MODULES.find((m) => m.id === id);
    if (!known || typeof on !== 'boolean') return err(`"${id}" is not an Advanced game module.`);
    modules[known.id] = on;
  }
  return ok(modules);
}

export function variantOfCampaign(variant: string): GameVariant {
  return variant === 'beginner' || variant === 'advanced' ? variant : 'basic';
}

/** The fleets' set-up for the ships that sail (battle ship id → roster ship id), or the refusal. */
export function fleetPlan(
  state: CampaignState,
  ships: Record<string, string>,
  variant: GameVariant
): Result<FleetPlan> {
  const perPlayer = GAME_SETUP[variant].shipsPerPlayer;
  const byCaptain = new Map<string, { battleId: string; sheet: Sheet }[]>();
  for (const [battleId, rosterId] of Object.entries(ships)) {
    const roster = state.ships[rosterId];
    const parsed = sheetSchema.safeParse(roster?.sheet);
    if (!roster || !parsed.success) {
      return err(`${roster?.name ?? 'A ship'}'s log is not a Master and Commander ship's log.`);
    }
    const list = byCaptain.get(roster.captainId) ?? [];
    list.push({ battleId, sheet: parsed.data });
    byCaptain.set(roster.captainId, list);
  }
  const players: SetupPlayer[] = [];
  const slots: (string | null)[] = [];
  for (const [captainId, fleet] of byCaptain) {
    const captain = state.captains[captainId];
    if (fleet.length > perPlayer) {
      return err(
        `${captain.name} commands ${perPlayer === 1 ? 'one ship' : 'two ships'} in a Master and Commander game: choose ${perPlayer === 1 ? 'one' : 'two'}.`
      );
    }
    const first = fleet[0].sheet;
    players.push({
      id: captain.name,
      name: captain.name,
      colour: first.colour,
      homeport: first.homeport,
      isBanded: first.isBanded,
      shipName: perPlayer === 1 ? first.name : undefined
    });
    for (let i = 0; i < perPlayer; i++) slots.push(fleet[i]?.battleId ?? null);
  }
  return ok({ players, slots });
}

/**
 * The log a ship set up for the battle takes from the roster: the set-up's place and heading, the
 * roster's name, class and Prize Disks (a ship that sails is afloat).
 */
export function enteringSheet(setUp: Json, roster: Json): Json {
  const a = sheetSchema.safeParse(setUp);
  const b = sheetSchema.safeParse(roster);
  if (!a.success || !b.success) return setUp;
  return {
    ...a.data,
    name: b.data.name,
    className: b.data.className,
    prizeDisks: b.data.prizeDisks,
    capturedFrom: b.data.capturedFrom,
    notes: b.data.notes
  };
}
