import type { BattleEvent, Json } from '../engine/events';
import { buildReport, type Report } from '../report/model';
import { err, ok, type Result } from '../engine/result';
import type { BattleOptions, RuleSystemWithMoves, ShipTrack } from '../engine/system';
import { lootMoneyOf } from './loot';
import type { CampaignState, Captain } from './state';

/**
 * The post-battle step's review (issue 36 step 3): what the finished battle left each ship at,
 * read from the battle's own fold and report (report/model.ts: the tracks before and after, the
 * hits, damage dealt and taken, who took whom), never re-derived. The referee sees every change,
 * may adjust a fate, a new owner or a prize sum, and applies it as one campaign event
 * (moves-after.ts), which one undo takes back.
 */

/** What became of a ship: afloat (damage carried), sunk (struck off the roster), or taken. */
export type Fate = 'afloat' | 'sunk' | 'captured';
export const FATES: readonly Fate[] = ['afloat', 'sunk', 'captured'];

export interface ShipReview {
  battleShipId: string;
  /** The roster ship she is; null for a ship not of the roster (taken, she joins it as a prize). */
  rosterShipId: string | null;
  name: string;
  /** The captain she sailed under; null for a ship of no campaign captain. */
  ownerId: string | null;
  fate: Fate;
  /** Who holds her after the battle: her captor when taken (null: the referee chooses). */
  newOwnerId: string | null;
  /** Prize money her captor receives (0 unless taken by a captain): the campaign's, plus loot. */
  prizeMoney: number;
  /** Of it, the loot her captor took in the battle for money (Wooden Warships B.4.8; else 0). */
  lootMoney: number;
  /** Her ship's log as the battle left it: what the roster carries into the next battle. */
  sheet: Json;
  /** The battle ship that took her (credited with the capture); null when not taken. */
  captorShipId: string | null;
  /** Her tracks as she joined the battle and as it left her. */
  before: ShipTrack[];
  after: ShipTrack[];
  /** Status words at the end: "struck", "sunk", "on fire". */
  status: string[];
  hitsScored: number;
  damageDealt: number;
  damageTaken: number;
}

export interface BattleReview {
  battleId: string;
  ships: ShipReview[];
}

export interface ReviewInput {
  campaign: CampaignState;
  battleId: string;
  /** The battle's whole log. */
  events: readonly BattleEvent[];
  system: RuleSystemWithMoves;
  title: string;
  options?: BattleOptions;
  variant?: string;
}

const SUNK_WORDS = ['sunk', 'burned up'];

function captainNamed(campaign: CampaignState, name: string): Captain | null {
  const n = name.trim().toLowerCase();
  if (!n) return null;
  return Object.values(campaign.captains).find((c) => c.name.toLowerCase() === n) ?? null;
}

/**
 * The battle ship whose act took `shipId`, from the report's entries: the act that moved her to
 * another side or marked her captured (Wooden Warships keeps a prize "removed as prize" with her
 * player, SPEC B.7 #11).
 */
function captorOf(report: Report, shipId: string): string | null {
  let captor: string | null = null;
  for (const turn of report.turns) {
    for (const entry of turn.entries) {
      const taken = entry.changes.some(
        (c) => c.shipId === shipId && (c.newSide !== null || c.gained.includes('captured'))
      );
      if (taken) {
        captor = entry.actorId !== shipId ? entry.actorId : captor;
      }
    }
  }
  return captor;
}

/**
 * The sheet a ship carries out of the battle: as the battle left it (damage, crew, guns lost),
 * with the marks of a turn in progress cleared by the system's own new-turn hook (fired this
 * turn, reloading), so she enters the next battle as a ship enters a new turn, and made ready as
 * the system starts a game (`startOfGame`: Privateers' guns loaded). A ship removed
 * from the battle keeps the sheet she joined with.
 */
function carried(input: ReviewInput, sheet: Json, endedTurn: number): Json {
  const { system } = input;
  if (sheet === null || typeof sheet !== 'object' || Array.isArray(sheet)) return sheet;
  const turned = system.onTurnStart
    ? system.onTurnStart(sheet, { endedTurn, options: input.options ?? {} })
    : sheet;
  return (system.startOfGame ? system.startOfGame(turned) : turned) as unknown as Json;
}

