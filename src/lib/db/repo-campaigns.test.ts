import { describe, expect, it } from 'vitest';
import { addCaptain, addRosterShip, editSettings } from '../campaign/moves';
import { defaultSettings } from '../campaign/settings';
import type { CampaignDraft } from '../campaign/events';
import type { CampaignState } from '../campaign/state';
import type { Result } from '../engine/result';
import { getSystem } from '../rules/registry';
import {
  appendCampaignBuilt,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  loadCampaign,
  redoCampaign,
  undoCampaign
} from './repo-campaigns';
import { dumpAll, openTestDb } from './test-helpers';
import type { Db } from './db';

/** A campaign move performed as the screen does: built again inside the transaction. */
function act<I>(
  db: Db,
  id: string,
  move: {
    run: (s: CampaignState, i: I, c: { now: number; newId: () => string }) => Result<CampaignDraft>;
  },
  input: I
) {
  return appendCampaignBuilt(db, id, (state) =>
    move.run(state, input, { now: db.now(), newId: () => db.newId() })
  );
}

async function newCampaign(db: Db) {
  return createCampaign(db, {
    name: 'The Caribbean, 1781',
    systemId: 'privateers',
    variant: 'standard',
    options: {},
    settings: defaultSettings('privateers')
  });
}

const blank = (name: string) => getSystem('privateers').defaultSheet({ name }) as never;

describe('the campaign log', () => {
  it('a new campaign holds its set-up: the system and the example economy', async () => {
    const db = await openTestDb();
    const c = await newCampaign(db);
    const loaded = await loadCampaign(db, c.id);
    expect(loaded.events.map((e) => e.kind)).toEqual(['campaign.setup']);
    expect(loaded.state.systemId).toBe('privateers');
    expect(loaded.state.settings?.startingPurse).toBe(2000);
    expect(await listCampaigns(db)).toEqual([loaded.campaign]);
  });

  it('captains join with the starting purse; a ship bought is paid from the purse', async () => {
    const db = await openTestDb();
    const c = await newCampaign(db);
    const anne = await act(db, c.id, addCaptain, { name: 'Anne', side: 'GB' });
    expect(anne.ok).toBe(true);
    let { state } = await loadCampaign(db, c.id);
    const anneId = Object.keys(state.captains)[0];
    const bought = await act(db, c.id, addRosterShip, {
      captainId: anneId,
      name: 'Surprise',
      sheet: blank('x'),
      price: 1500
    });
    expect(bought.ok).toBe(true);
    ({ state } = await loadCampaign(db, c.id));
    expect(state.captains[anneId]).toMatchObject({ purse: 500, spent: 1500 });
    const ship = Object.values(state.ships)[0];
    expect(ship).toMatchObject({ name: 'Surprise', captainId: anneId, status: 'active' });
    expect((ship.sheet as { name: string }).name).toBe('Surprise');
    expect(ship.record.captains).toEqual(['Anne']);
  });

  it('a purchase the purse cannot pay is refused with the reason, and nothing is written', async () => {
    const db = await openTestDb();
    const c = await newCampaign(db);
    await act(db, c.id, addCaptain, { name: 'Anne', side: 'GB' });
    const { state } = await loadCampaign(db, c.id);
    const anneId = Object.keys(state.captains)[0];
    const before = await dumpAll(db);
    const r = await act(db, c.id, addRosterShip, {
      captainId: anneId,
      name: 'Victory',
      sheet: blank('x'),
      price: 2001
    });
    expect(r).toEqual({
      ok: false,
      error: "Anne's purse holds £2,000: Victory costs £2,001."
    });
    expect(await dumpAll(db)).toEqual(before);
  });

  it('a second captain of the same name is refused', async () => {
    const db = await openTestDb();
    const c = await newCampaign(db);
    await act(db, c.id, addCaptain, { name: 'Anne', side: 'GB' });
    const r = await act(db, c.id, addCaptain, { name: 'anne', side: 'FR' });
    expect(r).toEqual({ ok: false, error: 'anne is already a captain of this campaign.' });
  });

  it('undo takes back the latest action as a new event, redo restores it; set-up is never undone', async () => {
    const db = await openTestDb();
    const c = await newCampaign(db);
    await act(db, c.id, addCaptain, { name: 'Anne', side: 'GB' });
    await act(db, c.id, editSettings, {
      startingPurse: 2000,
      prizeMoney: 750,
      repairCost: { hull: 20 }
    });
    const undone = await undoCampaign(db, c.id);
    expect(undone?.kind).toBe('undo');
    let loaded = await loadCampaign(db, c.id);
    expect(loaded.state.settings?.prizeMoney).toBe(1000);
    expect(loaded.events).toHaveLength(4);
    await redoCampaign(db, c.id);
    loaded = await loadCampaign(db, c.id);
    expect(loaded.state.settings?.prizeMoney).toBe(750);
    await undoCampaign(db, c.id);
    await undoCampaign(db, c.id);
    loaded = await loadCampaign(db, c.id);
    expect(loaded.state.captains).toEqual({});
    // Only the set-up is left, and it is not an action to undo.
    expect(await undoCampaign(db, c.id)).toBeNull();
    expect(loaded.state.settings).not.toBeNull();
  });

  it('deleting a campaign deletes its log', async () => {
    const db = await openTestDb();
    const c = await newCampaign(db);
    await act(db, c.id, addCaptain, { name: 'Anne', side: 'GB' });
    await deleteCampaign(db, c.id);
    const all = await dumpAll(db);
    expect(all.campaigns).toEqual([]);
    expect(all.campaignEvents).toEqual([]);
  });
});
