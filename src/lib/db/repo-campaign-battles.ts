import { setupBattle } from '../battle/actions';
import { addShipMove } from '../battle/add-ship';
import { displayOf, turnStatusOf } from '../battle/display';
import { INITIAL_STATE, type BattleEvent, type BattleState, type Json } from '../engine/events';
import { applyEvent } from '../battle/fold';
import { withInput, type Move, type MoveContext } from '../battle/move';
import { editSheetMove, removeShipMove } from '../battle/ship-moves';
import {
  battleModules,
  enteringSheet,
  fleetPlan,
  variantOfCampaign,
  type FleetPlan
} from '../campaign/fleets';
import { startBattle } from '../campaign/moves-battle';
import type { CampaignState } from '../campaign/state';
import { err, ok, type Result } from '../engine/result';
import type { RuleSystemWithMoves } from '../engine/system';
import type { Db } from './db';
import type { BattleRecord } from './records';
import type { CampaignRecord } from './records-logs';
import { newBattleRecord } from './repo-battles';
import { nextEvent } from './repo-events';
import {
  appendCampaignInTx,
  readCampaignEventsInTx,
  readCampaignInTx,
  replayCampaign
} from './repo-campaigns';

/**
 * A battle from the campaign's roster (issue 36 step 2), in one transaction: the battle record and
 * its set-up as the new-battle page makes them (with the campaign's readings), each chosen ship
 * added by the battle's own "Add a ship" move with her campaign sheet as it stands (damage carried,
 * crew as left) under her captain's name and side, and the campaign's event that records which
 * roster ship each battle ship is. A refusal (a ship sunk, or still in a battle not applied) writes
 * nothing.
 */

export interface CampaignBattleInput {
  name: string;
  /** Roster ship ids, in the order they join the battle. */
  rosterShipIds: readonly string[];
  /**
   * Master and Commander's Advanced game: the modules this battle adds (A.1, "Add one or more of
   * the following rules"), by id; left out, the campaign's usual set (campaign/fleets.ts).
   */
  modules?: Readonly<Record<string, boolean>>;
}

/** The new battle's record after its events, and the events: set-up, then the ships. */
function battleFrom(
  db: Db,
  campaign: CampaignRecord,
  state: CampaignState,
  battleId: string,
  name: string,
  ships: Record<string, string>,
  system: RuleSystemWithMoves,
  modules: CampaignBattleInput['modules']
): Result<{ battle: BattleRecord; events: BattleEvent[] }> {
  const { variant, options } = campaign;
  const systemState = (system.initialSystemState?.(variant, options) ?? undefined) as
    Json | undefined;
  let battle = newBattleRecord(db, {
    id: battleId,
    name,
    systemId: campaign.systemId,
    variant,
    options,
    campaignId: campaign.id
  });
  let battleState: BattleState = INITIAL_STATE;
  const events: BattleEvent[] = [];
  const status = { options, variant, now: db.now() };
  const push = (draft: Parameters<typeof nextEvent>[2]) => {
    const before = battleState;
    const next = nextEvent(db, battle, draft, (e) =>
      displayOf(turnStatusOf(system, applyEvent(before, e), status))
    );
    battle = next.battle;
    battleState = applyEvent(battleState, next.event);
    events.push(next.event);
  };
  /** One of the battle's own moves, its new ids taken from `ids` first. */
  const play = <I>(move: Move<I>, input: I, ids: readonly string[] = []): Result<null> => {
    const queue = [...ids];
    const ctx: MoveContext = {
      options: system.readOptions ? system.readOptions(options, variant) : options,
      storedOptions: options,
      variant,
      now: db.now(),
      newId: () => queue.shift() ?? db.newId()
    };
    const draft = withInput(move.run(battleState, input, ctx), input);
    if (!draft.ok) return draft;
    push(draft.value);
    return ok(null);
  };
  if (systemState !== undefined) push(setupBattle(INITIAL_STATE, systemState));
  const entered = system.shipsFromSetup
    ? fleetsEnter(db, state, ships, { variant, modules }, system, play, () => battleState)
    : shipsEnter(state, ships, system, play);
  if (!entered.ok) return entered;
  return ok({ battle, events });
}

