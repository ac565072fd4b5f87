import { err, ok, type Result } from '../../engine/result';
import { groupThousands } from '../../format/numbers';
import type { WwOptions } from './options';
import { canLoad } from './turn-reads';
import type { Sheet, SystemState, UpgradeCard } from './sheet';
import {
  BATTERY_NAMES,
  MAX_SPEED,
  SAIL_ORDER,
  SAIL_SETTING_TEXT,
  type Ammo,
  type Battery,
  type SailSetting,
  type WindSector
} from './tables';

export { canLoad, startTurn, victor } from './turn-reads';

// Wooden Warships: turn structure (B.4.2), movement (B.4.3), Maintenance Part 1 (B.4.4),
// Maintenance Part 2 (B.4.9), sinking and victory. The fleet purchase (B.4.1) is resolve-setup.ts.

// ---------------------------------------------------------------------------------------------
// Turn structure (B.4.2)

// ---------------------------------------------------------------------------------------------
// Movement (B.4.3)

/** Speeds after the applied upgrades ("you may not upgrade your ship past speed 5"). */
export function effectiveSpeeds(
  sheet: Sheet,
  extra: readonly UpgradeCard[] = []
): { full: number; battle: number; trim: number } {
  const s = { ...sheet.chart.speeds };
  for (const u of [...sheet.appliedUpgrades, ...extra]) {
    s.full += u.effect.speedFull;
    s.battle += u.effect.speedBattle;
    s.trim += u.effect.speedTrim;
  }
  return s;
}

export interface MoveOutcome {
  /** The sail setting the ship moves at this turn, or null when it does not move. */
  movesAt: Exclude<SailSetting, 'anchor'> | null;
  /** The speed from the ship's chart for that setting (movement card distance). */
  speed: number;
  reason: string;
  sheet: Sheet;
}

/**
 * B.4.3 steps 1–3: the pending sail setting takes effect, then the anchor, the capstan delay and the
 * wind decide how the ship moves. "you can't move directly into the wind" is an error; tacking caps
 * the speed at battle sail; beyond the red arrows the first turn drops to trim sail and the next
 * turns stop ("lose all momentum and stop").
 */
export function resolveMovement(sheet: Sheet, wind: WindSector): Result<MoveOutcome> {
  if (sheet.status !== 'active') return err('Only an active ship moves.');
  if (sheet.isRaisingAnchor) {
    // "it will take you a turn to get your boys to the capstan and raise that anchor"
    return ok({
      movesAt: null,
      speed: 0,
      reason: 'Raising the anchor: the ship moves from next turn.',
      sheet: {
        ...sheet,
        isRaisingAnchor: false,
        speedSetting: sheet.pendingSpeed,
        pendingSpeed: null
      }
    });
  }
  const setting = sheet.pendingSpeed ?? sheet.speedSetting;
  const base: Sheet = { ...sheet, speedSetting: setting, pendingSpeed: null };
  if (setting === null)
    return ok({ movesAt: null, speed: 0, reason: 'No sail set yet.', sheet: base });
  if (setting === 'anchor') {
    return ok({
      movesAt: null,
      speed: 0,
      reason: 'At anchor: "This is a full stop."',
      sheet: base
    });
  }
  if (wind === 'headToWind') return err('"you can\'t move directly into the wind"');
  const speeds = effectiveSpeeds(sheet);
  if (wind === 'beyondRedArrows') {
    const turns = sheet.turnsBeyondRedArrows + 1;
    const next = { ...base, turnsBeyondRedArrows: turns };
    if (turns >= 2) {
      return ok({
        movesAt: null,
        speed: 0,
        reason: 'Beyond the red arrows for more than one turn: "lose all momentum and stop".',
        sheet: next
      });
    }
    return ok({
      movesAt: 'trim',
      speed: speeds.trim,
      reason: 'Beyond the red arrows: "automatically dropped to trim sail speed".',
      sheet: next
    });
  }
  const reset = { ...base, turnsBeyondRedArrows: 0 };
  if (wind === 'tacking' && SAIL_ORDER[setting] > SAIL_ORDER.battle) {
    return ok({
      movesAt: 'battle',
      speed: speeds.battle,
      reason: 'Tacking: "your speed is limited to battle sail speed".',
      sheet: reset
    });
  }
  return ok({
    movesAt: setting,
    speed: speeds[setting],
    reason: `${SAIL_SETTING_TEXT[setting].name}.`,
    sheet: reset
  });
}

