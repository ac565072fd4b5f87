import { defineMove, withPreview } from '../../battle/move';
import type { WwOptions } from './options';
import { ownTurn } from './players';
import { hasMoved, planUpgrade, upgradePreview } from './orders-preview';
import { activeShip, pounds, sheetOf, sheetsDraft } from './ships';
import type { Sheet, UpgradeCard } from './sheet';

// Maintenance Part 1 (SPEC B.4.4): an upgrade card fitted from the hold, one event. Apart from the
// sail and the move (moves-movement.ts), which the Movement step's first screen loads (issue 40).

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
  input: ({ z, idInput }) =>
    z.strictObject({
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
