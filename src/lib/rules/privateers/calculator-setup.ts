// What the Privateers calculators' battle is set up and edited with, loaded apart from the
// calculators' first render (issue 40): the set-up move and the sheet edit check what enters the
// battle with the system's zod schemas, and a calculators page that built them as it hydrated
// lost its Lighthouse score to that task. calculator-battle.ts loads this module while the page
// is idle (`prepareCalculatorBattle`), before the first answer.
import { INITIAL_STATE, type BattleState } from '../../engine/events';
import { playScratch, scratchContext } from '../../battle/scratch';
import { editSheetMove } from '../../battle/ship-moves';
import { err, ok, type Result } from '../../engine/result';
import { addShipFromClass } from './moves-setup';
import { DEFAULT_OPTIONS } from './options';
import type { ShipClass } from './sheet';
import { SCHEMAS } from './sheet-schema';

/**
 * EXAMPLE class values (user data: the text refers to ship charts it does not contain, C.6): a
 * frigate with no guns and no crew of her own; each question writes the guns, crew, officers and
 * ratings it asks about into her log by the sheet edit.
 */
const CALCULATOR_CLASS: ShipClass = {
  id: 'calculator',
  className: 'Calculator ship',
  rig: 'squareRigged',
  masts: 3,
  bowsprit: true,
  sailingRates: { beating: [6, 8, 10], broadReaching: [8, 10, 12], running: [7, 9, 11] },
  hullPoints: 40,
  riggingPoints: 30,
  crew: 0,
  marines: 0,
  boats: 0,
  guns: []
};

/** The battle's sheet edit (`battle.edit-sheet`), checking each log with the Privateers schema. */
export const sheetEdit = editSheetMove(SCHEMAS);

/** Two ships of two sides, added as a new battle adds them (set-up reads no reading a calculator
 *  changes): the state and the two ships' ids. */
export function setUp(): Result<{ state: BattleState; ours: string; theirs: string }> {
  const ctx = scratchContext(DEFAULT_OPTIONS, 'standard');
  let state: BattleState = INITIAL_STATE;
  const ids: string[] = [];
  for (const [name, side] of [
    ['Ours', 'A'],
    ['Theirs', 'B']
  ]) {
    const before = new Set(Object.keys(state.ships));
    const next = playScratch(
      addShipFromClass,
      state,
      { cls: CALCULATOR_CLASS, name, side, player: '' },
      ctx
    );
    if (!next.ok) return next;
    state = next.value;
    const id = Object.keys(state.ships).find((k) => !before.has(k));
    if (id === undefined) return err('The ships were not set up.');
    ids.push(id);
  }
  return ok({ state, ours: ids[0], theirs: ids[1] });
}
