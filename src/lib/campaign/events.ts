import * as z from 'zod/mini';
import type { EventDraft, Json, LogEntry } from '../engine/events';
import { idSchema, jsonSchema } from '../engine/state-schema';
import { LOG_ENTRY_FIELDS } from '../engine/events-schema';

/**
 * The campaign log (issue 36): append-only events of the very shape of a battle's (a UUIDv7 id, a
 * gap-free seq, the device that wrote it, the time, a permanent kind, one log line, JSON set/del ops
 * with their previous values), so the battle's fold (`applyOps`) and undo stack (`history`, `undo`,
 * `redo`: inverse ops as new events) serve it unchanged. Only the owner differs: a campaign.
 */

export interface CampaignEvent extends LogEntry {
  /** UUIDv7. */
  id: string;
  campaignId: string;
  /** undo/redo: the event voided or restored. */
  target?: string;
  /** The move's input as performed (what the referee chose in a review, the sums typed in). */
  input?: Json;
}

export const campaignEventSchema = z.strictObject({
  id: idSchema,
  campaignId: idSchema,
  ...LOG_ENTRY_FIELDS,
  target: z.optional(idSchema),
  input: z.optional(jsonSchema)
});

/** A campaign move's draft: the battle's draft fields a campaign event keeps. */
export type CampaignDraft = Pick<EventDraft, 'kind' | 'summary' | 'ops' | 'target' | 'input'>;

/** Stamps a draft into a full event (the db layer supplies seq, id, time and device). */
export function stampCampaignEvent(
  draft: CampaignDraft,
  meta: { id: string; campaignId: string; seq: number; deviceId: string; at: number }
): CampaignEvent {
  const event: CampaignEvent = {
    ...meta,
    kind: draft.kind,
    summary: draft.summary,
    ops: draft.ops
  };
  if (draft.target !== undefined) event.target = draft.target;
  if (draft.input !== undefined) event.input = draft.input;
  return event;
}
