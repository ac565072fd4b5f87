import { ok } from '../engine/result';
import { FATES, type ShipReview } from './after-battle';
import { defineCampaignMove, refuse } from './move';
import {
  EMPTY_RECORD,
  money,
  nextOrder,
  type CampaignState,
  type Captain,
  type RosterShip
} from './state';

/**
 * The post-battle step applied (issue 36 step 3): the review as the referee confirmed it, in one
 * campaign event, so one undo takes the whole battle back. Each roster ship carries the sheet the
 * battle left her with; a sunk ship is struck off; a taken ship changes owner and her captor's
 * purse receives the prize money; every ship's service record adds the battle's figures.
 */

export type ShipDecision = Pick<
  ShipReview,
  | 'battleShipId'
  | 'rosterShipId'
  | 'name'
  | 'fate'
  | 'newOwnerId'
  | 'prizeMoney'
  | 'sheet'
  | 'captorShipId'
  | 'hitsScored'
  | 'damageDealt'
  | 'damageTaken'
>;

export interface ApplyBattleInput {
  battleId: string;
  ships: ShipDecision[];
}

/** The decisions of a review, as the apply move takes them (the screen's adjustments on top). */
export function decisionsOf(ships: readonly ShipReview[]): ShipDecision[] {
  return ships.map((s) => ({
    battleShipId: s.battleShipId,
    rosterShipId: s.rosterShipId,
    name: s.name,
    fate: s.fate,
    newOwnerId: s.newOwnerId,
    prizeMoney: s.prizeMoney,
    sheet: s.sheet,
    captorShipId: s.captorShipId,
    hitsScored: s.hitsScored,
    damageDealt: s.damageDealt,
    damageTaken: s.damageTaken
  }));
}

function problemOf(
  state: CampaignState,
  d: ShipDecision,
  roster: RosterShip | null
): string | null {
  if (!FATES.includes(d.fate)) return `${d.name}: choose afloat, sunk or taken.`;
  if (!Number.isInteger(d.prizeMoney) || d.prizeMoney < 0) {
    return `${d.name}: the prize money is a whole sum, 0 or more.`;
  }
  if (d.fate === 'captured') {
    if (d.newOwnerId === null || !state.captains[d.newOwnerId]) {
      return `${d.name} was taken: choose the captain who takes her.`;
    }
    if (roster && roster.captainId === d.newOwnerId) {
      return `${d.name} is ${state.captains[d.newOwnerId].name}'s own ship: she cannot be taken by her own captain.`;
    }
  } else if (d.prizeMoney > 0) {
    return `${d.name}: prize money is paid only for a ship taken.`;
  }
  if (!roster && d.fate !== 'captured') return `${d.name} is not on the roster.`;
  return null;
}

export const applyBattle = defineCampaignMove<ApplyBattleInput>({
  id: 'campaign.after-battle',
  category: 'battle',
  run: (state, input, ctx) => {
    const battle = state.battles[input.battleId];
    if (!battle) return refuse('That battle is not one of this campaign’s.');
    if (battle.isApplied) return refuse(`${battle.name} is applied to the campaign already.`);
    const captains: Record<string, Captain> = { ...state.captains };
    const ships: Record<string, RosterShip> = { ...state.ships };
    const rosterOf = (battleShipId: string | null) =>
      battleShipId === null ? undefined : battle.ships[battleShipId];
    const changes: string[] = [];
    for (const d of input.ships) {
      const rosterId = d.rosterShipId;
      if (rosterId !== null && battle.ships[d.battleShipId] !== rosterId) {
        return refuse(`${d.name} did not sail in ${battle.name}.`);
      }
      const roster = rosterId === null ? null : (ships[rosterId] ?? null);
      const problem = problemOf(state, d, roster);
      if (problem !== null) return refuse(problem);
      const prev = roster ?? {
        id: ctx.newId(),
        name: d.name,
        captainId: d.newOwnerId ?? '',
        status: 'active' as const,
        sheet: d.sheet,
        record: { ...EMPTY_RECORD, battles: [], captains: [] },
        order: nextOrder(ships)
      };
      const record = {
        ...prev.record,
        battles: [...prev.record.battles, battle.id],
        hitsScored: prev.record.hitsScored + d.hitsScored,
        damageDealt: prev.record.damageDealt + d.damageDealt,
        damageTaken: prev.record.damageTaken + d.damageTaken
      };
      let next: RosterShip = { ...prev, sheet: d.sheet, record };
      if (d.fate === 'sunk') {
        next = { ...next, status: 'sunk' };
        if (roster) bump(captains, roster.captainId, { shipsLost: 1 });
        changes.push(`${d.name} sunk`);
      } else if (d.fate === 'captured' && d.newOwnerId !== null) {
        const taker = captains[d.newOwnerId];
        next = {
          ...next,
          captainId: taker.id,
          record: { ...record, captains: [...record.captains, taker.name] }
        };
        if (roster) bump(captains, roster.captainId, { shipsLost: 1 });
        bump(captains, taker.id, {
          shipsTaken: 1,
          purse: d.prizeMoney,
          prizes: d.prizeMoney
        });
        const paid = d.prizeMoney > 0 ? `, ${money(state.settings, d.prizeMoney)} prize money` : '';
        changes.push(`${d.name} taken by ${taker.name}${paid}`);
      }
      ships[next.id] = next;
    }
    // Each capture is credited to the ship that took her, once her own record is written.
    for (const d of input.ships) {
      const captorRoster = rosterOf(d.captorShipId);
      if (d.fate !== 'captured' || captorRoster === undefined || !ships[captorRoster]) continue;
      const c = ships[captorRoster];
      ships[captorRoster] = { ...c, record: { ...c.record, captures: c.record.captures + 1 } };
    }
    const summary = `${battle.name} applied to the campaign${changes.length > 0 ? `: ${changes.join('; ')}` : ''}`;
    return ok({
      next: {
        ...state,
        captains,
        ships,
        battles: { ...state.battles, [battle.id]: { ...battle, isApplied: true } }
      },
      summary
    });
  }
});

function bump(
  captains: Record<string, Captain>,
  id: string,
  by: Partial<Pick<Captain, 'purse' | 'prizes' | 'shipsLost' | 'shipsTaken'>>
): void {
  const c = captains[id];
  if (!c) return;
  captains[id] = {
    ...c,
    purse: c.purse + (by.purse ?? 0),
    prizes: c.prizes + (by.prizes ?? 0),
    shipsLost: c.shipsLost + (by.shipsLost ?? 0),
    shipsTaken: c.shipsTaken + (by.shipsTaken ?? 0)
  };
}
