import { defineMove, draftOf, refuse, type Move } from './move';
import * as z from 'zod/mini';
import type { Json } from '../engine/events';
import { jsonSchema } from '../engine/state-schema';
import { idInput, textInput } from '../engine/input-kit';
import { formatIssue } from '../engine/issues';
import type { SystemSchemas } from '../engine/system';
import { sheetIssue } from './sheet-check';

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

const editMoves = new WeakMap<SystemSchemas, Move<EditSheetInput>>();

/**
 * The sheet edit of a battle of the system whose schemas these are (`RuleSystem.loadSchemas`; one
 * move per system). The sheet is checked here, where it enters the log: the fold reads it without
 * a parse (sheets.ts), so a log that is not the system's is refused with the field named.
 */
export function editSheetMove(schemas: SystemSchemas): Move<EditSheetInput> {
  let move = editMoves.get(schemas);
  if (!move) {
    move = defineMove<EditSheetInput>({
      id: 'battle.edit-sheet',
      category: 'other',
      input: z.strictObject({ shipId: idInput, sheet: jsonSchema, summary: textInput(2000) }),
      run: (state, input) => {
        const ship = state.ships[input.shipId];
        if (!ship) return refuse('That ship is no longer in the battle.');
        const bad = sheetIssue(schemas, input.sheet);
        if (bad) return refuse(`That is not a valid ship log (${formatIssue(bad)}).`);
        return draftOf(state, {
          kind: 'sheet.edit',
          summary: input.summary,
          next: { ...state, ships: { ...state.ships, [ship.id]: { ...ship, sheet: input.sheet } } }
        });
      }
    });
    editMoves.set(schemas, move);
  }
  return move;
}

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
