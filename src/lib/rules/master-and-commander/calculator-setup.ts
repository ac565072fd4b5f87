// What the Master and Commander calculators' battles are set up and edited with, loaded apart from
// the calculators' first render (issue 40; battle/scratch.ts setUpLater): the set-up moves, the
// card move and the sheet edit check what enters the battle with zod schemas built at module load.
import { editSheetMove } from '../../battle/ship-moves';
import { SCHEMAS } from './sheet-schema';

export { firstPlayerMove, setupFleetsMove } from './moves-setup';
export { cardsMove } from './moves-cards';

/** The battle's sheet edit (`battle.edit-sheet`), checking each log with the M&C schema. */
export const sheetEdit = editSheetMove(SCHEMAS);