type Play = <I>(move: Move<I>, input: I, ids?: readonly string[]) => Result<null>;

/** Each ship added by the battle's "Add a ship" move, under her captain's name and side. */
function shipsEnter(
  state: CampaignState,
  ships: Record<string, string>,
  system: RuleSystemWithMoves,
  play: Play
): Result<null> {
  const add = addShipMove(system, system.schemas);
  for (const [shipId, rosterId] of Object.entries(ships)) {
    const ship = state.ships[rosterId];
    const captain = state.captains[ship.captainId];
    const input = {
      name: ship.name,
      side: captain.side || captain.name,
      player: captain.name,
      template: ship.sheet
    };
    const r = play(add, input, [shipId]);
    if (!r.ok) return r;
  }
  return ok(null);
}

/**
 * Master and Commander: the sailing captains' fleets set up by the game's own move, each ship set
 * up then given her roster log (fleets.ts), a fleet's extra ship left out.
 */
function fleetsEnter(
  db: Db,
  state: CampaignState,
  ships: Record<string, string>,
  game: { variant: string; modules: CampaignBattleInput['modules'] },
  system: RuleSystemWithMoves,
  play: Play,
  now: () => BattleState
): Result<null> {
  // The game's own set-up move, found by its stored id (the db layer names no system).
  const setup = system.moves.find((m) => m.id === 'mc.setup-fleets') as
    Move<{ players: FleetPlan['players']; modules: Record<string, boolean> }> | undefined;
  if (!setup) return err('This game has no fleets to set up.');
  const variant = variantOfCampaign(game.variant);
  const modules = battleModules(variant, game.modules);
  if (!modules.ok) return modules;
  const plan = fleetPlan(state, ships, variant);
  if (!plan.ok) return plan;
  const ids = plan.value.slots.map((slot) => slot ?? db.newId());
  const made = play(setup, { players: plan.value.players, modules: modules.value }, ids);
  if (!made.ok) return made;
  for (const [i, slot] of plan.value.slots.entries()) {
    const shipId = ids[i];
    const setUp = now().ships[shipId];
    if (!setUp) continue;
    if (slot === null) {
      const r = play(removeShipMove, { shipId, name: sheetName(setUp.sheet) });
      if (!r.ok) return r;
      continue;
    }
    const roster = state.ships[ships[slot]];
    const sheet = enteringSheet(setUp.sheet, roster.sheet);
    const summary = `${roster.name} sails as the campaign left her`;
    const r = play(editSheetMove(system.schemas), { shipId, sheet, summary });
    if (!r.ok) return r;
  }
  return ok(null);
}

function sheetName(sheet: Json): string {
  const n = sheet && typeof sheet === 'object' && !Array.isArray(sheet) ? sheet.name : null;
  return typeof n === 'string' && n ? n : 'A ship';
}

export async function startCampaignBattle(
  db: Db,
  campaignId: string,
  input: CampaignBattleInput,
  system: RuleSystemWithMoves
): Promise<Result<BattleRecord>> {
  return db.write(['campaigns', 'campaignEvents', 'battles', 'events'], async () => {
    const campaign = await readCampaignInTx(db, campaignId);
    const state = replayCampaign(await readCampaignEventsInTx(db, campaignId));
    const battleId = db.newId();
    const ships: Record<string, string> = {};
    for (const rosterId of input.rosterShipIds) ships[db.newId()] = rosterId;
    const ctx = { now: db.now(), newId: () => db.newId() };
    const start = { battleId, name: input.name, ships };
    const checked = startBattle.run(state, start, ctx);
    if (!checked.ok) return checked;
    const name = input.name.trim();
    const made = battleFrom(db, campaign, state, battleId, name, ships, system, input.modules);
    if (!made.ok) return err(made.error);
    // The campaign remembers where the battle's making ends: what follows is the battle.
    const setupSeq = made.value.events.at(-1)?.seq ?? 0;
    const built = startBattle.run(state, { ...start, setupSeq }, ctx);
    if (!built.ok) return built;
    // Everything is built before the first write: the transaction awaits only its own writes.
    await appendCampaignInTx(db, campaign, built.value);
    await db.table('battles').add(made.value.battle);
    await db.table('events').bulkAdd(made.value.events);
    return ok(made.value.battle);
  });
}
