import type { Json } from '../battle/events';
import { ok } from '../engine/result';
import type { RuleSystem } from '../engine/system';
import { defineCampaignMove, refuse, type CampaignMove } from './move';
import { atSeaIn } from './moves-battle';
import { money } from './state';

/**
 * Between battles (issue 36 step 4): repairs paid from the ship's captain's purse. The texts have no
 * repair between battles: what a point costs is the campaign's setting (settings.ts, an example
 * by default), and the system says how a track is mended (`repairTrack`).
 */

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
      const ship = state.ships[input.shipId];
      if (!ship) return refuse('That ship is not on the roster.');
      if (ship.status !== 'active') return refuse(`${ship.name} was ${ship.status}.`);
      const sea = atSeaIn(state, ship.id);
      if (sea !== null) return refuse(`${ship.name} is still in ${sea}: apply that battle first.`);
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
          captains: {
            ...state.captains,
            [captain.id]: { ...captain, purse: captain.purse - cost, spent: captain.spent + cost }
          },
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