/** A prize's sheet as her new owner sails her (the system's own reading), else as she is. */
function commissioned(input: ReviewInput, sheet: Json, isPrize: boolean): Json {
  const { system } = input;
  if (!isPrize || !system.commissionPrize) return sheet;
  if (sheet === null || typeof sheet !== 'object' || Array.isArray(sheet)) return sheet;
  return system.commissionPrize(sheet) as unknown as Json;
}

/** The captain who takes a prize: her captor ship's, else the captain her new player names. */
function captorCaptain(
  campaign: CampaignState,
  battleShips: Record<string, string>,
  report: Report,
  captorShipId: string | null,
  finalPlayer: string
): Captain | null {
  if (captorShipId !== null) {
    const roster = campaign.ships[battleShips[captorShipId] ?? ''];
    if (roster) return campaign.captains[roster.captainId] ?? null;
    const player = report.finalState.ships[captorShipId]?.player ?? '';
    const byName = captainNamed(campaign, player);
    if (byName) return byName;
  }
  return captainNamed(campaign, finalPlayer);
}

/** The review of a finished battle of the campaign, or why it cannot be applied. */
export function reviewBattle(input: ReviewInput): Result<BattleReview> {
  const { campaign, battleId } = input;
  const battle = campaign.battles[battleId];
  if (!battle) return err('That battle is not one of this campaign’s.');
  if (battle.isApplied) return err(`${battle.name} is applied to the campaign already.`);
  const report = buildReport({
    events: input.events,
    system: input.system,
    title: input.title,
    options: input.options,
    variant: input.variant,
    sceneUntil: battle.setupSeq
  });
  const prize = campaign.settings?.prizeMoney ?? 0;
  const ships: ShipReview[] = [];
  for (const rs of report.ships) {
    const rosterShipId = battle.ships[rs.id] ?? null;
    const roster = rosterShipId === null ? undefined : campaign.ships[rosterShipId];
    const inBattle = report.finalState.ships[rs.id];
    const owner = roster ? (campaign.captains[roster.captainId] ?? null) : null;
    const finalPlayer = inBattle?.player ?? '';
    const isSunk = rs.status.some((w) => SUNK_WORDS.includes(w));
    // A taken ship moves to her captor's side and player, or is marked captured where she stays.
    const hasChangedHands =
      rs.status.includes('captured') ||
      (owner
        ? finalPlayer.trim().toLowerCase() !== owner.name.toLowerCase()
        : rs.side !== rs.startSide);
    const fate: Fate = isSunk ? 'sunk' : hasChangedHands ? 'captured' : 'afloat';
    const captorShipId = fate === 'captured' ? captorOf(report, rs.id) : null;
    const captor =
      fate === 'captured'
        ? captorCaptain(campaign, battle.ships, report, captorShipId, finalPlayer)
        : null;
    const newOwnerId =
      fate === 'sunk' ? null : fate === 'captured' ? (captor?.id ?? null) : (owner?.id ?? null);
    // A ship of no captain that nobody of the campaign took is not the campaign's to keep.
    if (!roster && (fate !== 'captured' || newOwnerId === null)) continue;
    const isPrize = fate === 'captured' && newOwnerId !== null;
    const lootMoney =
      isPrize && input.system.id === 'wooden-warships' ? lootMoneyOf(input.events, rs.id) : 0;
    ships.push({
      battleShipId: rs.id,
      rosterShipId: roster ? roster.id : null,
      name: rs.name,
      ownerId: owner?.id ?? null,
      fate,
      newOwnerId,
      prizeMoney: isPrize ? prize + lootMoney : 0,
      lootMoney,
      sheet: commissioned(
        input,
        carried(input, inBattle?.sheet ?? roster?.sheet ?? null, report.finalState.turn),
        isPrize
      ),
      captorShipId,
      before: rs.start,
      after: rs.end,
      status: rs.status,
      hitsScored: rs.hitsScored,
      damageDealt: rs.damageDealt,
      damageTaken: rs.damageTaken
    });
  }
  return ok({ battleId, ships });
}
