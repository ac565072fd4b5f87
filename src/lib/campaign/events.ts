import * as z from 'zod/mini';
import {
  jsonSchema,
  kindSchema,
  opSchema,
  timeSchema,
  type EventDraft,
  type Json,
  type Op
} from '../engine/events';

/**
 * The campaign log (issue 36): append-only events of the very shape of a battle's (a UUIDv7 id, a
 * gap-free seq, the device that wrote it, the time, a permanent kind, one log line, JSON set/del ops
 * with their previous values), so the battle's fold (`applyOps`) and undo stack (`history`, `undo`,
 * `redo`: inverse ops as new events) serve it unchanged. Only the owner differs: a campaign.
 */

export interface CampaignEvent {
  /** UUIDv7. */
  id: string;
  campaignId: string;
  /** 1, 2, 3… per campaign, unique and gap-free. */
  seq: number;
  deviceId: string;
  at: number;
  kind: string;
  summary: string;
  ops: Op[];
  /** undo/redo: the event voided or restored. */
  target?: string;
  /** The move's input as performed (what the referee chose in a review, the sums typed in). */
  input?: Json;
}

const idSchema = z.string().check(z.minLength(1), z.maxLength(64));

export const campaignEventSchema = z.strictObject({
  id: idSchema,
  campaignId: idSchema,
  seq: z.int().check(z.gte(1)),
  deviceId: idSchema,
  at: timeSchema,
  kind: kindSchema,
  summary: z.string().check(z.maxLength(2000)),
  ops: z.array(opSchema),
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
