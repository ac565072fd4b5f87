import type { Json } from '../engine/events';
import { ok } from '../engine/result';
import { ratingFromD6, ratingTitle, type Sheet } from '../rules/privateers/sheet';
import { sheetSchema } from '../rules/privateers/sheet-schema';
import { OFFICER_LABELS, OFFICER_ROLES, type OfficerRole } from '../rules/privateers/tables';
import { defineCampaignMove, refuse } from './move';
import { shipInPort } from './moves-between';
import { settingsOf } from './settings';
import { money, paidBy } from './state';

/**
 * Privateers between battles (issue 36 step 4): an officer or the crew rated again on the text's
 * chart, "Officer and crew ratings may be established by scenario design or by rolling a six sided
 * [d]ie per chart" (C.3.1: 1-2 rating 0, 3-5 rating 1, 6 rating 2), the die rolled by the app or
 * typed from the table. An officer lost in battle ("Officer hits: Lose modifier", C.5 #38) is
 * replaced by the man so rated. What a re-rating costs is the campaign's setting (an example: the
 * text has no campaign).
 */

export type RerateWho = OfficerRole | 'crew';
export const RERATE_WHO: readonly RerateWho[] = [...OFFICER_ROLES, 'crew'];

export function rerateLabel(who: RerateWho): string {
  return who === 'crew' ? 'Crew' : OFFICER_LABELS[who];
}

export interface RerateInput {
  shipId: string;
  who: RerateWho;
  /** The d6 face (C.3.1). */
  face: number;
  /** Rolled by the app, or typed from the table's die. */
  source: 'app' | 'entered';
}

export const rerate = defineCampaignMove<RerateInput>({
  id: 'campaign.rerate',
  category: 'economy',
  run: (state, input) => {
    if (state.systemId !== 'privateers') {
      return refuse('Re-rating by the chart is a Privateers rule (Rating Officers & Crews).');
    }
    const ship = shipInPort(state, input.shipId);
    if (typeof ship === 'string') return refuse(ship);
    if (!RERATE_WHO.includes(input.who)) return refuse('Choose an officer or the crew.');
    const rating = Number.isInteger(input.face) ? ratingFromD6(input.face) : undefined;
    if (rating === undefined) return refuse('A six-sided die shows 1 to 6.');
    const parsed = sheetSchema.safeParse(ship.sheet);
    if (!parsed.success) return refuse(`${ship.name}'s log is not a Privateers ship's log.`);
    const sheet: Sheet = parsed.data;
    const cost = settingsOf(state.systemId, state.settings).rerateCost;
    const captain = state.captains[ship.captainId];
    if (!captain) return refuse(`${ship.name} has no captain to pay for her.`);
    const label = rerateLabel(input.who);
    if (captain.purse < cost) {
      return refuse(
        `${captain.name}'s purse holds ${money(state.settings, captain.purse)}: re-rating ${ship.name}'s ${label.toLowerCase()} costs ${money(state.settings, cost)}.`
      );
    }
    const was =
      input.who === 'crew'
        ? ratingTitle('crew', sheet.crewRating)
        : sheet.officers[input.who].present
          ? ratingTitle(input.who, sheet.officers[input.who].rating)
          : 'lost';
    const next: Sheet =
      input.who === 'crew'
        ? { ...sheet, crewRating: rating }
        : {
            ...sheet,
            officers: { ...sheet.officers, [input.who]: { rating, present: true } }
          };
    const how = input.source === 'app' ? 'rolled' : 'typed';
    const paid = cost > 0 ? `, ${money(state.settings, cost)} from ${captain.name}'s purse` : '';
    return ok({
      next: {
        ...state,
        captains: paidBy(state, captain, cost),
        ships: { ...state.ships, [ship.id]: { ...ship, sheet: next as unknown as Json } }
      },
      summary: `${ship.name}'s ${label.toLowerCase()} re-rated: ${input.face} on 1d6 (${how}), ${was} → ${ratingTitle(input.who, rating)} (rating ${rating})${paid}`
    });
  }
});
