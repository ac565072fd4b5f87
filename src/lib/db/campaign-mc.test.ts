import { describe, expect, it } from 'vitest';
import { addCaptain, addRosterShip } from '../campaign/moves';
import { applyBattle, decisionsOf } from '../campaign/moves-after';
import { repairMove } from '../campaign/moves-between';
import { reviewBattle } from '../campaign/after-battle';
import { defaultSettings } from '../campaign/settings';
import { getSystem } from '../rules/registry';
import {
  attackMove,
  boardMove,
  firstPlayerMove,
  moveShipMove,
  windMove
} from '../rules/master-and-commander/moves';
import { typed } from '../rules/master-and-commander/moves.testkit';
import { defaultSheet, type Sheet } from '../rules/master-and-commander/sheet';
import type { Compass, ShipColour } from '../rules/master-and-commander/tables';
import { performMove } from './battle.fixture';
import { act, must } from './campaign.test-helpers';
import type { Db } from './db';
import { startCampaignBattle } from './repo-campaign-battles';
import { createCampaign, loadCampaign, undoCampaign } from './repo-campaigns';
import { loadBattle } from './repo-events';
import { dumpAll, openTestDb } from './test-helpers';
import { withMoves } from '../rules/with-moves';

// Issue 36: Master and Commander campaigns, its Basic and Advanced games. Its ships enter a game by
// the fleets' set-up (A.4.1), so a campaign battle sets up the sailing captains' fleets by the
// game's own move and gives each ship the log the campaign carries (her Prize Disks: damage
// carried); the Repair Cards are laid out afresh each game. Played through the real moves.

const MC = await withMoves(getSystem('master-and-commander'));

async function mcCampaign(db: Db, variant: 'basic' | 'advanced') {
  const c = await createCampaign(db, {
    name: 'Far Side',
    systemId: 'master-and-commander',
    variant,
    options: {},
    settings: defaultSettings('master-and-commander')
  });
  must(await act(db, c.id, addCaptain, { name: 'Anna', side: '' }));
  must(await act(db, c.id, addCaptain, { name: 'Ben', side: '' }));
  const [anna, ben] = Object.values((await loadCampaign(db, c.id)).state.captains);
  const ship = (captainId: string, name: string, colour: ShipColour, homeport: Compass) =>
    act(db, c.id, addRosterShip, {
      captainId,
      name,
      sheet: defaultSheet({ name, colour, homeport }),
      price: 0
    });
  must(await ship(anna.id, 'Sophie', 'black', 'N'));
  must(await ship(anna.id, 'Surprise', 'black', 'N'));
  must(await ship(ben.id, 'Acheron', 'gold', 'S'));
  must(await ship(ben.id, 'Hermione', 'gold', 'S'));
  const roster = (await loadCampaign(db, c.id)).state.ships;
  const id = (name: string) => Object.values(roster).find((s) => s.name === name)!.id;
  return {
    c,
    anna,
    ben,
    sophie: id('Sophie'),
    surprise: id('Surprise'),
    acheron: id('Acheron'),
    hermione: id('Hermione')
  };
}

async function battleShipOf(db: Db, campaignId: string, battleId: string, rosterId: string) {
  const { state } = await loadCampaign(db, campaignId);
  return Object.entries(state.battles[battleId].ships).find(([, r]) => r === rosterId)![0];
}

/** Anna goes first; the wind; her two ships hold their place (Basic A.4.2-A.4.4). */
async function opening(db: Db, battleId: string) {
  must(
    await performMove(db, battleId, firstPlayerMove, {
      playerIds: ['Anna', 'Ben'],
      roll: typed([6, 1])
    })
  );
  must(await performMove(db, battleId, windMove, { roll: typed([4]) }));
  const { state } = await loadBattle(db, battleId);
  for (const ship of Object.values(state.ships).filter((s) => s.player === 'Anna')) {
    const sheet = ship.sheet as unknown as Sheet;
    must(
      await performMove(db, battleId, moveShipMove, {
        shipId: ship.id,
        forward: 0,
        turns: 0,
        heading: sheet.heading,
        location: sheet.location,
        isObstructed: false
      })
    );
  }
}

async function reviewOf(db: Db, campaignId: string, battleId: string) {
  const { state } = await loadCampaign(db, campaignId);
  const { battle, events } = await loadBattle(db, battleId);
  return must(
    reviewBattle({
      campaign: state,
      battleId,
      events,
      system: MC,
      title: battle.name,
      options: battle.options,
      variant: battle.variant
    })
  );
}

