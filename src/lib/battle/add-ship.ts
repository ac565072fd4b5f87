import type { RuleSystem, SystemSchemas } from '../engine/system';
import { formatIssue } from '../engine/issues';
import { sheetIssue } from './sheet-check';
import * as z from 'zod/mini';
import type { Json } from '../engine/events';
import { jsonSchema } from '../engine/state-schema';
import { textInput } from '../engine/input-kit';
import { defineMove, draftOf, refuse, type Move } from './move';

export interface AddShipInput {
  /** The ship's name as the referee typed it (or the library template's). */
  name: string;
  side: string;
  player: string;
  /** A library template's sheet; absent, the system's blank log. */
  template?: Json;
}

const NAME_MAX = 200;

// The name's length is the move's own refusal (in the referee's words), so the schema allows more.
const addShipInput = z.strictObject({
  name: textInput(10_000),
  side: textInput(),
  player: textInput(),
  template: z.optional(jsonSchema)
});

/**
 * "Add a ship" on the battle page: the battle layer's own move (kind 'ship.add'), so the page only
 * gathers the form and the id comes from the move context, never from the page.
 */
export function addShipMove(system: RuleSystem, schemas: SystemSchemas): Move<AddShipInput> {
  return defineMove<AddShipInput>({
    id: 'battle.add-ship',
    category: 'setup',
    input: addShipInput,
    run: (state, input, ctx) => {
      const name = input.name.trim();
      if (!name) return refuse('Give the ship a name.');
      if (name.length > NAME_MAX) return refuse(`A ship's name is at most ${NAME_MAX} characters.`);
      const side = input.side.trim();
      const player = input.player.trim();
      const base =
        input.template && typeof input.template === 'object' && !Array.isArray(input.template)
          ? input.template
          : null;
      const sheet: Json = base
        ? { ...base, name }
        : (system.defaultSheet({ name }) as unknown as Json);
      // Checked where it enters the log (a library template's, or the name): the fold reads it
      // without a parse (sheets.ts).
      const bad = sheetIssue(schemas, sheet);
      if (bad) return refuse(`That is not a valid ship log (${formatIssue(bad)}).`);
      const id = ctx.newId();
      const order = Object.values(state.ships).reduce((m, s) => Math.max(m, s.order + 1), 0);
      const next = {
        ...state,
        ships: { ...state.ships, [id]: { id, side, player, sheet, order } }
      };
      return draftOf(state, {
        kind: 'ship.add',
        summary: `${name}${side ? ` (${side})` : ''} joins the battle`,
        next
      });
    }
  });
}
