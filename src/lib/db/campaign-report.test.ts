import { describe, expect, it } from 'vitest';
import { ledgerOf } from '../campaign/ledger';
import { applyBattle, decisionsOf } from '../campaign/moves-after';
import { campaignReport, type Figures } from '../campaign/report';
import { buildReport, type Report } from '../report/model';
import {
  act,
  battleShipOf,
  must,
  offUshant,
  pickleFires,
  reviewOf,
  victoryTakes,
  WW,
  wwCampaign
} from './campaign.test-helpers';
import type { Db } from './db';
import { startCampaignBattle } from './repo-campaign-battles';
import { loadCampaign, undoCampaign } from './repo-campaigns';
import { loadBattle } from './repo-events';
import { openTestDb } from './test-helpers';

// Issue 36 step 5: the campaign report across battles. Its figures per battle, per ship and per
// captain are the sums of each battle's own report (built here, apart, from the battle's log
// written by Wooden Warships' real moves); captures and prizes are the post-battle step's.

async function reportOf(db: Db, campaignId: string) {
  const { state, events } = await loadCampaign(db, campaignId);
  const battles = await Promise.all(
    Object.keys(state.battles).map(async (id) => {
      const { battle, events: log } = await loadBattle(db, id);
      return {
        id,
        events: log,
        title: battle.name,
        options: battle.options,
        variant: battle.variant
      };
    })
  );
  return { state, report: campaignReport({ events, battles, system: WW }) };
}

/** The figures of one battle ship in a battle's own report. */
function shipIn(report: Report, battleShipId: string) {
  const s = report.ships.find((x) => x.id === battleShipId)!;
  return { hitsScored: s.hitsScored, damageDealt: s.damageDealt, damageTaken: s.damageTaken };
}

const sum = (rows: Pick<Figures, 'hitsScored' | 'damageDealt' | 'damageTaken'>[]) => ({
  hitsScored: rows.reduce((n, r) => n + r.hitsScored, 0),
  damageDealt: rows.reduce((n, r) => n + r.damageDealt, 0),
  damageTaken: rows.reduce((n, r) => n + r.damageTaken, 0)
});

