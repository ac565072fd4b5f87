import type { Json } from '../engine/events';
import { ok } from '../engine/result';
import type { RuleSystem } from '../engine/system';
import { defineCampaignMove, refuse, type CampaignMove } from './move';
import { atSeaIn } from './moves-battle';
import { settingsOf } from './settings';
import { money, paidBy, type CampaignState, type RosterShip } from './state';

/**
 * Between battles (issue 36 step 4): repairs paid from the ship's captain's purse, and sales into
 * it. The texts have no repair or sale between battles: what a point costs and what share of her
 * price a ship fetches are the campaign's settings (settings.ts, examples by default), and the
 * system says how a track is mended (`repairTrack`). Purchases are 'campaign.add-ship' with a price
 * (moves.ts), re-ratings moves-rerate.ts.
 */

/** A roster ship fit for business between battles: on the roster, afloat, not at sea. */
export function shipInPort(state: CampaignState, shipId: string): RosterShip | string {
  const ship = state.ships[shipId];
  if (!ship) return 'That ship is not on the roster.';
  if (ship.status !== 'active') return `${ship.name} was ${ship.status}.`;
  const sea = atSeaIn(state, ship.id);
  if (sea !== null) return `${ship.name} is still in ${sea}: apply that battle first.`;
  return ship;
}

export interface RepairInput {
  shipId: string;
  /** A track of the system's ship log: 'hull', 'rigging', 'crew', 'guns'… */
  trackId: string;
  points: number;
}

export function repairMove(
  system: Pick<RuleSystem, 'tracks' | 'repairTrack'>
): CampaignMove<RepairInput> {
  return defineCampaignMove<RepairInput>({
    id: 'campaign.repair',
    category: 'economy',
    run: (state, input) => {
      const ship = shipInPort(state, input.shipId);
      if (typeof ship === 'string') return refuse(ship);
      if (!Number.isInteger(input.points) || input.points < 1) {
        return refuse('Repair a whole number of points, 1 or more.');
      }
      const tracks = system.tracks?.(ship.sheet as object) ?? [];
      const track = tracks.find((t) => t.id === input.trackId);
      const perPoint = state.settings?.repairCost[input.trackId];
      if (!track || !system.repairTrack) return refuse(`${ship.name} has no such track to repair.`);
      if (perPoint === undefined) {
        return refuse(`No repair cost is set for ${track.label.toLowerCase()}: set it first.`);
      }
      const sheet = system.repairTrack(ship.sheet as object, input.trackId, input.points);
      if (sheet === null) return refuse(`${ship.name}'s ${track.label.toLowerCase()} is whole.`);
      const after = system.tracks?.(sheet).find((t) => t.id === input.trackId)?.value ?? 0;
      const mended = after - track.value;
      const cost = mended * perPoint;
      const captain = state.captains[ship.captainId];
      if (!captain) return refuse(`${ship.name} has no captain to pay for her.`);
      if (captain.purse < cost) {
        return refuse(
          `${captain.name}'s purse holds ${money(state.settings, captain.purse)}: ${mended} ${track.label.toLowerCase()} on ${ship.name} costs ${money(state.settings, cost)}.`
        );
      }
      return ok({
        next: {
          ...state,
          captains: paidBy(state, captain, cost),
          ships: {
            ...state.ships,
            [ship.id]: {
              ...ship,
              sheet: sheet as unknown as Json,
              record: { ...ship.record, repairs: ship.record.repairs + mended }
            }
          }
        },
        summary: `${ship.name}: ${track.label.toLowerCase()} ${track.value} → ${after} of ${track.max}, ${money(state.settings, cost)} from ${captain.name}'s purse`
      });
    }
  });
}

export interface SaleInput {
  shipId: string;
  /** What she fetches: the campaign's share of her price, or the sum the referee agrees. */
  price: number;
}

/** What a ship fetches by the campaign's setting: its share of the price paid for her. */
export function salePrice(state: CampaignState, ship: RosterShip): number {
  const share = settingsOf(state.systemId, state.settings).salePercent;
  return Math.floor(((ship.price ?? 0) * share) / 100);
}

/** A ship sold between battles: off the roster, the price into her captain's purse. */
export const sellShip = defineCampaignMove<SaleInput>({
  id: 'campaign.sell',
  category: 'economy',
  run: (state, input) => {
    const ship = shipInPort(state, input.shipId);
    if (typeof ship === 'string') return refuse(ship);
    if (!Number.isInteger(input.price) || input.price < 0 || input.price > 1_000_000_000) {
      return refuse('The price is a whole sum, 0 or more.');
    }
    const captain = state.captains[ship.captainId];
    if (!captain) return refuse(`${ship.name} has no captain to sell her.`);
    return ok({
      next: {
        ...state,
        captains: {
          ...state.captains,
          [captain.id]: {
            ...captain,
            purse: captain.purse + input.price,
            sales: (captain.sales ?? 0) + input.price
          }
        },
        ships: { ...state.ships, [ship.id]: { ...ship, status: 'sold' } }
      },
      summary: `${captain.name} sells ${ship.name} for ${money(state.settings, input.price)}`
    });
  }
});
