import { describe, expect, it } from 'vitest';
import type { Json } from '../engine/events';
import { addCaptain, addRosterShip, editSettings } from '../campaign/moves';
import { applyBattle, decisionsOf } from '../campaign/moves-after';
import { cannotSail } from '../campaign/moves-battle';
import { salePrice, sellShip } from '../campaign/moves-between';
import { rerate } from '../campaign/moves-rerate';
import { listPrice } from '../campaign/prices';
import { defaultSettings, settingsOf } from '../campaign/settings';
import { exampleFrigate } from '../rules/privateers/moves.fixture';
import { sheetFromClass, type Sheet as PvSheet } from '../rules/privateers/sheet';
import { exampleChart } from '../rules/wooden-warships/example-charts';
import { board, boardingRound, loot, reload } from '../rules/wooden-warships/moves';
import { sheetFromChart } from '../rules/wooden-warships/sheet';
import { performMove } from './battle.fixture';
import {
  act,
  battleShipOf,
  entered,
  must,
  offUshant,
  pickleFires,
  reviewOf,
  WW,
  wwCampaign
} from './campaign.test-helpers';
import type { Db } from './db';
import { startCampaignBattle } from './repo-campaign-battles';
import { createCampaign, loadCampaign } from './repo-campaigns';
import { dumpAll, openTestDb } from './test-helpers';

// Issue 36, between battles: purchases at Wooden Warships' reckoning (chart price + crew skill
// surcharge, B.4.1 step 4), sales, Privateers' re-rating by the 1d6 chart (C.3.1), the settings
// form's figures, and Wooden Warships' loot (B.4.8) in the prize money. Each is one campaign event
// with its cost; a refusal writes nothing.

/** Fleche (loot card £300, EXAMPLE Battle Schooner: hold rating 1) taken by Victory in battle 2. */
async function flecheTaken(db: Db) {
  const k = await wwCampaign(db, { id: 'silver', name: 'Spanish silver', amount: 300 });
  const b1 = await offUshant(db, k);
  await pickleFires(
    db,
    b1.id,
    await battleShipOf(db, k.c.id, b1.id, k.pickle),
    await battleShipOf(db, k.c.id, b1.id, k.fleche),
    [4, 6, 3, 5]
  );
  must(
    await act(db, k.c.id, applyBattle, {
      battleId: b1.id,
      ships: decisionsOf((await reviewOf(db, k.c.id, b1.id)).ships)
    })
  );
  const b2 = must(
    await startCampaignBattle(
      db,
      k.c.id,
      { name: 'Cape Finisterre', rosterShipIds: [k.victory, k.pickle, k.fleche] },
      WW
    )
  );
  const [victory, pickle, fleche] = [
    await battleShipOf(db, k.c.id, b2.id, k.victory),
    await battleShipOf(db, k.c.id, b2.id, k.pickle),
    await battleShipOf(db, k.c.id, b2.id, k.fleche)
  ];
  await pickleFires(db, b2.id, pickle, fleche, [3, 2, 2, 3]);
  must(await performMove(db, b2.id, reload, { shipId: victory, loads: { zone3: 'grape' } }));
  must(
    await performMove(db, b2.id, board, {
      attackerId: victory,
      targetId: fleche,
      distanceInches: 1,
      isSideBySide: true,
      party: 3
    })
  );
  must(
    await performMove(db, b2.id, boardingRound, {
      attackerId: victory,
      roll: entered([6, 1, 1, 5, 4], 6)
    })
  );
  must(
    await performMove(db, b2.id, boardingRound, {
      attackerId: victory,
      roll: entered([6, 1, 3], 6)
    })
  );
  return { ...k, b2, fleche2: fleche };
}