describe('Master and Commander campaigns', () => {
  it('Basic: the fleets set up from the roster, a hit carried into the next game as a lost Prize Disk, repaired between battles', async () => {
    const db = await openTestDb();
    const k = await mcCampaign(db, 'basic');
    const b1 = must(
      await startCampaignBattle(
        db,
        k.c.id,
        { name: 'Galapagos', rosterShipIds: [k.sophie, k.surprise, k.acheron, k.hermione] },
        MC
      )
    );
    const { state, events } = await loadBattle(db, b1.id);
    expect(events.map((e) => e.kind)).toEqual([
      'battle.setup',
      'mc.setup-fleets',
      'sheet.edit',
      'sheet.edit',
      'sheet.edit',
      'sheet.edit'
    ]);
    const sophie = await battleShipOf(db, k.c.id, b1.id, k.sophie);
    const acheron = await battleShipOf(db, k.c.id, b1.id, k.acheron);
    expect(state.ships[sophie]).toMatchObject({ player: 'Anna' });
    expect(state.ships[sophie].sheet).toMatchObject({
      name: 'Sophie',
      homeport: 'N',
      prizeDisks: 2
    });
    expect(state.ships[acheron].sheet).toMatchObject({ name: 'Acheron', colour: 'gold' });

    await opening(db, b1.id);
    // Sophie's 6 5 2 against Acheron's 5 4 1: a hit, one Prize Disk (A.4.7).
    must(
      await performMove(db, b1.id, attackMove, {
        attackerId: sophie,
        targetId: acheron,
        side: null,
        isMutualBroadside: false,
        attack: typed([6, 5, 2]),
        defence: typed([5, 4, 1])
      })
    );
    const review = await reviewOf(db, k.c.id, b1.id);
    const byName = Object.fromEntries(review.ships.map((s) => [s.name, s]));
    expect(byName.Acheron.after).toEqual([
      expect.objectContaining({ id: 'prize-disks', value: 1 })
    ]);
    expect(byName.Sophie).toMatchObject({ hitsScored: 1, damageDealt: 1, fate: 'afloat' });
    must(await act(db, k.c.id, applyBattle, { battleId: b1.id, ships: decisionsOf(review.ships) }));

    // The next game: Acheron sails with the one disk she has left; Sophie alone for Anna.
    const b2 = must(
      await startCampaignBattle(
        db,
        k.c.id,
        { name: 'Cape Horn', rosterShipIds: [k.sophie, k.acheron, k.hermione] },
        MC
      )
    );
    const second = await loadBattle(db, b2.id);
    const acheron2 = await battleShipOf(db, k.c.id, b2.id, k.acheron);
    expect((second.state.ships[acheron2].sheet as unknown as Sheet).prizeDisks).toBe(1);
    // Anna's fleet is short a ship: the set-up's second one is left out.
    expect(Object.values(second.state.ships).filter((s) => s.player === 'Anna')).toHaveLength(1);
    expect(second.events.map((e) => e.kind)).toContain('ship.remove');
    // Repair Cards are the game's: four at each Homeport again (A.1).
    expect(second.state.system).toMatchObject({
      homeports: { N: { ownerId: 'Anna', repairCards: 4 }, S: { ownerId: 'Ben', repairCards: 4 } }
    });

    // Her lost disk is the campaign's, not this game's: she enters with it and takes no damage.
    const review2 = await reviewOf(db, k.c.id, b2.id);
    const acheronIn2 = review2.ships.find((s) => s.name === 'Acheron')!;
    expect(acheronIn2.damageTaken).toBe(0);
    expect(acheronIn2.before).toEqual([expect.objectContaining({ id: 'prize-disks', value: 1 })]);
    must(
      await act(db, k.c.id, applyBattle, { battleId: b2.id, ships: decisionsOf(review2.ships) })
    );
    expect((await loadCampaign(db, k.c.id)).state.ships[k.acheron].record.damageTaken).toBe(1);
    // Between battles a disk is put back at the campaign's price (an example: £200).
    must(
      await act(db, k.c.id, repairMove(MC), {
        shipId: k.acheron,
        trackId: 'prize-disks',
        points: 2
      })
    );
    const mended = (await loadCampaign(db, k.c.id)).state;
    expect((mended.ships[k.acheron].sheet as unknown as Sheet).prizeDisks).toBe(2);
    expect(mended.captains[k.ben.id]).toMatchObject({ purse: 1800, spent: 200 });
  });

  it('a captain with more ships than the game gives is refused, nothing written; a whole ship has nothing to repair', async () => {
    const db = await openTestDb();
    const k = await mcCampaign(db, 'basic');
    must(
      await act(db, k.c.id, addRosterShip, {
        captainId: k.anna.id,
        name: 'Leopard',
        sheet: defaultSheet({ name: 'Leopard', colour: 'black', homeport: 'N' }),
        price: 0
      })
    );
    const leopard = Object.values((await loadCampaign(db, k.c.id)).state.ships).find(
      (s) => s.name === 'Leopard'
    )!.id;
    const before = await dumpAll(db);
    const r = await startCampaignBattle(
      db,
      k.c.id,
      { name: 'Too many', rosterShipIds: [k.sophie, k.surprise, leopard, k.acheron] },
      MC
    );
    expect(r).toEqual({
      ok: false,
      error: 'Anna commands two ships in a Master and Commander game: choose two.'
    });
    expect(await dumpAll(db)).toEqual(before);
    // A whole ship has nothing to repair.
    const whole = await act(db, k.c.id, repairMove(MC), {
      shipId: k.sophie,
      trackId: 'prize-disks',
      points: 1
    });
    expect(whole).toEqual({ ok: false, error: "Sophie's prize disks is whole." });
  });

  it('Advanced: a ship taken by boarding changes owner with her prize money; one undo takes it back', async () => {
    const db = await openTestDb();
    const k = await mcCampaign(db, 'advanced');
    const b1 = must(
      await startCampaignBattle(
        db,
        k.c.id,
        { name: 'Galapagos', rosterShipIds: [k.sophie, k.surprise, k.acheron, k.hermione] },
        MC
      )
    );
    const sophie = await battleShipOf(db, k.c.id, b1.id, k.sophie);
    const surprise = await battleShipOf(db, k.c.id, b1.id, k.surprise);
    const acheron = await battleShipOf(db, k.c.id, b1.id, k.acheron);
    await opening(db, b1.id);
    // Sophie's hit takes a disk: a ship at full strength cannot be boarded (A.3.6).
    must(
      await performMove(db, b1.id, attackMove, {
        attackerId: sophie,
        targetId: acheron,
        side: null,
        isMutualBroadside: false,
        attack: typed([6, 5, 2]),
        defence: typed([5, 4, 1])
      })
    );
    must(
      await performMove(db, b1.id, boardMove, {
        attackerId: surprise,
        targetId: acheron,
        side: null,
        isBoardingPosition: true,
        isMutualBroadside: false,
        attack: typed([6, 5, 4]),
        defence: typed([1, 1])
      })
    );
    const review = await reviewOf(db, k.c.id, b1.id);
    expect(review.ships.find((s) => s.name === 'Acheron')).toMatchObject({
      fate: 'captured',
      ownerId: k.ben.id,
      newOwnerId: k.anna.id,
      prizeMoney: 1000,
      captorShipId: surprise
    });
    const before = (await loadCampaign(db, k.c.id)).state;
    must(await act(db, k.c.id, applyBattle, { battleId: b1.id, ships: decisionsOf(review.ships) }));
    const after = (await loadCampaign(db, k.c.id)).state;
    expect(after.ships[k.acheron].captainId).toBe(k.anna.id);
    expect(after.captains[k.anna.id]).toMatchObject({ purse: 3000, prizes: 1000, shipsTaken: 1 });
    expect(after.captains[k.ben.id]).toMatchObject({ shipsLost: 1 });
    await undoCampaign(db, k.c.id);
    expect((await loadCampaign(db, k.c.id)).state).toEqual(before);
  });

  it('Advanced: each battle plays the modules the referee ticks, the usual set when none are given; an unknown module is refused, nothing written', async () => {
    const db = await openTestDb();
    const k = await mcCampaign(db, 'advanced');
    // A ship sails in one unapplied battle at a time: each battle takes its own pair.
    const [first, second] = [
      [k.sophie, k.acheron],
      [k.surprise, k.hermione]
    ];
    const modulesOf = async (battleId: string) => {
      const { state } = await loadBattle(db, battleId);
      return (state.system as { modules: unknown }).modules;
    };
    const before = await dumpAll(db);
    const r = await startCampaignBattle(
      db,
      k.c.id,
      { name: 'Storm', rosterShipIds: first, modules: { storms: true } },
      MC
    );
    expect(r).toEqual({ ok: false, error: '"storms" is not an Advanced game module.' });
    expect(await dumpAll(db)).toEqual(before);
    const usual = must(
      await startCampaignBattle(db, k.c.id, { name: 'Usual', rosterShipIds: first }, MC)
    );
    expect(await modulesOf(usual.id)).toEqual({
      cards: false,
      boarding: true,
      raids: true,
      ramming: true,
      mist: true
    });
    const chosen = must(
      await startCampaignBattle(
        db,
        k.c.id,
        {
          name: 'Cards',
          rosterShipIds: second,
          modules: { cards: true, raids: false, mist: false }
        },
        MC
      )
    );
    expect(await modulesOf(chosen.id)).toEqual({
      cards: true,
      boarding: true,
      raids: false,
      ramming: true,
      mist: false
    });
    // The log says which rules each game adds.
    const setupLine = async (battleId: string) =>
      (await loadBattle(db, battleId)).events.find((e) => e.kind === 'mc.setup-fleets')?.summary;
    expect(await setupLine(chosen.id)).toBe(
      'Fleets set up: Anna (N), Ben (S), 2 ships each; modules: Master and Commander cards, Boarding, Ramming'
    );
    expect(await setupLine(usual.id)).toContain(
      '; modules: Boarding, Raids on Homeports, Ramming, Mist'
    );
  });
});
