import { describe, expect, it } from 'vitest';
import { applyBattle, decisionsOf } from '../campaign/moves-after';
import { repairMove } from '../campaign/moves-between';
import { sellShip } from '../campaign/moves-between';
import { addRosterShip } from '../campaign/moves';
import { ledgerOf, purseEntries, shipEntries, standingsOf } from '../campaign/ledger';
import {
  act,
  battleShipOf,
  must,
  pickleFires,
  reviewOf,
  WW,
  wwCampaign
} from './campaign.test-helpers';
import { startCampaignBattle } from './repo-campaign-battles';
import { loadCampaign, undoCampaign } from './repo-campaigns';
import { openTestDb } from './test-helpers';
import { exampleChart } from '../rules/wooden-warships/example-charts';
import { sheetFromChart } from '../rules/wooden-warships/sheet';

// Issue 36: the captains' ledger and standings. Every figure is the moves' own: after each action
// of a campaign played through the real moves, each captain's purse equals what they started with
// plus prizes and sales less what they spent, and the ledger's lines add up to the purse.

describe('the ledger', () => {
  it('purse = start + prizes + sales − spent after every action; the lines add up; standings rank by ships taken less lost', async () => {
    const db = await openTestDb();
    const k = await wwCampaign(db);
    const check = async () => {
      const { state, events } = await loadCampaign(db, k.c.id);
      for (const row of ledgerOf(state)) {
        expect(row.purse).toBe(row.start + row.prizes + row.sales - row.spent);
        const lines = purseEntries(events).filter((e) => e.captainId === row.captain.id);
        expect(row.start + lines.reduce((sum, l) => sum + l.change, 0)).toBe(row.purse);
      }
      return { state, events };
    };
    await check();
    // Villeneuve buys Redoutable (£6,800), sells her for £3,400.
    must(
      await act(db, k.c.id, addRosterShip, {
        captainId: k.villeneuve.id,
        name: 'Redoutable',
        sheet: sheetFromChart({ name: 'Redoutable', chart: exampleChart('ManOWar') }),
        price: 6800
      })
    );
    await check();
    const redoutable = Object.values((await loadCampaign(db, k.c.id)).state.ships).find(
      (s) => s.name === 'Redoutable'
    )!.id;
    must(await act(db, k.c.id, sellShip, { shipId: redoutable, price: 3400 }));
    await check();
    // A battle, applied with Fleche taken by Nelson (the referee's call in the review).
    const b1 = must(
      await startCampaignBattle(
        db,
        k.c.id,
        { name: 'Off Ushant', rosterShipIds: [k.pickle, k.fleche] },
        WW
      )
    );
    await pickleFires(
      db,
      b1.id,
      await battleShipOf(db, k.c.id, b1.id, k.pickle),
      await battleShipOf(db, k.c.id, b1.id, k.fleche),
      [4, 6, 3, 5]
    );
    const decisions = decisionsOf((await reviewOf(db, k.c.id, b1.id)).ships).map((d) =>
      d.name === 'Fleche'
        ? { ...d, fate: 'captured' as const, newOwnerId: k.nelson.id, prizeMoney: 1500 }
        : d
    );
    must(await act(db, k.c.id, applyBattle, { battleId: b1.id, ships: decisions }));
    await check();
    // Nelson mends Fleche's crew: 15 points at £40.
    must(await act(db, k.c.id, repairMove(WW), { shipId: k.fleche, trackId: 'crew', points: 15 }));
    const { state, events } = await check();
    const [nelson, villeneuve] = ledgerOf(state);
    expect(nelson).toMatchObject({
      start: 7000,
      prizes: 1500,
      sales: 0,
      spent: 600,
      purse: 7900,
      shipsTaken: 1,
      shipsLost: 0,
      shipsAfloat: 3
    });
    expect(villeneuve).toMatchObject({
      start: 7000,
      prizes: 0,
      sales: 3400,
      spent: 6800,
      purse: 3600,
      shipsTaken: 0,
      shipsLost: 1,
      shipsAfloat: 0
    });
    expect(standingsOf(state).map((r) => [r.place, r.captain.name])).toEqual([
      [1, 'Nelson'],
      [2, 'Villeneuve']
    ]);
    // Fleche's history: she joined, was taken in a battle, was mended.
    expect(shipEntries(events, k.fleche).map((e) => e.summary)).toEqual([
      "Fleche joins Villeneuve's squadron",
      'Off Ushant applied to the campaign: Fleche taken by Nelson, £1,500 prize money',
      "Fleche: crew 10 → 25 of 25, £600 from Nelson's purse"
    ]);
    // An undone action stays in the ledger, struck through, and its undo puts the purse back.
    await undoCampaign(db, k.c.id);
    const after = await check();
    const lines = purseEntries(after.events).filter((e) => e.captainId === k.nelson.id);
    expect(lines.at(-2)).toMatchObject({ change: -600, isVoided: true });
    expect(lines.at(-1)).toMatchObject({ change: 600, purse: 8500 });
  });

  it('captains level on every figure share the place', async () => {
    const db = await openTestDb();
    const k = await wwCampaign(db);
    const { state } = await loadCampaign(db, k.c.id);
    expect(standingsOf(state).map((r) => r.place)).toEqual([1, 1]);
  });
});
