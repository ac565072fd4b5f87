import { defineMove, withPreview } from '../../battle/move';
import type { WwOptions } from './options';
import { ownTurn } from './players';
import { hasMoved, movePreview, planMove, planSail, sailPreview } from './orders-preview';
import { BATTLE_DECIDED, sheetsDraft } from './ships';
import type { Sheet } from './sheet';
import { SAIL_SETTING_TEXT, WIND_SECTOR_TEXT, type SailSetting, type WindSector } from './tables';
import { SAIL_SETTINGS, WIND_SECTORS } from './tables';

// Step 1 Movement (SPEC B.4.3) and Maintenance Part 1 (B.4.4): the sail and the move, one event
// each. Running onto an island is moves-island.ts, the upgrade moves-upgrade.ts.

export interface SetSailInput {
  shipId: string;
  setting: SailSetting;
}

/** Maintenance Part 1 (B.4.4): "You need to set your speed" for the next turn. */
const setSailMove = defineMove<SetSailInput, WwOptions>({
  id: 'ww.set-sail',
  category: 'orders',
  input: ({ z, idInput }) =>
    z.strictObject({
      shipId: idInput,
      setting: z.enum(SAIL_SETTINGS as [SailSetting, ...SailSetting[]])
    }),
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
  input: ({ z, idInput }) =>
    z.strictObject({
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
