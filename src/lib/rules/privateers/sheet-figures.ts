// What a Privateers ship's log derives (SPEC C.2 "Modifiers", C.4.10's speed cap): the figures the
// ship log's editor shows beside the ratings and the damage. They are the same functions the moves
// add to their rolls (initiative and tacking add `initiativeMod`, reload `reloadMod`, morale and the
// boarding chain `moraleMod`; orders and movement cap the sail at `speedCap`), gathered here
// because the editor has no move to ask: the sheet edit (`battle.edit-sheet`) is the battle layer's,
// the same for every system, with no preview, and the editor also edits a class's log in the library,
// where there is no battle at all.
import { speedCap, type SpeedCap } from './movement-reads';
import { commanderRole, initiativeMod, moraleMod, reloadMod } from './morale-reads';
import type { Sheet } from './sheet';
import type { OfficerRole } from './tables';

export interface SheetFigures {
  /** "Initiative Modifier: Add Master and Crew ratings together." */
  initiative: number;
  /** "Reload Modifier: Add the Gunner and Crew ratings together." */
  reload: number;
  /** "Morale Modifier: Add the Captains (or whoever commands) and the Crew ratings together",
   *  taken off the morale roll. */
  morale: number;
  /** Who commands (line of command, C.5 #37), or null when no officer is left. */
  commander: OfficerRole | null;
  /** The fastest sail the damage leaves her, and the levels each kind of damage takes off. */
  speedCap: SpeedCap;
}

export function sheetFigures(s: Sheet): SheetFigures {
  return {
    initiative: initiativeMod(s),
    reload: reloadMod(s),
    morale: moraleMod(s),
    commander: commanderRole(s),
    speedCap: speedCap(s)
  };
}
