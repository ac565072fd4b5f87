import type { Json } from '../engine/events';
import type { SystemId } from '../engine/catalog';
import { ok } from '../engine/result';
import { defineCampaignMove, refuse, type CampaignGuard } from './move';
import {
  EMPTY_RECORD,
  money,
  nextOrder,
  paidBy,
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
      startingPurse: purse,
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
      order: nextOrder(state.ships),
      price: input.price
    };
    const cost = input.price > 0 ? ` for ${money(state.settings, input.price)}` : '';
    return ok({
      next: {
        ...state,
        captains: paidBy(state, captain, input.price),
        ships: { ...state.ships, [id]: ship }
      },
      summary: `${name} joins ${captain.name}'s squadron${cost}`
    });
  }
});

export type SettingsInput = Pick<
  CampaignSettings,
  'startingPurse' | 'prizeMoney' | 'repairCost' | 'rerateCost' | 'salePercent'
>;

const SUM_MAX = 1_000_000_000;

function isSum(n: unknown): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= SUM_MAX;
}

/** Why a settings form cannot be saved, naming the figure; null when every figure is a sum. */
function settingsProblem(state: CampaignState, input: SettingsInput): string | null {
  if (!isSum(input.startingPurse)) return 'The starting purse is a whole sum, 0 or more.';
  if (!isSum(input.prizeMoney)) return 'The prize money is a whole sum, 0 or more.';
  for (const [track, cost] of Object.entries(input.repairCost)) {
    if (!(track in (state.settings?.repairCost ?? {}))) return `There is no ${track} to repair.`;
    if (!isSum(cost)) return `The repair cost of ${track} is a whole sum, 0 or more.`;
  }
  if (input.rerateCost !== undefined && !isSum(input.rerateCost)) {
    return 'The cost of a re-rating is a whole sum, 0 or more.';
  }
  const share = input.salePercent;
  if (share !== undefined && (!isSum(share) || share > 100)) {
    return 'A ship sells for a whole percent of her price, 0 to 100.';
  }
  return null;
}

/** The referee's economy: every cost and prize value (none of it from the texts but WW's purse). */
export const editSettings = defineCampaignMove<SettingsInput>({
  id: 'campaign.settings',
  category: 'economy',
  run: (state, input) => {
    if (!state.settings) return refuse('The campaign is not set up.');
    const problem = settingsProblem(state, input);
    if (problem !== null) return refuse(problem);
    const settings: CampaignSettings = {
      ...state.settings,
      startingPurse: input.startingPurse,
      prizeMoney: input.prizeMoney,
      repairCost: { ...state.settings.repairCost, ...input.repairCost }
    };
    if (input.rerateCost !== undefined) settings.rerateCost = input.rerateCost;
    if (input.salePercent !== undefined) settings.salePercent = input.salePercent;
    return ok({
      next: { ...state, settings },
      summary: `Campaign settings: prize money ${money(settings, settings.prizeMoney)}, starting purse ${money(settings, settings.startingPurse)}`
    });
  }
});

export type { CampaignState };
