import type { Json } from '../battle/events';
import type { SystemId } from '../engine/catalog';
import { ok } from '../engine/result';
import { defineCampaignMove, refuse, type CampaignGuard } from './move';
import {
  EMPTY_RECORD,
  money,
  nextOrder,
  type CampaignSettings,
  type CampaignState,
  type Captain
} from './state';

/**
 * The campaign's own moves: its set-up, captains, the roster and the settings. The battle and
 * post-battle moves are in moves-battle.ts, the between-battles ones in moves-between.ts.
 */

const NAME_MAX = 200;

export interface SetupInput {
  systemId: SystemId;
  settings: CampaignSettings;
}

/** The campaign's first event (not undoable, like 'battle.setup'): its system and economy. */
export const setupCampaign = defineCampaignMove<SetupInput>({
  id: 'campaign.setup',
  category: 'setup',
  run: (state, input) => {
    if (state.settings !== null) return refuse('The campaign is set up already.');
    return ok({
      next: { ...state, systemId: input.systemId, settings: input.settings },
      summary: 'Campaign set up'
    });
  }
});

export interface CaptainInput {
  name: string;
  side: string;
}

/** A captain (a player) joins with the starting purse. */
export const addCaptain = defineCampaignMove<CaptainInput>({
  id: 'campaign.add-captain',
  category: 'setup',
  run: (state, input, ctx) => {
    const name = input.name.trim();
    if (!name) return refuse('Give the captain a name.');
    if (name.length > NAME_MAX) return refuse(`A name is at most ${NAME_MAX} characters.`);
    // A captain's name is who the ship's player is in a battle, and how a prize finds its captor.
    const taken = Object.values(state.captains).some(
      (c) => c.name.toLowerCase() === name.toLowerCase()
    );
    if (taken) return refuse(`${name} is already a captain of this campaign.`);
    const purse = state.settings?.startingPurse ?? 0;
    const captain: Captain = {
      id: ctx.newId(),
      name,
      side: input.side.trim().slice(0, NAME_MAX),
      purse,
      prizes: 0,
      spent: 0,
      shipsLost: 0,
      shipsTaken: 0,
      order: nextOrder(state.captains)
    };
    return ok({
      next: { ...state, captains: { ...state.captains, [captain.id]: captain } },
      summary: `${name} joins the campaign with ${money(state.settings, purse)}`
    });
  }
});

/** The captain named in the input exists. */
export const captainExists: CampaignGuard<{ captainId: string }> = {
  id: 'captain-exists',
  check: (state, input) =>
    state.captains[input.captainId] ? null : 'Choose a captain of this campaign.'
};

export interface RosterShipInput {
  captainId: string;
  name: string;
  /** The system's ship log: a library template's, or the system's blank log named. */
  sheet: Json;
  /** What the captain pays for her (0: given, as at the campaign's start). */
  price: number;
}

/** A ship joins the roster under a captain; a price is paid from the purse or refused. */
export const addRosterShip = defineCampaignMove<RosterShipInput>({
  id: 'campaign.add-ship',
  category: 'roster',
  guards: [captainExists],
  run: (state, input, ctx) => {
    const name = input.name.trim();
    if (!name) return refuse('Give the ship a name.');
    if (name.length > NAME_MAX) return refuse(`A ship's name is at most ${NAME_MAX} characters.`);
    if (!Number.isInteger(input.price) || input.price < 0) {
      return refuse('The price is a whole sum, 0 or more.');
    }
    const captain = state.captains[input.captainId];
    if (captain.purse < input.price) {
      return refuse(
        `${captain.name}'s purse holds ${money(state.settings, captain.purse)}: ${name} costs ${money(state.settings, input.price)}.`
      );
    }
    const sheet =
      input.sheet && typeof input.sheet === 'object' && !Array.isArray(input.sheet)
        ? { ...input.sheet, name }
        : input.sheet;
    const id = ctx.newId();
    const ship = {
      id,
      name,
      captainId: captain.id,
      status: 'active' as const,
      sheet,
      record: { ...EMPTY_RECORD, battles: [], captains: [captain.name] },
      order: nextOrder(state.ships)
    };
    const paid =
      input.price > 0
        ? { ...captain, purse: captain.purse - input.price, spent: captain.spent + input.price }
        : captain;
    const cost = input.price > 0 ? ` for ${money(state.settings, input.price)}` : '';
    return ok({
      next: {
        ...state,
        captains: { ...state.captains, [captain.id]: paid },
        ships: { ...state.ships, [id]: ship }
      },
      summary: `${name} joins ${captain.name}'s squadron${cost}`
    });
  }
});

export type SettingsInput = Pick<CampaignSettings, 'startingPurse' | 'prizeMoney' | 'repairCost'>;

function isSum(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000_000;
}

/** The referee's economy: starting purse, prize money, repair costs (none of it from the texts). */
export const editSettings = defineCampaignMove<SettingsInput>({
  id: 'campaign.settings',
  category: 'economy',
  run: (state, input) => {
    if (!state.settings) return refuse('The campaign is not set up.');
    const costs = Object.values(input.repairCost);
    if (!isSum(input.startingPurse) || !isSum(input.prizeMoney) || !costs.every(isSum)) {
      return refuse('Each sum is a whole number, 0 or more.');
    }
    const settings = { ...state.settings, ...input };
    return ok({
      next: { ...state, settings },
      summary: `Campaign settings: prize money ${money(settings, settings.prizeMoney)}, starting purse ${money(settings, settings.startingPurse)}`
    });
  }
});

export type { CampaignState };
