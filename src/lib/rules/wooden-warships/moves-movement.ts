import {
  asJson,
  defineMove,
  joinRolls,
  labelDice,
  refuse,
  rollRecord,
  withPreview,
  type MovePreview
} from '../../battle/move';
import { withSheets } from '../../battle/sheets';
import type { DiceRoll } from '../../engine/dice';
import { ok } from '../../engine/result';
import { atLeast, mean, type Dist } from '../../engine/dist';
import { formatFraction, type Rational } from '../../engine/rational';
import { ramDamageDist } from './odds-gunnery';
import type { WwOptions } from './options';
import { ownTurn } from './players';
import { applyIslandCollision, resolveIslandCollision } from './resolve-turn';
import {
  hasMoved,
  movePreview,
  planMove,
  planSail,
  planUpgrade,
  sailPreview,
  upgradePreview
} from './orders-preview';
import {
  activeShip,
  draftWithVictor,
  pounds,
  BATTLE_DECIDED,
  sheetOf,
  sheetsDraft,
  shipAndSheet,
  shipDiceRuns
} from './ships';
import type { RamDice, Sheet, UpgradeCard } from './sheet';
import { SAIL_SETTING_TEXT, WIND_SECTOR_TEXT, type SailSetting, type WindSector } from './tables';
import * as z from 'zod/mini';
import { diceInput, idInput } from '../../battle/move-input';
import { sailSettingSchema } from './sheet';
import { WIND_SECTORS } from './tables';

// Step 1 Movement (SPEC B.4.3) and Maintenance Part 1 (B.4.4): the sail, the move, an island, the
// upgrade. One event each.

export interface SetSailInput {
  shipId: string;
  setting: SailSetting;
}

/** Maintenance Part 1 (B.4.4): "You need to set your speed" for the next turn. */
const setSailMove = defineMove<SetSailInput, WwOptions>({
  id: 'ww.set-sail',
  category: 'orders',
  input: z.strictObject({ shipId: idInput, setting: sailSettingSchema }),
  guards: [ownTurn((i) => i.shipId)],
  run: (state, input) => {
    const r = planSail(state, input);
    if (!r.ok) return r;
    const { sheet } = r.value;
    const anchor = r.value.isRaisingAnchor ? ' (raising the anchor takes a turn)' : '';
    return sheetsDraft(state, {
      kind: 'ww.set-sail',
      summary: `${sheet.name} sets ${SAIL_SETTING_TEXT[input.setting].name} for next turn${anchor}`,
      sheets: { [input.shipId]: sheet },
      // "plan your movement for the next turn" (B.4.4 step 2): an order to the ship, no dice.
      meaning: { actor: input.shipId }
    });
  }
});

/** The sail for next turn, with what it does before it is set (`setSail.preview`). */
export const setSail = withPreview(setSailMove, sailPreview);

export interface MoveShipInput {
  shipId: string;
  wind: WindSector;
}

/** Whether the ship has had her Step 1 this turn (the move's check, read by the turn model). */
export { hasMoved };

/**
 * Step 1 Movement (B.4.3): the sail setting, the anchor and the wind sector decide the speed. Once
 * per ship per turn: a second move in the same step is refused.
 */
const moveShipMove = defineMove<MoveShipInput, WwOptions>({
  id: 'ww.move',
  category: 'movement',
  input: z.strictObject({
    shipId: idInput,
    wind: z.enum(WIND_SECTORS as [WindSector, ...WindSector[]])
  }),
  guards: [BATTLE_DECIDED, ownTurn((i) => i.shipId)],
  run: (state, input) => {
    const r = planMove(state, input);
    if (!r.ok) return r;
    const name = r.value.sheet.name;
    const how = r.value.movesAt
      ? `moves at ${SAIL_SETTING_TEXT[r.value.movesAt].name}, speed ${r.value.speed}`
      : 'does not move';
    const moved: Sheet = { ...r.value.sheet, moveThisTurn: r.value.movesAt ?? 'still' };
    return sheetsDraft(state, {
      kind: 'ww.move',
      summary: `${name} (${WIND_SECTOR_TEXT[input.wind]}) ${how}: ${r.value.reason}`,
      sheets: { [input.shipId]: moved },
      // The ship moves (B.4.3); the wind sector is the referee's reading, nothing is rolled.
      meaning: { actor: input.shipId }
    });
  }
});

