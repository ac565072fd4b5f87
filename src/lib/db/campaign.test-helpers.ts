// Helpers for the campaign tests (issue 36): a Wooden Warships campaign made through the campaign's
// real moves, its battles through the app's battle creation and Wooden Warships' real moves, the
// review read from the battle's log. Only tests import this file.
import { reviewBattle } from '../campaign/after-battle';
import type { CampaignMove } from '../campaign/move';
import { addCaptain, addRosterShip } from '../campaign/moves';
import { defaultSettings } from '../campaign/settings';
import type { DiceRoll } from '../engine/dice';
import { getSystem } from '../rules/registry';
import { exampleChart } from '../rules/wooden-warships/example-charts';
import { board, boardingRound, fire, reload } from '../rules/wooden-warships/moves';
import { sheetFromChart, type LootCard } from '../rules/wooden-warships/sheet';
import { performMove } from './battle.fixture';
import type { Db } from './db';
import { appendCampaignBuilt, createCampaign, loadCampaign } from './repo-campaigns';
import { startCampaignBattle } from './repo-campaign-battles';
import { loadBattle } from './repo-events';
import { withMoves } from '../rules/with-moves';

export const WW = await withMoves(getSystem('wooden-warships'));

export const entered = (faces: number[], sides: number): DiceRoll => ({
  source: 'entered',
  dice: faces.map((face) => ({ sides, face }))
});

export function act<I>(db: Db, campaignId: string, move: CampaignMove<I>, input: I) {
  return appendCampaignBuilt(db, campaignId, (s) =>
    move.run(s, input, { now: db.now(), newId: () => db.newId() })
  );
}

export function must<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/**
 * Nelson (Victory, Pickle) and Villeneuve (Fleche), EXAMPLE charts, given at the start; Fleche
 * carries `flecheLoot` as her loot card when one is named.
 */
export async function wwCampaign(db: Db, flecheLoot: LootCard | null = null) {
  const c = await createCampaign(db, {
    name: 'Channel 1805',
    systemId: 'wooden-warships',
    variant: 'standard',
    options: {},
    settings: defaultSettings('wooden-warships')
  });
  must(await act(db, c.id, addCaptain, { name: 'Nelson', side: 'Britain' }));
  must(await act(db, c.id, addCaptain, { name: 'Villeneuve', side: 'France' }));
  const { state } = await loadCampaign(db, c.id);
  const [nelson, villeneuve] = Object.values(state.captains);
  const ship = (
    captainId: string,
    name: string,
    type: 'ManOWar' | 'BattleSchooner',
    lootCard: LootCard | null = null
  ) =>
    act(db, c.id, addRosterShip, {
      captainId,
      name,
      sheet: sheetFromChart({ name, chart: exampleChart(type), lootCard }),
      price: 0
    });
  must(await ship(nelson.id, 'Victory', 'ManOWar'));
  must(await ship(nelson.id, 'Pickle', 'BattleSchooner'));
  must(await ship(villeneuve.id, 'Fleche', 'BattleSchooner', flecheLoot));
  const roster = (await loadCampaign(db, c.id)).state.ships;
  const id = (name: string) => Object.values(roster).find((s) => s.name === name)!.id;
  return {
    c,
    nelson,
    villeneuve,
    victory: id('Victory'),
    pickle: id('Pickle'),
    fleche: id('Fleche')
  };
}

/** The campaign's first battle, Off Ushant: Pickle against Fleche, through the app's battle creation. */
export async function offUshant(db: Db, k: { c: { id: string }; pickle: string; fleche: string }) {
  return must(
    await startCampaignBattle(
      db,
      k.c.id,
      { name: 'Off Ushant', rosterShipIds: [k.pickle, k.fleche] },
      WW
    )
  );
}

/** The battle ship id of a roster ship in a campaign battle. */
export async function battleShipOf(db: Db, campaignId: string, battleId: string, rosterId: string) {
  const { state } = await loadCampaign(db, campaignId);
  const entry = Object.entries(state.battles[battleId].ships).find(([, r]) => r === rosterId);
  return entry![0];
}

export async function reviewOf(db: Db, campaignId: string, battleId: string) {
  const { state } = await loadCampaign(db, campaignId);
  const { battle, events } = await loadBattle(db, battleId);
  return must(reviewBattle({ campaign: state, battleId, events, system: WW, title: battle.name }));
}

/** Pickle fires round and grape at Fleche's crew at 3″ (EXAMPLE chart: 10 and 20 hit). */
export async function pickleFires(
  db: Db,
  battleId: string,
  pickle: string,
  fleche: string,
  damage: number[]
) {
  must(
    await performMove(db, battleId, reload, {
      shipId: pickle,
      loads: { zone1: 'round', zone2: 'grape' }
    })
  );
  return must(
    await performMove(db, battleId, fire, {
      firerId: pickle,
      targetId: fleche,
      mode: 'fullBroadside',
      batteries: ['zone1', 'zone2'],
      distanceInches: 3,
      area: 'crew',
      isExposedSide: false,
      hasLineOfSight: true,
      hitRoll: entered([10, 20], 100),
      damageRoll: {
        source: 'entered',
        dice: damage.map((face, i) => ({ sides: [4, 6, 4, 6][i], face }))
      }
    })
  );
}

/**
 * Victory boards Fleche (crew 2 after Pickle's broadside) and takes her in two rounds (entered
 * d6s): the campaign tests' capture through Wooden Warships' real moves.
 */
export async function victoryTakes(db: Db, battleId: string, victory: string, fleche: string) {
  must(await performMove(db, battleId, reload, { shipId: victory, loads: { zone3: 'grape' } }));
  must(
    await performMove(db, battleId, board, {
      attackerId: victory,
      targetId: fleche,
      distanceInches: 1,
      isSideBySide: true,
      party: 3
    })
  );
  for (const faces of [
    [6, 1, 1, 5, 4],
    [6, 1, 3]
  ]) {
    must(
      await performMove(db, battleId, boardingRound, {
        attackerId: victory,
        roll: entered(faces, 6)
      })
    );
  }
}