// ---------------------------------------------------------------------------------------------
// Maintenance Part 1 (B.4.4)

/**
 * "plan your movement for the next turn. You need to set your speed". Choosing a sail while at
 * anchor starts raising the anchor: "it will take you a turn … before you can move again".
 */
export function setSail(sheet: Sheet, setting: SailSetting): Result<Sheet> {
  if (sheet.status !== 'active') return err('Only an active ship sets sail.');
  if (sheet.hasEndedTurn) return err('This ship ended its turn by upgrading.');
  const isAnchored = sheet.speedSetting === 'anchor';
  return ok({
    ...sheet,
    pendingSpeed: setting,
    isRaisingAnchor: isAnchored && setting !== 'anchor'
  });
}

/**
 * B.4.4 step 1: a stationary ship with an upgrade card and "the amount of money listed on the
 * upgrade card" may upgrade; "you may not upgrade your ship past speed 5"; "End of your turn."
 */
export function applyUpgrade(input: {
  state: SystemState;
  player: string;
  sheet: Sheet;
  cardId: string;
  isStationary: boolean;
}): Result<{ state: SystemState; sheet: Sheet }> {
  const { state, sheet } = input;
  if (sheet.status !== 'active') return err('Only an active ship upgrades.');
  if (!input.isStationary)
    return err('Only a ship that is not moving may upgrade ("Are you moving? Nay?").');
  const card = sheet.upgradeCards.find((c) => c.id === input.cardId);
  if (!card) return err("That upgrade card is not in this ship's hold.");
  const player = state.players[input.player];
  if (!player) return err(`Unknown player ${input.player}.`);
  if (card.cost > player.funds) {
    return err(
      `The card costs £${groupThousands(card.cost)}; only £${groupThousands(player.funds)} left.`
    );
  }
  // "you may not upgrade your ship past speed 5" (B.5 #16): a card that raises a speed may not
  // take it above 5; a card that leaves the speeds alone is not a speed upgrade.
  const before = effectiveSpeeds(sheet);
  const after = effectiveSpeeds(sheet, [card]);
  const tooFast = (['full', 'battle', 'trim'] as const).filter(
    (k) => after[k] > before[k] && after[k] > MAX_SPEED
  );
  if (tooFast.length > 0) {
    return err(
      `"you may not upgrade your ship past speed ${MAX_SPEED}": ${tooFast.map((k) => `${k} sail ${after[k]}`).join(', ')}.`
    );
  }
  const e = card.effect;
  const grow = (p: { original: number; current: number }, d: number) => ({
    original: Math.max(0, p.original + d),
    current: Math.max(0, p.current + d)
  });
  return ok({
    state: {
      ...state,
      players: { ...state.players, [input.player]: { ...player, funds: player.funds - card.cost } }
    },
    sheet: {
      ...sheet,
      hull: grow(sheet.hull, e.hull),
      rigging: grow(sheet.rigging, e.rigging),
      crew: grow(sheet.crew, e.crew),
      upgradeCards: sheet.upgradeCards.filter((c) => c.id !== card.id),
      appliedUpgrades: [...sheet.appliedUpgrades, card],
      hasEndedTurn: true
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Maintenance Part 2 (B.4.9): reload

/** "Load the Prime! Announce the shot you are loading into your cannons." */
export function reload(
  sheet: Sheet,
  loads: Partial<Record<Battery, Ammo>>,
  options: Pick<WwOptions, 'reloadScope'>
): Result<Sheet> {
  const loaded = { ...sheet.loaded };
  for (const [b, ammo] of Object.entries(loads) as [Battery, Ammo | undefined][]) {
    if (!ammo) continue;
    if (!canLoad(sheet, b, options.reloadScope)) {
      return err(
        `"You can't load em now; you'll set off the powder magazine!" (${BATTERY_NAMES[b]} fired this turn)`
      );
    }
    loaded[b] = ammo;
  }
  return ok({ ...sheet, loaded });
}

// ---------------------------------------------------------------------------------------------
// Victory (B.4.9 step 3)
