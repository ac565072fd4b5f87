import type { Json } from '../engine/events';
import { applyOps } from '../battle/fold';
import type { CampaignEvent } from './events';
import { INITIAL_CAMPAIGN, type CampaignState } from './state';

/**
 * A campaign's state is its log's ops applied in seq order, by the battle's own `applyOps`: undo
 * and redo events carry inverse and repeated ops, so the fold needs no notion of voiding.
 */
export function foldCampaign(
  events: readonly Pick<CampaignEvent, 'ops'>[],
  initial: CampaignState = INITIAL_CAMPAIGN
): CampaignState {
  let out = initial as unknown as Json;
  for (const e of events) out = applyOps(out, e.ops);
  return out as unknown as CampaignState;
}

/** The state after one more event (the screen's incremental fold). */
export function applyCampaignEvent(
  state: CampaignState,
  event: Pick<CampaignEvent, 'ops'>
): CampaignState {
  return applyOps(state as unknown as Json, event.ops) as unknown as CampaignState;
}
