import { describe, expect, it } from 'vitest';
import { addRosterShip } from '../campaign/moves';
import { applyBattle, decisionsOf } from '../campaign/moves-after';
import { repairMove } from '../campaign/moves-between';
import { exampleChart } from '../rules/wooden-warships/example-charts';
import { sheetFromChart, type Sheet } from '../rules/wooden-warships/sheet';
import {
  act,
  battleShipOf,
  must,
  offUshant,
  pickleFires,
  reviewOf,
  victoryTakes,
  WW,
  wwCampaign as campaign
} from './campaign.test-helpers';
import { startCampaignBattle } from './repo-campaign-battles';
import { loadCampaign, undoCampaign } from './repo-campaigns';
import { loadBattle } from './repo-events';
import { dumpAll, openTestDb } from './test-helpers';

// Issue 36 steps 2 and 3: battles made from the roster through the battle's own creation and
// "Add a ship" move, fought through Wooden Warships' real moves, and the post-battle step read
// from the finished battle's fold and report: every figure equal to the battle's.

describe('battles from the campaign and the post-battle step (Wooden Warships, real moves)', () => {
  it('each chosen ship enters with her campaign sheet under her captain; the battle remembers its campaign', async () => {
    const db = await openTestDb();
    const k = await campaign(db);
    const battle = await offUshant(db, k);
    expect(battle.campaignId).toBe(k.c.id);
    const { state, events } = await loadBattle(db, battle.id);
    expect(events.map((e) => e.kind)).toEqual(['battle.setup', 'ship.add', 'ship.add']);
    const roster = (await loadCampaign(db, k.c.id)).state;
    const pickle = state.ships[await battleShipOf(db, k.c.id, battle.id, k.pickle)];
    expect(pickle).toMatchObject({ player: 'Nelson', side: 'Britain' });
    expect(pickle.sheet).toEqual(roster.ships[k.pickle].sheet);
    // A ship still in a battle not applied sails in no other.
    const again = await startCampaignBattle(
      db,
      k.c.id,
      { name: 'Again', rosterShipIds: [k.fleche] },
      WW
    );
    expect(again).toEqual({
      ok: false,
      error: 'Fleche is still in Off Ushant: apply that battle to the campaign first.'
    });
  });

  it('the review reads every figure from the battle; applied, the damage is carried and one undo takes it back', async () => {
    const db = await openTestDb();
    const k = await campaign(db);
    const battle = await offUshant(db, k);
    const pickle = await battleShipOf(db, k.c.id, battle.id, k.pickle);
    const fleche = await battleShipOf(db, k.c.id, battle.id, k.fleche);
    await pickleFires(db, battle.id, pickle, fleche, [4, 6, 3, 5]);
    const { state: fought } = await loadBattle(db, battle.id);
    const flecheAfter = fought.ships[fleche].sheet as unknown as Sheet;
    expect(flecheAfter.crew.current).toBe(10);

    const review = await reviewOf(db, k.c.id, battle.id);
    const byName = Object.fromEntries(review.ships.map((s) => [s.name, s]));
    expect(byName.Fleche).toMatchObject({ fate: 'afloat', damageTaken: 15, prizeMoney: 0 });
    expect(byName.Fleche.after.find((t) => t.id === 'crew')).toMatchObject({ value: 10, max: 25 });
    expect(byName.Fleche.before.find((t) => t.id === 'crew')).toMatchObject({ value: 25 });
    expect(byName.Pickle).toMatchObject({ fate: 'afloat', hitsScored: 2, damageDealt: 15 });

    const before = (await loadCampaign(db, k.c.id)).state;
    must(
      await act(db, k.c.id, applyBattle, { battleId: battle.id, ships: decisionsOf(review.ships) })
    );
    const after = (await loadCampaign(db, k.c.id)).state;
    const carried = after.ships[k.fleche].sheet as unknown as Sheet;
    expect(carried.crew).toEqual(flecheAfter.crew);
    expect(after.ships[k.fleche].record).toMatchObject({ battles: [battle.id], damageTaken: 15 });
    expect(after.ships[k.pickle].record).toMatchObject({ hitsScored: 2, damageDealt: 15 });
    // Pickle's guns were fired: she enters the next battle as at a new turn.
    expect((after.ships[k.pickle].sheet as unknown as Sheet).hasAttackedThisTurn).toBe(false);
    expect(after.battles[battle.id].isApplied).toBe(true);
    // Applied once only.
    const twice = await act(db, k.c.id, applyBattle, { battleId: battle.id, ships: [] });
    expect(twice).toEqual({ ok: false, error: 'Off Ushant is applied to the campaign already.' });

    await undoCampaign(db, k.c.id);
    expect((await loadCampaign(db, k.c.id)).state).toEqual(before);
  });

  it('a prize taken in the second battle changes owner, with her prize money to the captor', async () => {
    const db = await openTestDb();
    const k = await campaign(db);
    // Battle 1: Fleche's crew is cut to 10 of 25 and carried.
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

    // Battle 2: Fleche enters with the crew battle 1 left her.
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
    const entering = (await loadBattle(db, b2.id)).state.ships[fleche].sheet as unknown as Sheet;
    expect(entering.crew).toEqual({ original: 25, current: 10 });
    // 1d4 + ½d4 + 1d6 + ½d6 = 3 + 1 + 2 + 2 = 8: crew 2, crippled.
    await pickleFires(db, b2.id, pickle, fleche, [3, 2, 2, 3]);
    expect(
      ((await loadBattle(db, b2.id)).state.ships[fleche].sheet as unknown as Sheet).crew.current
    ).toBe(2);
    await victoryTakes(db, b2.id, victory, fleche);

    const review = await reviewOf(db, k.c.id, b2.id);
    const prize = review.ships.find((s) => s.name === 'Fleche')!;
    expect(prize).toMatchObject({
      fate: 'captured',
      ownerId: k.villeneuve.id,
      newOwnerId: k.nelson.id,
      prizeMoney: 1000,
      captorShipId: victory
    });
    const before = await dumpAll(db);
    must(await act(db, k.c.id, applyBattle, { battleId: b2.id, ships: decisionsOf(review.ships) }));
    const after = (await loadCampaign(db, k.c.id)).state;
    expect(after.ships[k.fleche].captainId).toBe(k.nelson.id);
    expect(after.ships[k.fleche].record.captains).toEqual(['Villeneuve', 'Nelson']);
    expect(after.captains[k.nelson.id]).toMatchObject({
      purse: 7000 + 1000,
      prizes: 1000,
      shipsTaken: 1
    });
    expect(after.captains[k.villeneuve.id]).toMatchObject({ purse: 7000, shipsLost: 1 });
    expect(after.ships[k.victory].record.captures).toBe(1);
    // She sails for Nelson in the next battle: back in service, no longer marked captured.
    expect((after.ships[k.fleche].sheet as unknown as Sheet).status).toBe('active');

    // One undo takes the whole post-battle step back; redo applies it again.
    await undoCampaign(db, k.c.id);
    const undone = await dumpAll(db);
    expect((await loadCampaign(db, k.c.id)).state.ships[k.fleche].captainId).toBe(k.villeneuve.id);
    expect(undone.campaignEvents.length).toBe(before.campaignEvents.length + 2);
  });

  it('between battles: a repair the purse cannot pay is refused with the reason; paid, the ledger adds up', async () => {
    const db = await openTestDb();
    const k = await campaign(db);
    const b1 = await offUshant(db, k);
    const fleche = await battleShipOf(db, k.c.id, b1.id, k.fleche);
    await pickleFires(
      db,
      b1.id,
      await battleShipOf(db, k.c.id, b1.id, k.pickle),
      fleche,
      [4, 6, 3, 5]
    );
    const review = await reviewOf(db, k.c.id, b1.id);
    must(await act(db, k.c.id, applyBattle, { battleId: b1.id, ships: decisionsOf(review.ships) }));
    // Villeneuve buys a second ship: £200 left.
    must(
      await act(db, k.c.id, addRosterShip, {
        captainId: k.villeneuve.id,
        name: 'Redoutable',
        sheet: sheetFromChart({ name: 'Redoutable', chart: exampleChart('ManOWar') }),
        price: 6800
      })
    );
    const repair = repairMove(WW);
    const before = await dumpAll(db);
    // EXAMPLE cost: £40 a point of crew; 15 points are £600.
    const short = await act(db, k.c.id, repair, { shipId: k.fleche, trackId: 'crew', points: 15 });
    expect(short).toEqual({
      ok: false,
      error: "Villeneuve's purse holds £200: 15 crew on Fleche costs £600."
    });
    expect(await dumpAll(db)).toEqual(before);
    must(await act(db, k.c.id, repair, { shipId: k.fleche, trackId: 'crew', points: 5 }));
    const { state } = await loadCampaign(db, k.c.id);
    expect((state.ships[k.fleche].sheet as unknown as Sheet).crew).toEqual({
      original: 25,
      current: 15
    });
    expect(state.ships[k.fleche].record.repairs).toBe(5);
    const v = state.captains[k.villeneuve.id];
    // The ledger: starting purse − purchases − repairs + prizes.
    expect(v).toMatchObject({ purse: 0, spent: 7000, prizes: 0 });
    expect(v.purse).toBe(7000 - 6800 - 5 * 40 + v.prizes);
    // A track with nothing to mend is refused.
    const whole = await act(db, k.c.id, repair, { shipId: k.pickle, trackId: 'hull', points: 1 });
    expect(whole).toEqual({ ok: false, error: "Pickle's hull is whole." });
  });
});
