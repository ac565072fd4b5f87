import { redo, undo } from '../battle/actions';
import {
  campaignEventSchema,
  stampCampaignEvent,
  type CampaignDraft,
  type CampaignEvent
} from '../campaign/events';
import { foldCampaign } from '../campaign/fold';
import { setupCampaign } from '../campaign/moves';
import type { CampaignSettings, CampaignState } from '../campaign/state';
import { INITIAL_CAMPAIGN } from '../campaign/state';
import { ok, type Result } from '../engine/result';
import type { BattleOptions, SystemId } from '../engine/system';
import type { Db } from './db';
import { CorruptRecordError, NotFoundError } from './errors';
import { checkRecord, parseRecord } from './parse';
import { newGameFields } from './records';
import { campaignRecordSchema, type CampaignRecord } from './records-logs';

/**
 * Campaigns and their logs (issue 36), kept as battles and their logs are: appending reads the
 * campaign's lastSeq and writes seq = lastSeq + 1 in one read-write transaction, the unique
 * [campaignId+seq] index behind it. Every user action is one transaction: the move is built again
 * inside it on the log as stored, and either its event is appended or its refusal comes back and
 * nothing is written.
 */

export interface NewCampaign {
  name: string;
  systemId: SystemId;
  variant: string;
  /** The rule readings its battles are fought with. */
  options: BattleOptions;
  settings: CampaignSettings;
}

export async function readCampaignInTx(db: Db, campaignId: string): Promise<CampaignRecord> {
  const raw = await db.table('campaigns').get(campaignId);
  if (raw === undefined) throw new NotFoundError('The campaign');
  return parseRecord(campaignRecordSchema, 'campaign', raw);
}

export async function readCampaignEventsInTx(db: Db, campaignId: string): Promise<CampaignEvent[]> {
  const raw = await db
    .table('campaignEvents')
    .where('[campaignId+seq]')
    .between([campaignId, 0], [campaignId, Infinity], true, true)
    .toArray();
  return raw.map((e) => parseRecord(campaignEventSchema, 'campaign event', e));
}

/** The campaign's state from its log, naming the entry whose ops do not apply (a damaged log). */
export function replayCampaign(events: readonly CampaignEvent[]): CampaignState {
  let state = INITIAL_CAMPAIGN;
  for (const e of events) {
    try {
      state = foldCampaign([e], state);
    } catch (inner) {
      const reason = inner instanceof Error ? inner.message : String(inner);
      throw new CorruptRecordError('campaign event', { path: `seq ${e.seq}`, reason });
    }
  }
  return state;
}

/** Appends inside the caller's rw transaction over campaigns + campaignEvents. */
export async function appendCampaignInTx(
  db: Db,
  campaign: CampaignRecord,
  draft: CampaignDraft
): Promise<{ event: CampaignEvent; campaign: CampaignRecord }> {
  const seq = campaign.lastSeq + 1;
  const at = db.now();
  const event = checkRecord(
    campaignEventSchema,
    stampCampaignEvent(draft, {
      id: db.newId(),
      campaignId: campaign.id,
      seq,
      deviceId: db.deviceId,
      at
    })
  );
  await db.table('campaignEvents').add(event);
  const next = checkRecord(campaignRecordSchema, {
    ...campaign,
    lastSeq: seq,
    updatedAt: Math.max(at, campaign.updatedAt)
  });
  await db.table('campaigns').put(next);
  return { event, campaign: next };
}

export async function createCampaign(db: Db, input: NewCampaign): Promise<CampaignRecord> {
  const at = db.now();
  const record = checkRecord(campaignRecordSchema, newGameFields(input, db.newId(), at));
  const setup = setupCampaign.run(
    INITIAL_CAMPAIGN,
    { systemId: input.systemId, settings: input.settings },
    { now: at, newId: () => db.newId() }
  );
  if (!setup.ok) throw new Error(setup.error);
  return db.write(['campaigns', 'campaignEvents'], async () => {
    await db.table('campaigns').add(record);
    return (await appendCampaignInTx(db, record, setup.value)).campaign;
  });
}

export async function listCampaigns(db: Db): Promise<CampaignRecord[]> {
  const raw = await db.read(['campaigns'], () => db.table('campaigns').toArray());
  return raw
    .map((c) => parseRecord(campaignRecordSchema, 'campaign', c))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

export interface LoadedCampaign {
  campaign: CampaignRecord;
  events: CampaignEvent[];
  state: CampaignState;
}

export async function loadCampaign(db: Db, campaignId: string): Promise<LoadedCampaign> {
  const { campaign, events } = await db.read(['campaigns', 'campaignEvents'], async () => ({
    campaign: await readCampaignInTx(db, campaignId),
    events: await readCampaignEventsInTx(db, campaignId)
  }));
  return { campaign, events, state: replayCampaign(events) };
}

/**
 * The check-then-act's write half for a campaign: `build` runs inside the transaction on the
 * state folded from the log as stored (a campaign's log is short), and its draft is appended or
 * its refusal returned with nothing written.
 */
export async function appendCampaignBuilt(
  db: Db,
  campaignId: string,
  build: (state: CampaignState) => Result<CampaignDraft>
): Promise<Result<CampaignEvent>> {
  return db.write(['campaigns', 'campaignEvents'], async () => {
    const campaign = await readCampaignInTx(db, campaignId);
    const state = replayCampaign(await readCampaignEventsInTx(db, campaignId));
    const built = build(state);
    if (!built.ok) return built;
    return ok((await appendCampaignInTx(db, campaign, built.value)).event);
  });
}

function appendFromLog(
  db: Db,
  campaignId: string,
  make: (events: CampaignEvent[]) => CampaignDraft | null
): Promise<CampaignEvent | null> {
  return db.write(['campaigns', 'campaignEvents'], async () => {
    const campaign = await readCampaignInTx(db, campaignId);
    // Decided from the log inside this transaction, so two tabs cannot undo the same event.
    const draft = make(await readCampaignEventsInTx(db, campaignId));
    if (!draft) return null;
    return (await appendCampaignInTx(db, campaign, draft)).event;
  });
}

/** Undoes the campaign's latest action still in effect (a new event with the inverse ops). */
export function undoCampaign(db: Db, campaignId: string): Promise<CampaignEvent | null> {
  return appendFromLog(db, campaignId, undo);
}

export function redoCampaign(db: Db, campaignId: string): Promise<CampaignEvent | null> {
  return appendFromLog(db, campaignId, redo);
}

/**
 * Deletes a campaign with its log in one transaction. Its battles stay, as battles of their own
 * (each keeps its log; only the link to the campaign goes). Test seam (issue 35): no screen
 * deletes a campaign yet; its one-transaction contract is held by repo-campaigns.test.ts.
 */
export async function deleteCampaign(db: Db, campaignId: string): Promise<void> {
  await db.write(['campaigns', 'campaignEvents', 'battles'], async () => {
    if ((await db.table('campaigns').get(campaignId)) === undefined) {
      throw new NotFoundError('The campaign');
    }
    await db
      .table('campaignEvents')
      .where('[campaignId+seq]')
      .between([campaignId, 0], [campaignId, Infinity], true, true)
      .delete();
    await db.table('campaigns').delete(campaignId);
    const battles = await db.table('battles').toArray();
    for (const b of battles) {
      if (b.campaignId !== campaignId) continue;
      const { campaignId: _gone, ...rest } = b;
      await db.table('battles').put(rest);
    }
  });
}