/** Step 1 Movement, with how she would move in the wind before she does (`moveShip.preview`). */
export const moveShip = withPreview(moveShipMove, movePreview);

/** "2d6+1". */
export function ramLabel(ram: RamDice): string {
  const plus = ram.plus ? `${ram.plus > 0 ? '+' : ''}${ram.plus}` : '';
  return `${ram.count}d${ram.sides}${plus}`;
}

/** Odds before the ram damage roll: its exact distribution, the mean and the chance she sinks. */
export function islandCollisionOdds(sheet: Sheet): {
  dist: Dist<number>;
  mean: Rational;
  sinks: Rational;
} {
  const dist = ramDamageDist(sheet.chart.ramDamage);
  return { dist, mean: mean(dist), sinks: atLeast(dist, sheet.hull.current) };
}

export interface IslandInput {
  shipId: string;
  /** The ram damage dice (none when the chart's ram damage is a plain number). */
  roll: DiceRoll;
}

/**
 * Step 1, island collision (B.4.3 step 5, B.5 #19): "For island damage, roll the ram damage on your
 * ship damage chart and apply it to your own ship." [DEFAULT] to the hull (`islandDamageArea`); the
 * ship stops at the point of contact. One event: the roll, the damage and a sinking.
 */
const islandMove = defineMove<IslandInput, WwOptions>({
  id: 'ww.island',
  category: 'collision',
  input: z.strictObject({ shipId: idInput, roll: diceInput }),
  guards: [BATTLE_DECIDED, ownTurn((i) => i.shipId)],
  run: (state, { shipId, roll }) => {
    const s = activeShip(state, shipId);
    if (!s.ok) return refuse('Only a ship afloat can run aground.');
    const sheet = s.value.sheet;
    const ram = sheet.chart.ramDamage;
    if (ram.count === 0 && ram.plus === 0) {
      return refuse(
        `The ${sheet.chart.name} chart has no ram damage yet: enter it in the chart editor.`
      );
    }
    const faces = roll.dice.map((d) => d.face);
    const r = resolveIslandCollision(ram, faces);
    if (!r.ok) return r;
    const next = applyIslandCollision(sheet, r.value);
    const odds = islandCollisionOdds(sheet);
    let summary = `${sheet.name} runs onto an island: ram damage ${ramLabel(ram)} = ${r.value} to her own hull (${next.hull.current} left); she stops at the point of contact`;
    if (next.status === 'sunk') summary += `; ${sheet.name} sinks`;
    const dice = labelDice(
      joinRolls([roll]),
      roll.dice.map((_, i) => `${sheet.name}, ram damage ${i + 1}`)
    );
    return draftWithVictor(state, {
      kind: 'ww.island',
      summary,
      next: withSheets(state, { [shipId]: next }),
      // "roll the ram damage … and apply it to your own ship" (B.4.3 step 5): the ship rolls her
      // own damage, so a high face is bad for her. The island is no ship: no target.
      meaning: { actor: shipId, dice: shipDiceRuns(shipId, roll.dice, false) },
      roll: rollRecord({
        procedure: 'ww.island',
        inputs: asJson({ shipId, ramDamage: ram, hullBefore: sheet.hull.current, area: 'hull' }),
        dice,
        odds: asJson({ meanDamage: formatFraction(odds.mean), sinks: formatFraction(odds.sinks) }),
        outcome: asJson({ damage: r.value, hullAfter: next.hull.current, status: next.status })
      })
    });
  }
});

/**
 * "Are you moving? Nay?" (B.4.4 step 1). After her Step 1 this turn: what the move recorded
 * (raising the anchor, at anchor or stopped is not moving). Before it (turn 1, or no move
 * recorded): the app's guess from the sail — no sail set yet, at anchor or raising it, or stopped
 * beyond the red arrows. The referee can still change the answer.
 */
export function isLikelyStationary(sheet: Sheet): boolean {
  if (hasMoved(sheet)) return sheet.moveThisTurn === 'still';
  return (
    sheet.speedSetting === null ||
    sheet.speedSetting === 'anchor' ||
    sheet.isRaisingAnchor ||
    sheet.turnsBeyondRedArrows >= 2
  );
}

