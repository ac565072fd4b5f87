import { describe, expect, it } from 'vitest';
import { addCaptain, addRosterShip } from '../campaign/moves';
import { defaultSettings } from '../campaign/settings';
import { getSystem } from '../rules/registry';
import { exportAll, importBackup } from './backup';
import type { Db } from './db';
import { ImportInvalidError } from './errors';
import {
  appendCampaignBuilt,
  createCampaign,
  listCampaigns,
  loadCampaign,
  undoCampaign
} from './repo-campaigns';
import { dumpAll, openTestDb } from './test-helpers';

/** A campaign as the campaign page makes it: two captains, a ship bought, one action undone. */
async function playedCampaign(db: Db) {
  const c = await createCampaign(db, {
    name: 'Leeward Islands',
    systemId: 'privateers',
    variant: 'standard',
    options: {},
    settings: defaultSettings('privateers')
  });
  const ctx = { now: 0, newId: () => db.newId() };
  await appendCampaignBuilt(db, c.id, (s) => addCaptain.run(s, { name: 'Anne', side: 'GB' }, ctx));
  await appendCampaignBuilt(db, c.id, (s) => addCaptain.run(s, { name: 'Jean', side: 'FR' }, ctx));
  await appendCampaignBuilt(db, c.id, (s) =>
    addRosterShip.run(
      s,
      {
        captainId: Object.values(s.captains)[0].id,
        name: 'Surprise',
        sheet: getSystem('privateers').defaultSheet({ name: 'Surprise' }) as never,
        price: 800
      },
      ctx
    )
  );
  await appendCampaignBuilt(db, c.id, (s) => addCaptain.run(s, { name: 'Kit', side: '' }, ctx));
  await undoCampaign(db, c.id);
  return c;
}

describe('campaigns in backups', () => {
  it('export then "Replace all data" gives back every table identical', async () => {
    const db = await openTestDb();
    await playedCampaign(db);
    const before = await dumpAll(db);
    const file = await exportAll(db);
    expect(file.file.payload.campaigns).toHaveLength(1);
    expect(file.file.payload.campaignEvents).toHaveLength(6);

    const other = await openTestDb(undefined, {}, 7);
    await importBackup(other, file.text, { mode: 'replace', confirmReplace: true });
    const after = await dumpAll(other);
    expect(after.campaigns).toEqual(before.campaigns);
    expect(after.campaignEvents).toEqual(before.campaignEvents);
  });

  it('imported beside its original, the copy has new ids and folds to the same campaign', async () => {
    const db = await openTestDb();
    const c = await playedCampaign(db);
    const original = await loadCampaign(db, c.id);
    const summary = await importBackup(db, (await exportAll(db)).text);
    expect(summary.campaigns).toBe(1);
    const all = await listCampaigns(db);
    expect(all).toHaveLength(2);
    const copy = all.find((x) => x.id !== c.id)!;
    const loaded = await loadCampaign(db, copy.id);
    expect(loaded.state).toEqual(original.state);
    const ids = new Set(original.events.map((e) => e.id));
    expect(loaded.events.some((e) => ids.has(e.id))).toBe(false);
    // The copy's undo points at the copy's own event.
    const undo = loaded.events.find((e) => e.kind === 'undo')!;
    expect(loaded.events.map((e) => e.id)).toContain(undo.target);
  });

  it('a file whose campaign log has a gap is refused whole, and nothing changes', async () => {
    const db = await openTestDb();
    await playedCampaign(db);
    const file = (await exportAll(db)).file;
    const events = file.payload.campaignEvents!.filter((e) => e.seq !== 2);
    const payload = { ...file.payload, campaignEvents: events };
    const { payloadChecksum } = await import('./backup-file');
    const text = JSON.stringify({ ...file, payload, checksum: await payloadChecksum(payload) });
    const fresh = await openTestDb(undefined, {}, 9);
    const before = await dumpAll(fresh);
    await expect(importBackup(fresh, text)).rejects.toBeInstanceOf(ImportInvalidError);
    expect(await dumpAll(fresh)).toEqual(before);
  });
});
