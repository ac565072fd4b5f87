import { defineMove, draftOf, refuse } from './move';
import * as z from 'zod/mini';
import type { Json } from '../engine/events';
import { jsonSchema } from '../engine/state-schema';
import { idInput, textInput } from '../engine/input-kit';

/**
 * The ship page's two actions as battle-layer moves, through the one check-then-act like every
 * other action: a sheet edit (kind 'sheet.edit') and removing a ship (kind 'ship.remove').
 */

export interface EditSheetInput {
  shipId: string;
  sheet: Json;
  /** The log line, naming what changed ("Surprise: hull damage 3 → 5"). */
  summary: string;
}

export const editSheetMove = defineMove<EditSheetInput>({
  id: 'battle.edit-sheet',
  category: 'other',
  // The sheet is the system's: the fold reads it through the system's own sheet schema.
  input: z.strictObject({ shipId: idInput, sheet: jsonSchema, summary: textInput(2000) }),
  run: (state, input) => {
    const ship = state.ships[input.shipId];
    if (!ship) return refuse('That ship is no longer in the battle.');
    return draftOf(state, {
      kind: 'sheet.edit',
      summary: input.summary,
      next: { ...state, ships: { ...state.ships, [ship.id]: { ...ship, sheet: input.sheet } } }
    });
  }
});

export interface RemoveShipInput {
  shipId: string;
  name: string;
}

export const removeShipMove = defineMove<RemoveShipInput>({
  id: 'battle.remove-ship',
  category: 'setup',
  input: z.strictObject({ shipId: idInput, name: textInput() }),
  run: (state, input) => {
    if (!Object.prototype.hasOwnProperty.call(state.ships, input.shipId)) {
      return refuse('That ship is no longer in the battle.');
    }
    const ships = { ...state.ships };
    delete ships[input.shipId];
    return draftOf(state, {
      kind: 'ship.remove',
      summary: `${input.name} removed from the battle`,
      next: { ...state, ships }
    });
  }
});
