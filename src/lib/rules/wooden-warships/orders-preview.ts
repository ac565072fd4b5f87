import type { BattleState } from '../../engine/events';
import type { MovePreview } from '../../battle/move';
import { err, ok, type Result } from '../../engine/result';
import type { WwOptions } from './options';
import {
  applyUpgrade,
  canLoad,
  effectiveSpeeds,
  resolveMovement,
  setSail as setSailOn,
  type MoveOutcome
} from './resolve-turn';
import { activeShip, systemOf, type ShipAndSheet } from './ships';
import { hasMoved } from './turn-reads';
import type { Sheet, SystemState, UpgradeCard } from './sheet';
import { BATTERIES, type Ammo, type Battery, type SailSetting, type WindSector } from './tables';

// What the orders without dice answer before they are given (issue 31 item 2): the sail, the move,
// the upgrade (SPEC B.4.3, B.4.4) and the reload (B.4.9). Each preview and its move read one
// function here, so a panel shows a speed, a price or a battery as loadable exactly when the move
// would take it so; they roll nothing (their dice are none).

/** A ship's speeds after her fitted upgrades ("you may not upgrade your ship past speed 5"). */
export type Speeds = ReturnType<typeof effectiveSpeeds>;

export { hasMoved };

const NO_DICE = () => ok([]);

// ---------------------------------------------------------------------------------------------
// Maintenance Part 1 (B.4.4 step 2): the sail for next turn

export interface SailOrder {
  shipId: string;
  setting: SailSetting;
}

/** What setting the sail does: her log after it, her speeds, and whether the anchor is raised. */
export interface SailOutlook {
  sheet: Sheet;
  speeds: Speeds;
  /** "it will take you a turn … before you can move again" (choosing a sail while at anchor). */
  isRaisingAnchor: boolean;
}

/** The sail order, checked as `ww.set-sail` checks it. */
export function planSail(state: BattleState, order: SailOrder): Result<SailOutlook> {
  const s = activeShip(state, order.shipId);
  if (!s.ok) return s;
  const r = setSailOn(s.value.sheet, order.setting);
  if (!r.ok) return r;
  return ok({
    sheet: r.value,
    speeds: effectiveSpeeds(s.value.sheet),
    isRaisingAnchor: r.value.isRaisingAnchor
  });
}

export const sailPreview: MovePreview<SailOrder, SailOutlook, WwOptions> = {
  odds: (state, order) => planSail(state, order),
  dice: NO_DICE
};

// ---------------------------------------------------------------------------------------------
// Step 1 Movement (B.4.3)

export interface MoveOrder {
  shipId: string;
  wind: WindSector;
}

/** How the ship moves in that wind (the move's outcome) and her speeds. */
export interface MoveOutlook extends MoveOutcome {
  speeds: Speeds;
}

/** The move, checked and resolved as `ww.move` does: once a turn, never head to wind. */
export function planMove(state: BattleState, order: MoveOrder): Result<MoveOutlook> {
  const s = activeShip(state, order.shipId);
  if (!s.ok) return s;
  const sheet = s.value.sheet;
  if (hasMoved(sheet)) {
    return err(`${sheet.name} has already moved this turn: one move per ship in Step 1.`);
  }
  const r = resolveMovement(sheet, order.wind);
  return r.ok ? ok({ ...r.value, speeds: effectiveSpeeds(sheet) }) : r;
}

export const movePreview: MovePreview<MoveOrder, MoveOutlook, WwOptions> = {
  odds: (state, order) => planMove(state, order),
  dice: NO_DICE
};

// ---------------------------------------------------------------------------------------------
// Maintenance Part 1 (B.4.4 step 1): the upgrade

export interface UpgradeOrder {
  shipId: string;
  cardId: string;
  /** The referee's answer to "Are you moving?" (the move's default is `isLikelyStationary`). */
  isStationary: boolean;
}

/** What fitting the card does: the card, the speeds before and after, the funds left. */
export interface UpgradeOutlook {
  ship: ShipAndSheet;
  card: UpgradeCard;
  speedsNow: Speeds;
  speedsAfter: Speeds;
  fundsAfter: number;
  /** The battle's system state and her log once fitted (the move writes these). */
  applied: { state: SystemState; sheet: Sheet };
}

/** The upgrade, checked as `ww.upgrade` checks it (her turn not ended, her player's funds, the
 *  card in her hold, not moving, no speed past 5). */
export function planUpgrade(state: BattleState, order: UpgradeOrder): Result<UpgradeOutlook> {
  const s = activeShip(state, order.shipId);
  if (!s.ok) return s;
  const { ship, sheet } = s.value;
  if (sheet.hasEndedTurn) return err(`${sheet.name} already ended her turn.`);
  const system = systemOf(state);
  if (!system.players[ship.player])
    return err(`${ship.player || 'Her player'} is not in the fleet purchase.`);
  const card = sheet.upgradeCards.find((c) => c.id === order.cardId);
  if (!card) return err("That upgrade card is not in this ship's hold.");
  const r = applyUpgrade({
    state: system,
    player: ship.player,
    sheet,
    cardId: order.cardId,
    isStationary: order.isStationary
  });
  if (!r.ok) return r;
  return ok({
    ship: s.value,
    card,
    speedsNow: effectiveSpeeds(sheet),
    speedsAfter: effectiveSpeeds(r.value.sheet),
    fundsAfter: r.value.state.players[ship.player]?.funds ?? 0,
    applied: r.value
  });
}

export const upgradePreview: MovePreview<UpgradeOrder, UpgradeOutlook, WwOptions> = {
  odds: (state, order) => planUpgrade(state, order),
  dice: NO_DICE
};

// ---------------------------------------------------------------------------------------------
// Maintenance Part 2 (B.4.9): the reload

/** One battery: what it holds and whether it may load now. */
export interface BatteryLoad {
  battery: Battery;
  loaded: Ammo | null;
  /** "Did ye fire the guns this turn already? Aye?! You can't load em now" (option reloadScope). */
  mayLoad: boolean;
}

export interface ReloadOutlook {
  batteries: BatteryLoad[];
}

/** Every battery of the ship in table order, as `ww.reload` would take a load for it. */
export function reloadOutlook(
  state: BattleState,
  shipId: string,
  options: Pick<WwOptions, 'reloadScope'>
): Result<ReloadOutlook> {
  const s = activeShip(state, shipId);
  if (!s.ok) return s;
  const sheet = s.value.sheet;
  return ok({
    batteries: BATTERIES.map((battery) => ({
      battery,
      loaded: sheet.loaded[battery],
      mayLoad: canLoad(sheet, battery, options.reloadScope)
    }))
  });
}

export const reloadPreview: MovePreview<{ shipId: string }, ReloadOutlook, WwOptions> = {
  odds: (state, { shipId }, options) => reloadOutlook(state, shipId, options),
  dice: NO_DICE
};
