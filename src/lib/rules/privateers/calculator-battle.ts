// The battle a Privateers calculator answers on (issue 31: the calculators' odds come through the
// move): two ships added by the game's own set-up move, then each ship's log changed by the
// battle's sheet edit to the figures the calculator's form asks about, as a referee would. The
// calculator then reads the move's own `preview` (cannon fire, boarding round, morale, reload), so
// its figures are exactly the battle's.
import { INITIAL_STATE, type BattleState } from '../../engine/events';
import { playScratch, scratchContext } from '../../battle/scratch';
import { editSheetMove } from '../../battle/ship-moves';
import { err, ok, type Result } from '../../engine/result';
import { shipSheet } from './moves-common';
import { addShipFromClass } from './moves-setup';
import { DEFAULT_OPTIONS } from './options';
import type { Sheet, ShipClass } from './sheet';

/** A calculator's battle: the state, and its two ships. */
export interface CalculatorBattle {
  state: BattleState;
  /** The first ship (the firer, the boarder, the ship checking). */
  ours: string;
  /** The second ship (the target, the defender). */
  theirs: string;
}

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

/** The battle, set up once: the state is never changed, only read and built upon. */
let built: Result<CalculatorBattle> | null = null;

/** Two ships of two sides, added as a new battle adds them (set-up reads no reading a calculator
 *  changes). Built once; a calculator builds it while the page is idle. */
export function calculatorBattle(): Result<CalculatorBattle> {
  built ??= setUp();
  return built;
}

function setUp(): Result<CalculatorBattle> {
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

/** A change to one ship's log, the sheet edit's: the sheet as it stands in, the new one out. */
export type SheetChange = (sheet: Sheet) => Sheet;

/** The battle with these ships' logs changed as a referee changes them (`battle.edit-sheet`). */
export function withSheets(
  battle: BattleState,
  changes: Readonly<Record<string, SheetChange>>
): Result<BattleState> {
  let state = battle;
  for (const [shipId, change] of Object.entries(changes)) {
    const now = shipSheet(state, shipId);
    if (!now.ok) return now;
    const sheet = change(now.value);
    const next = playScratch(
      editSheetMove,
      state,
      { shipId, sheet, summary: `${sheet.name}: the calculator's figures` },
      scratchContext(DEFAULT_OPTIONS, '')
    );
    if (!next.ok) return next;
    state = next.value;
  }
  return ok(state);
}

/** The calculators' ratings (C.3.1: 0, 1 or 2). */
type Rating = Sheet['crewRating'];

/** A ship checking morale (C.4.17): her Captain, who commands, and her crew so rated. */
export const moraleFigures =
  (q: { commander: Rating; crew: Rating; disordered: boolean }): SheetChange =>
  (s) => ({
    ...s,
    name: 'The ship',
    crewRating: q.crew,
    disordered: q.disordered,
    officers: { ...s.officers, captain: { rating: q.commander, present: true } }
  });

/**
 * A ship reloading (C.4.5): her Gunner and crew so rated, `guns` medium guns unloaded, the last
 * `doubleShot` of them designated for double shot, and the Gunner sighting the first one or none.
 */
export const reloadFigures =
  (q: {
    gunner: Rating;
    crew: Rating;
    guns: number;
    doubleShot: number;
    isGunnerSighting: boolean;
  }): SheetChange =>
  (s) => {
    const guns = Array.from({ length: q.guns }, (_, i) => ({
      id: `gun ${i + 1}`,
      cls: 'medium' as const,
      extraHeavyDice: 0,
      side: 'starboard' as const,
      arcDeg: 45 as const,
      load: 'ball' as const,
      loaded: false,
      doubleShot: false,
      doubleShotOrdered: i >= q.guns - q.doubleShot,
      destroyed: false
    }));
    return {
      ...s,
      name: 'The ship',
      crewRating: q.crew,
      officers: { ...s.officers, gunner: { rating: q.gunner, present: true } },
      guns,
      assignments: {
        ...s.assignments,
        gunnerSights: q.isGunnerSighting && guns.length > 0 ? guns[0].id : null
      }
    };
  };