/** "hull +10, full sail +1, +5 to hit". */
export function upgradeEffectText(card: UpgradeCard): string {
  const e = card.effect;
  const parts: string[] = [];
  const sign = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  if (e.hull) parts.push(`hull ${sign(e.hull)}`);
  if (e.rigging) parts.push(`rigging ${sign(e.rigging)}`);
  if (e.crew) parts.push(`crew ${sign(e.crew)}`);
  if (e.speedFull) parts.push(`full sail ${sign(e.speedFull)}`);
  if (e.speedBattle) parts.push(`battle sail ${sign(e.speedBattle)}`);
  if (e.speedTrim) parts.push(`trim sail ${sign(e.speedTrim)}`);
  if (e.percent) parts.push(`${sign(e.percent)} to hit`);
  return parts.length ? parts.join(', ') : 'no stat change';
}

type IslandOdds = ReturnType<typeof islandCollisionOdds>;

/** Running aground before the roll: the ram damage's exact odds and the ship's own ram dice
 *  ("roll the ram damage on your ship damage chart and apply it to your own ship", B.4.3 step 5). */
const islandPreview: MovePreview<{ shipId: string }, IslandOdds, WwOptions> = {
  odds: (state, { shipId }) => {
    const s = shipAndSheet(state, shipId);
    return s.ok ? ok(islandCollisionOdds(s.value.sheet)) : s;
  },
  dice: (state, { shipId }) => {
    const s = shipAndSheet(state, shipId);
    if (!s.ok) return s;
    const { name, chart } = s.value.sheet;
    const ram = chart.ramDamage;
    return ok(
      ram.count > 0
        ? [
            {
              count: ram.count,
              sides: ram.sides,
              label: `${name}, ram damage to her own hull`,
              ship: shipId,
              isHighGood: false,
              group: name
            }
          ]
        : []
    );
  }
};

/** Running aground, with its odds and dice before the roll (`islandCollision.preview`). */
export const islandCollision = withPreview(islandMove, islandPreview);

export interface UpgradeInput {
  shipId: string;
  cardId: string;
  /** The referee's answer to "Are you moving?"; absent: `isLikelyStationary`. */
  isStationary?: boolean;
}

/**
 * Maintenance Part 1 (B.4.4 step 1): a stationary ship fits an upgrade card from her hold, paying
 * "the amount of money listed on the upgrade card" from her player's funds (never below zero); the
 * card's effects apply; "you may not upgrade your ship past speed 5"; "End of your turn." for the
 * ship, or with `upgradeEndsTurnScope = 'player'` for every ship of the player. One event.
 */
const upgradeMove = defineMove<UpgradeInput, WwOptions>({
  id: 'ww.upgrade',
  category: 'card',
  input: z.strictObject({
    shipId: idInput,
    cardId: idInput,
    isStationary: z.optional(z.boolean())
  }),
  guards: [ownTurn((i) => i.shipId)],
  run: (state, input, ctx) => {
    const shipNow = activeShip(state, input.shipId);
    if (!shipNow.ok) return shipNow;
    const isStationary = input.isStationary ?? isLikelyStationary(shipNow.value.sheet);
    const r = planUpgrade(state, { ...input, isStationary });
    if (!r.ok) return r;
    const { ship, sheet } = r.value.ship;
    const card = r.value.card;
    const options = ctx.options;
    const sheets: Record<string, Sheet> = { [input.shipId]: r.value.applied.sheet };
    if (options.upgradeEndsTurnScope === 'player') {
      for (const other of Object.values(state.ships)) {
        const o = sheetOf(other);
        if (other.id !== input.shipId && other.player === ship.player && o?.status === 'active') {
          sheets[other.id] = { ...o, hasEndedTurn: true };
        }
      }
    }
    const sp = r.value.speedsAfter;
    const whose = options.upgradeEndsTurnScope === 'player' ? `${ship.player}'s` : 'her';
    return sheetsDraft(state, {
      kind: 'ww.upgrade',
      summary: `${sheet.name} fits ${card.name} for ${pounds(card.cost)} (${upgradeEffectText(card)}; speeds ${sp.full}/${sp.battle}/${sp.trim}): ${ship.player} has ${pounds(r.value.fundsAfter)} left; end of ${whose} turn`,
      sheets,
      system: r.value.applied.state,
      // An upgrade card from her hold, bought and fitted (B.4.4 step 1): the ship's card, no dice.
      meaning: { actor: input.shipId }
    });
  }
});

/** The upgrade, with the price, the speeds after and the funds left before it is fitted
 *  (`upgrade.preview`; its `isStationary` is the panel's answer, the move's default the guess). */
export const upgrade = withPreview(upgradeMove, upgradePreview);
