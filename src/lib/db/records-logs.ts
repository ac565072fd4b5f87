import * as z from 'zod/mini';
import { timeSchema } from '../engine/state-schema';
import { battleEventSchema } from '../engine/events-schema';
import { campaignEventSchema } from '../campaign/events';
import {
  battleRecordSchema,
  gameFields,
  recordIdSchema as id,
  settingRecordSchema,
  shipClassRecordSchema,
  shipRecordSchema
} from './records';

/**
 * The records that hold logs (issue 40): an event, a campaign and its events, and what a backup or
 * a snapshot carries. Apart from records.ts, whose battle, meta and setting records the first
 * screen of a battle reads, so that screen carries neither the event schema nor the campaign's.
 */

export const eventRecordSchema = battleEventSchema;

/**
 * A campaign (issue 36): its name, rule system and the readings its battles are fought with; its
 * captains, roster and battles are the state folded from its log (campaignEvents).
 */
export const campaignRecordSchema = z.strictObject(gameFields);
export type CampaignRecord = z.infer<typeof campaignRecordSchema>;

export const campaignEventRecordSchema = campaignEventSchema;

/** Everything a backup carries; also the content of a local snapshot. */
export const backupPayloadSchema = z.strictObject({
  battles: z.array(battleRecordSchema),
  ships: z.array(shipRecordSchema),
  events: z.array(eventRecordSchema),
  shipClasses: z.array(shipClassRecordSchema),
  settings: z.array(settingRecordSchema),
  /** Absent in files made before campaigns (schema version 3). */
  campaigns: z.optional(z.array(campaignRecordSchema)),
  campaignEvents: z.optional(z.array(campaignEventRecordSchema))
});
export type BackupPayload = z.infer<typeof backupPayloadSchema>;

/** A copy of all data taken before "Replace all data", restorable from Settings. */
export const snapshotRecordSchema = z.strictObject({
  id,
  takenAt: timeSchema,
  reason: z.string().check(z.maxLength(200)),
  appVersion: z.string().check(z.maxLength(50)),
  payload: backupPayloadSchema
});
export type SnapshotRecord = z.infer<typeof snapshotRecordSchema>;