describe('Wooden Warships loot in the prize money (B.4.8)', () => {
  it('a prize looted for money brings her captor the loot card times her hold rating, beside the prize money', async () => {
    const db = await openTestDb();
    const k = await flecheTaken(db);
    // Not looted yet: the campaign's prize money only.
    expect(
      (await reviewOf(db, k.c.id, k.b2.id)).ships.find((s) => s.name === 'Fleche')
    ).toMatchObject({
      prizeMoney: 1000,
      lootMoney: 0
    });
    must(await performMove(db, k.b2.id, loot, { prizeId: k.fleche2, choice: 'lootAmount' }));
    const review = await reviewOf(db, k.c.id, k.b2.id);
    // "the amount listed on the loot card multiplied by the ship's hold rating": £300 × 1.
    expect(review.ships.find((s) => s.name === 'Fleche')).toMatchObject({
      fate: 'captured',
      newOwnerId: k.nelson.id,
      lootMoney: 300,
      prizeMoney: 1300
    });
    must(
      await act(db, k.c.id, applyBattle, { battleId: k.b2.id, ships: decisionsOf(review.ships) })
    );
    const { state } = await loadCampaign(db, k.c.id);
    expect(state.captains[k.nelson.id]).toMatchObject({ purse: 7000 + 1300, prizes: 1300 });
  });

  it('a prize looted for her cards brings no money', async () => {
    const db = await openTestDb();
    const k = await flecheTaken(db);
    must(await performMove(db, k.b2.id, loot, { prizeId: k.fleche2, choice: 'upgradeCards' }));
    const review = await reviewOf(db, k.c.id, k.b2.id);
    expect(review.ships.find((s) => s.name === 'Fleche')).toMatchObject({
      lootMoney: 0,
      prizeMoney: 1000
    });
  });
});

describe('purchases and sales between battles', () => {
  it("Wooden Warships' price is the chart's plus the crew skill's surcharge; a sale returns the campaign's share", async () => {
    const db = await openTestDb();
    const k = await wwCampaign(db);
    const sheet = sheetFromChart({
      name: 'Diana',
      chart: exampleChart('Frigate'),
      crewSkill: 'Veteran'
    }) as unknown as Json;
    // EXAMPLE chart: £2,000 and £400 for a Veteran crew.
    expect(listPrice('wooden-warships', sheet)).toEqual({
      price: 2400,
      breakdown: 'Frigate (EXAMPLE) £2,000 + Veteran crew £400',
      isExample: true
    });
    expect(listPrice('privateers', sheet)).toBeNull();
    must(
      await act(db, k.c.id, addRosterShip, {
        captainId: k.villeneuve.id,
        name: 'Diana',
        sheet,
        price: 2400
      })
    );
    let { state } = await loadCampaign(db, k.c.id);
    const diana = Object.values(state.ships).find((s) => s.name === 'Diana')!;
    expect(diana.price).toBe(2400);
    expect(state.captains[k.villeneuve.id]).toMatchObject({ purse: 4600, spent: 2400 });
    // The campaign's example share, 50%.
    expect(salePrice(state, diana)).toBe(1200);
    const bad = await act(db, k.c.id, sellShip, { shipId: diana.id, price: -5 });
    expect(bad).toEqual({ ok: false, error: 'The price is a whole sum, 0 or more.' });
    must(await act(db, k.c.id, sellShip, { shipId: diana.id, price: 1200 }));
    ({ state } = await loadCampaign(db, k.c.id));
    expect(state.ships[diana.id].status).toBe('sold');
    expect(state.captains[k.villeneuve.id]).toMatchObject({
      purse: 5800,
      spent: 2400,
      sales: 1200
    });
    expect(cannotSail(state, state.ships[diana.id])).toBe('Diana was sold.');
    const again = await act(db, k.c.id, sellShip, { shipId: diana.id, price: 1200 });
    expect(again).toEqual({ ok: false, error: 'Diana was sold.' });
  });

  it('a ship at sea cannot be sold', async () => {
    const db = await openTestDb();
    const k = await wwCampaign(db);
    must(
      await startCampaignBattle(db, k.c.id, { name: 'Off Ushant', rosterShipIds: [k.pickle] }, WW)
    );
    const before = await dumpAll(db);
    const r = await act(db, k.c.id, sellShip, { shipId: k.pickle, price: 0 });
    expect(r).toEqual({
      ok: false,
      error: 'Pickle is still in Off Ushant: apply that battle first.'
    });
    expect(await dumpAll(db)).toEqual(before);
  });
});

async function privateersCampaign(db: Db, startingPurse = 150) {
  const c = await createCampaign(db, {
    name: 'Spanish Main',
    systemId: 'privateers',
    variant: 'standard',
    options: {},
    settings: { ...defaultSettings('privateers'), startingPurse }
  });
  must(await act(db, c.id, addCaptain, { name: 'Aubrey', side: 'GB' }));
  const aubrey = Object.values((await loadCampaign(db, c.id)).state.captains)[0];
  must(
    await act(db, c.id, addRosterShip, {
      captainId: aubrey.id,
      name: 'Surprise',
      sheet: sheetFromClass(exampleFrigate(), 'Surprise'),
      price: 0
    })
  );
  const surprise = Object.values((await loadCampaign(db, c.id)).state.ships)[0];
  return { c, aubrey, surprise: surprise.id };
}

