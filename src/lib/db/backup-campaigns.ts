import { historyProblems } from '../battle/actions';
import type { Json } from '../engine/events';
import type { CampaignEvent } from '../campaign/events';
import { foldCampaign } from '../campaign/fold';
import type { Db } from './db';
import type { ImportIssue } from './errors';
import {
  campaignEventRecordSchema,
  campaignRecordSchema,
  type BackupPayload,
  type CampaignRecord
} from './records-logs';
import { wholeLogs, type LeftOut } from './backup-salvage';

/**
 * Campaigns in backups (issue 36): exported with their logs, checked as battle logs are (gap-free
 * sequences, an undo stack that adds up, a log that folds), and given new ids on an import beside
 * the original. A file without campaigns carries no `campaigns` key, so a backup of a device that
 * has none is read by releases from before campaigns too.
 */

export interface CampaignTables {
  campaigns: CampaignRecord[];
  campaignEvents: CampaignEvent[];
}

/**
 * The campaigns that parse, read in the caller's transaction over campaigns + campaignEvents; a
 * campaign with a damaged record or log entry is left out whole, and said in `leftOut`.
 */
export async function readGoodCampaignsInTx(db: Db, leftOut: LeftOut[]): Promise<CampaignTables> {
  const [keys, campaigns, events] = await Promise.all([
    db.table('campaigns').toCollection().primaryKeys(),
    db.table('campaigns').toArray(),
    db.table('campaignEvents').orderBy('[campaignId+seq]').toArray()
  ]);
  const logs = wholeLogs<CampaignRecord, CampaignEvent>(
    leftOut,
    'campaign',
    { keys, raws: campaigns, schema: campaignRecordSchema },
    { raws: events, schema: campaignEventRecordSchema, ownerKey: 'campaignId' }
  );
  return { campaigns: logs.owners, campaignEvents: logs.entries };
}

/** The payload's campaign keys: present only when there are campaigns (see the module note). */
export function campaignPart(t: CampaignTables): Partial<BackupPayload> {
  return t.campaigns.length === 0
    ? {}
    : { campaigns: t.campaigns, campaignEvents: t.campaignEvents };
}

/** Every string of a JSON value equal to a key of `ids` replaced by its value (ops, inputs). */
function remapStrings(value: Json, ids: ReadonlyMap<string, string>): Json {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapStrings(v, ids));
  if (value !== null && typeof value === 'object') {
    const out: { [k: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) out[ids.get(k) ?? k] = remapStrings(v, ids);
    return out;
  }
  return value;
}

/**
 * New ids for an import beside the original: every campaign and log entry, a battle's link to its
 * campaign, and the battle ids a campaign's log carries (its battles are keyed by them, in op
 * paths and values), so the copy's campaign refers to the copied battles, never the originals.
 * Captain and roster ids are the campaign's own names for its parts: the copy keeps them, as a
 * copied battle keeps its ships' ids, and folds to the same state with the battles renamed.
 */
export function withNewCampaignIds(
  db: Db,
  p: BackupPayload,
  battleIds: ReadonlyMap<string, string>
): Pick<BackupPayload, 'campaigns' | 'campaignEvents'> & { campaignIds: Map<string, string> } {
  const campaigns = p.campaigns ?? [];
  const events = p.campaignEvents ?? [];
  const campaignIds = new Map(campaigns.map((c) => [c.id, db.newId()]));
  const eventIds = new Map(events.map((e) => [e.id, db.newId()]));
  const mapped = (m: ReadonlyMap<string, string>, id: string): string => m.get(id) ?? id;
  const out = {
    campaignIds,
    campaigns: campaigns.map((c) => ({ ...c, id: mapped(campaignIds, c.id) })),
    campaignEvents: events.map((e) => {
      const next: CampaignEvent = {
        ...e,
        id: mapped(eventIds, e.id),
        campaignId: mapped(campaignIds, e.campaignId),
        ops: remapStrings(e.ops, battleIds) as unknown as CampaignEvent['ops']
      };
      if (e.input !== undefined) next.input = remapStrings(e.input, battleIds);
      if (e.target !== undefined) next.target = mapped(eventIds, e.target);
      return next;
    })
  };
  return campaigns.length === 0 ? { campaignIds } : out;
}

/** What the schemas cannot see in a file's campaigns: references, sequences, undo, the fold. */
export function campaignIssues(p: BackupPayload): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const campaigns = p.campaigns ?? [];
  const events = p.campaignEvents ?? [];
  const ids = new Set<string>();
  campaigns.forEach((c, i) => {
    if (ids.has(c.id))
      issues.push({ path: `payload.campaigns[${i}]`, reason: `duplicate id "${c.id}"` });
    ids.add(c.id);
  });
  const eventIds = new Set<string>();
  const byCampaign = new Map<string, { event: CampaignEvent; index: number }[]>();
  events.forEach((event, index) => {
    if (eventIds.has(event.id)) {
      issues.push({
        path: `payload.campaignEvents[${index}]`,
        reason: `duplicate id "${event.id}"`
      });
    }
    eventIds.add(event.id);
    if (!ids.has(event.campaignId)) {
      issues.push({
        path: `payload.campaignEvents[${index}].campaignId`,
        reason: 'refers to a campaign not in the file'
      });
      return;
    }
    const list = byCampaign.get(event.campaignId) ?? [];
    list.push({ event, index });
    byCampaign.set(event.campaignId, list);
  });
  // A battle's link to a campaign not in the file is not an issue: a battle shared on its own
  // is a battle of its own on the device it goes to (the import drops the link).
  const battleIds = new Set(p.battles.map((b) => b.id));
  campaigns.forEach((c, ci) => {
    const list = (byCampaign.get(c.id) ?? []).sort((a, b) => a.event.seq - b.event.seq);
    const gap = list.findIndex((x, i) => x.event.seq !== i + 1);
    if (gap >= 0) {
      issues.push({
        path: `payload.campaignEvents[${list[gap].index}].seq`,
        reason: `expected ${gap + 1} (sequence numbers run 1, 2, 3… per campaign without gaps)`
      });
      return;
    }
    if (c.lastSeq !== list.length) {
      issues.push({
        path: `payload.campaigns[${ci}].lastSeq`,
        reason: `expected ${list.length}, the number of its events`
      });
      return;
    }
    const log = list.map((x) => x.event);
    const problems = historyProblems(log);
    if (problems.length > 0) {
      issues.push({
        path: `payload.campaigns[${ci}]`,
        reason: `inconsistent undo history: ${problems[0]}`
      });
      return;
    }
    try {
      const state = foldCampaign(log);
      // A battle the campaign fought is in the file with it (a whole backup holds both).
      for (const id of Object.keys(state.battles ?? {})) {
        if (!battleIds.has(id)) {
          issues.push({
            path: `payload.campaigns[${ci}]`,
            reason: `its battle ${id} is not in the file`
          });
          return;
        }
      }
    } catch (e) {
      issues.push({
        path: `payload.campaigns[${ci}]`,
        reason: `the log cannot be replayed (${e instanceof Error ? e.message : 'error'})`
      });
    }
  });
  return issues;
}
