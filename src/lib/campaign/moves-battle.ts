import { ok } from '../engine/result';
import { defineCampaignMove, refuse } from './move';
import { nextOrder, shipsInOrder, type CampaignState, type RosterShip } from './state';

/**
 * A battle fought from the campaign (issue 36 step 2). The battle itself is an ordinary battle
 * record and log, made by the app's own battle creation and ship-adding moves (db/repo-campaign-
 * battles.ts); the campaign's event records which roster ship each battle ship is.
 */

export interface StartBattleInput {
  /** The battle record's id (made before the campaign event, in the same transaction). */
  battleId: string;
  name: string;
  /** The battle's ship id → the roster ship she is. */
  ships: Record<string, string>;
  /** The battle's last event of its making (the ships entering): not counted as the battle. */
  setupSeq?: number;
}

/** A ship whose last battle is not applied yet is still at sea: she sails in one battle at a time. */
export function atSeaIn(state: CampaignState, rosterShipId: string): string | null {
  for (const b of Object.values(state.battles)) {
    if (!b.isApplied && Object.values(b.ships).includes(rosterShipId)) return b.name;
  }
  return null;
}

/** The roster's ships that can be sold, repaired or re-rated between battles: afloat and in port. */
export function shipsInPort(state: CampaignState): RosterShip[] {
  return shipsInOrder(state).filter((s) => s.status === 'active' && atSeaIn(state, s.id) === null);
}

/** Why a roster ship cannot sail, or null. */
export function cannotSail(state: CampaignState, ship: RosterShip | undefined): string | null {
  if (!ship) return 'That ship is not on the roster.';
  if (ship.status === 'sunk') return `${ship.name} was sunk.`;
  if (ship.status === 'sold') return `${ship.name} was sold.`;
  const battle = atSeaIn(state, ship.id);
  if (battle !== null) {
    return `${ship.name} is still in ${battle}: apply that battle to the campaign first.`;
  }
  return null;
}

export const startBattle = defineCampaignMove<StartBattleInput>({
  id: 'campaign.battle',
  category: 'battle',
  run: (state, input) => {
    const name = input.name.trim();
    if (!name) return refuse('Give the battle a name.');
    if (state.battles[input.battleId]) return refuse('That battle is in the campaign already.');
    const rosterIds = Object.values(input.ships);
    if (rosterIds.length === 0) return refuse('Choose the ships that sail.');
    if (new Set(rosterIds).size !== rosterIds.length) return refuse('Each ship sails once.');
    for (const id of rosterIds) {
      const reason = cannotSail(state, state.ships[id]);
      if (reason !== null) return refuse(reason);
    }
    const battle = {
      id: input.battleId,
      name,
      order: nextOrder(state.battles),
      ships: { ...input.ships },
      isApplied: false,
      ...(input.setupSeq === undefined ? {} : { setupSeq: input.setupSeq })
    };
    const names = rosterIds.map((id) => state.ships[id].name).join(', ');
    return ok({
      next: { ...state, battles: { ...state.battles, [battle.id]: battle } },
      summary: `${name}: ${names} sail`
    });
  }
});