describe("Privateers' re-rating by the chart (C.3.1)", () => {
  it('a die rolled or typed rates the officer or crew by the chart, at the campaign cost', async () => {
    const db = await openTestDb();
    const k = await privateersCampaign(db);
    // 6: "Grand Mariner", rating 2.
    const master = must(
      await act(db, k.c.id, rerate, { shipId: k.surprise, who: 'master', face: 6, source: 'app' })
    );
    expect(master.summary).toBe(
      "Surprise's master re-rated: 6 on 1d6 (rolled), Helmsman → Grand Mariner (rating 2), £100 from Aubrey's purse"
    );
    let { state } = await loadCampaign(db, k.c.id);
    const sheet = state.ships[k.surprise].sheet as unknown as PvSheet;
    expect(sheet.officers.master).toEqual({ rating: 2, present: true });
    expect(state.captains[k.aubrey.id]).toMatchObject({ purse: 50, spent: 100 });
    // 3-5: rating 1 ("Seaman"), the crew.
    const before = await dumpAll(db);
    const short = await act(db, k.c.id, rerate, {
      shipId: k.surprise,
      who: 'crew',
      face: 4,
      source: 'entered'
    });
    expect(short).toEqual({
      ok: false,
      error: "Aubrey's purse holds £50: re-rating Surprise's crew costs £100."
    });
    const seven = await act(db, k.c.id, rerate, {
      shipId: k.surprise,
      who: 'crew',
      face: 7,
      source: 'entered'
    });
    expect(seven).toEqual({ ok: false, error: 'A six-sided die shows 1 to 6.' });
    expect(await dumpAll(db)).toEqual(before);
    // The referee sets the cost at £0: the crew is rated by the typed die.
    const s = settingsOf(state.systemId, state.settings);
    must(await act(db, k.c.id, editSettings, { ...s, rerateCost: 0 }));
    must(
      await act(db, k.c.id, rerate, { shipId: k.surprise, who: 'crew', face: 4, source: 'entered' })
    );
    ({ state } = await loadCampaign(db, k.c.id));
    expect((state.ships[k.surprise].sheet as unknown as PvSheet).crewRating).toBe(1);
    expect(state.captains[k.aubrey.id].purse).toBe(50);
  });

  it('is a Privateers rule only', async () => {
    const db = await openTestDb();
    const k = await wwCampaign(db);
    const r = await act(db, k.c.id, rerate, {
      shipId: k.pickle,
      who: 'crew',
      face: 6,
      source: 'app'
    });
    expect(r).toEqual({
      ok: false,
      error: 'Re-rating by the chart is a Privateers rule (Rating Officers & Crews).'
    });
  });
});

describe('the settings form', () => {
  it('a figure that is not a whole sum is refused by name and nothing changes; a good one is saved', async () => {
    const db = await openTestDb();
    const k = await privateersCampaign(db);
    const { state } = await loadCampaign(db, k.c.id);
    const s = settingsOf(state.systemId, state.settings);
    const before = await dumpAll(db);
    for (const [patch, error] of [
      [{ prizeMoney: -1 }, 'The prize money is a whole sum, 0 or more.'],
      [{ startingPurse: 1.5 }, 'The starting purse is a whole sum, 0 or more.'],
      [{ salePercent: 120 }, 'A ship sells for a whole percent of her price, 0 to 100.'],
      [
        { repairCost: { ...s.repairCost, hull: Number.NaN } },
        'The repair cost of hull is a whole sum, 0 or more.'
      ],
      [{ repairCost: { sails: 5 } }, 'There is no sails to repair.']
    ] as const) {
      expect(await act(db, k.c.id, editSettings, { ...s, ...patch })).toEqual({
        ok: false,
        error
      });
    }
    expect(await dumpAll(db)).toEqual(before);
    must(
      await act(db, k.c.id, editSettings, {
        ...s,
        prizeMoney: 750,
        salePercent: 40,
        repairCost: { ...s.repairCost, hull: 35 }
      })
    );
    const after = (await loadCampaign(db, k.c.id)).state.settings;
    expect(after).toMatchObject({ prizeMoney: 750, salePercent: 40, rerateCost: 100 });
    expect(after?.repairCost.hull).toBe(35);
  });

  it('a campaign set up before re-rating and sales reads their defaults', () => {
    const old = { currency: '£', startingPurse: 10, prizeMoney: 5, repairCost: { hull: 1 } };
    expect(settingsOf('privateers', old)).toMatchObject({ rerateCost: 100, salePercent: 50 });
  });
});