describe('the campaign report', () => {
  it('per battle, per ship and per captain: the sums of the battles’ own reports; captures and prizes as applied', async () => {
    const db = await openTestDb();
    const k = await wwCampaign(db);
    // Off Ushant: Pickle cuts Fleche's crew to 10 (15 damage, 2 hits); applied as the log reads.
    const b1 = await offUshant(db, k);
    const s1 = {
      pickle: await battleShipOf(db, k.c.id, b1.id, k.pickle),
      fleche: await battleShipOf(db, k.c.id, b1.id, k.fleche)
    };
    await pickleFires(db, b1.id, s1.pickle, s1.fleche, [4, 6, 3, 5]);
    const r1 = decisionsOf((await reviewOf(db, k.c.id, b1.id)).ships);
    must(await act(db, k.c.id, applyBattle, { battleId: b1.id, ships: r1 }));
    // Cape Finisterre: Pickle's broadside (8), then Victory boards and takes Fleche.
    const b2 = must(
      await startCampaignBattle(
        db,
        k.c.id,
        { name: 'Cape Finisterre', rosterShipIds: [k.victory, k.pickle, k.fleche] },
        WW
      )
    );
    const s2 = {
      victory: await battleShipOf(db, k.c.id, b2.id, k.victory),
      pickle: await battleShipOf(db, k.c.id, b2.id, k.pickle),
      fleche: await battleShipOf(db, k.c.id, b2.id, k.fleche)
    };
    await pickleFires(db, b2.id, s2.pickle, s2.fleche, [3, 2, 2, 3]);
    await victoryTakes(db, b2.id, s2.victory, s2.fleche);
    const r2 = decisionsOf((await reviewOf(db, k.c.id, b2.id)).ships);
    must(await act(db, k.c.id, applyBattle, { battleId: b2.id, ships: r2 }));

    // Each battle's own report, built apart from the campaign's.
    const own = async (id: string) => {
      const { battle, events } = await loadBattle(db, id);
      return buildReport({ events, system: WW, title: battle.name, options: battle.options });
    };
    const [own1, own2] = [await own(b1.id), await own(b2.id)];
    const { state, report } = await reportOf(db, k.c.id);
    expect(report.battles.map((b) => b.name)).toEqual(['Off Ushant', 'Cape Finisterre']);
    expect(report.battles.map((b) => b.isApplied)).toEqual([true, true]);

    const ship = (id: string) => report.ships.find((r) => r.id === id)!;
    const pickle = sum([shipIn(own1, s1.pickle), shipIn(own2, s2.pickle)]);
    const fleche = sum([shipIn(own1, s1.fleche), shipIn(own2, s2.fleche)]);
    expect(ship(k.pickle)).toMatchObject({ ...pickle, battles: 2, captures: 0, prizes: 0 });
    expect(ship(k.fleche)).toMatchObject({ ...fleche, battles: 2, captures: 0 });
    expect(ship(k.victory)).toMatchObject({
      ...shipIn(own2, s2.victory),
      battles: 1,
      captures: 1,
      prizes: 1000
    });
    // The figures the battles' logs give (EXAMPLE charts, entered dice).
    expect(pickle).toEqual({ hitsScored: 4, damageDealt: 23, damageTaken: 0 });
    expect(ship(k.fleche).damageTaken).toBeGreaterThanOrEqual(23);
    // Per battle: the roster ship's row for a battle is that battle's report's figures.
    expect(ship(k.pickle).byBattle).toMatchObject([
      { battleId: b1.id, ...shipIn(own1, s1.pickle) },
      { battleId: b2.id, ...shipIn(own2, s2.pickle) }
    ]);
    expect(report.battles[1].captures).toEqual([
      { shipId: s2.fleche, captorShipId: s2.victory, captainId: k.nelson.id, prizeMoney: 1000 }
    ]);

    // Captains: Fleche fought both battles for Villeneuve (she changed hands after the second).
    const captain = (id: string) => report.captains.find((r) => r.id === id)!;
    expect(captain(k.nelson.id)).toMatchObject({
      ...sum([shipIn(own1, s1.pickle), shipIn(own2, s2.pickle), shipIn(own2, s2.victory)]),
      battles: 2,
      captures: 1,
      prizes: 1000
    });
    expect(captain(k.villeneuve.id)).toMatchObject({
      ...fleche,
      battles: 2,
      captures: 0,
      prizes: 0
    });
    // The ledger agrees: the same prizes and ships taken.
    for (const row of ledgerOf(state)) {
      expect(captain(row.captain.id)).toMatchObject({
        prizes: row.prizes,
        captures: row.shipsTaken
      });
    }
    // The chart: damage dealt per captain, a bar per battle.
    expect(report.damage.sides).toEqual(['Nelson', 'Villeneuve']);
    expect(report.damage.turns.map((t) => t.bySide.Nelson)).toEqual([
      shipIn(own1, s1.pickle).damageDealt,
      shipIn(own2, s2.pickle).damageDealt + shipIn(own2, s2.victory).damageDealt
    ]);

    // Undone, the second battle's capture is what its log shows, with no prize money yet.
    await undoCampaign(db, k.c.id);
    const undone = (await reportOf(db, k.c.id)).report;
    expect(undone.battles[1].isApplied).toBe(false);
    expect(undone.battles[1].captures).toEqual([
      { shipId: s2.fleche, captorShipId: s2.victory, captainId: null, prizeMoney: 0 }
    ]);
    expect(undone.captains.find((r) => r.id === k.nelson.id)).toMatchObject({
      captures: 1,
      prizes: 0
    });
  });
});
