// The battle a Master and Commander calculator answers on (issue 31: the calculators' odds come
// through the move): two captains' fleets set up by the game's own set-up move, each ship's Prize
// Disks set by the battle's sheet edit, as a referee would. The calculator then reads the move's
// own `preview`, so its figures are exactly the battle's.
import { INITIAL_STATE, type BattleState } from '../../engine/events';
import { playScratch, scratchContext } from '../../battle/scratch';
import { editSheetMove } from '../../battle/ship-moves';
import { err, ok, type Result } from '../../engine/result';
import { setupFleetsMove } from './moves-setup';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import { defaultSystemState, type Sheet } from './sheet';
import type { GameVariant } from './tables';
import { viewOf } from './view';

/** A calculator's battle: the state, and the first ship of each captain (the two sides). */
export interface CalculatorBattle {
  state: BattleState;
  /** The first captain's ship (the attacker, the raider, the boarder). */
  ours: string;
  /** The second captain's ship (the defender, the target). */
  theirs: string;
}

/** Each game's battle, set up once: the states are never changed, only read and built upon. */
const BUILT = new Map<GameVariant, Result<CalculatorBattle>>();

/**
 * Two captains, Homeports north and south, their fleets set up as a new battle sets them up (with
 * the default readings: set-up reads none a calculator changes). Built once per game; a calculator
 * may build the game it does not show while the page is idle, so switching costs no set-up.
 */
export function calculatorBattle(variant: GameVariant): Result<CalculatorBattle> {
  const built = BUILT.get(variant) ?? setUp(variant, DEFAULT_OPTIONS);
  BUILT.set(variant, built);
  return built;
}

function setUp(variant: GameVariant, opts: McOptions): Result<CalculatorBattle> {
  const start: BattleState = {
    ...INITIAL_STATE,
    system: defaultSystemState({
      variant,
      unusedHomeportsHaveCards: opts.unusedHomeportsHaveCards
    })
  };
  const set = playScratch(
    setupFleetsMove,
    start,
    {
      players: [
        { id: 'ours', name: 'Attacker', homeport: 'N' },
        { id: 'theirs', name: 'Defender', homeport: 'S' }
      ],
      modules: {}
    },
    scratchContext(opts, variant)
  );
  if (!set.ok) return set;
  const first = (player: string) =>
    Object.values(set.value.ships).find((s) => s.player === player)?.id;
  const ours = first('ours');
  const theirs = first('theirs');
  if (ours === undefined || theirs === undefined) return err('The fleets were not set up.');
  // Read once as every move reads it (the reading is kept with the state), so a calculator's
  // first question is answered without reading the battle again.
  const view = viewOf(set.value);
  return view.ok ? ok({ state: set.value, ours, theirs }) : view;
}

/** The battle with these ships at these Prize Disks (the sheet edit a referee makes). */
export function withPrizeDisks(
  battle: BattleState,
  disks: Readonly<Record<string, number>>,
  opts: McOptions = DEFAULT_OPTIONS
): Result<BattleState> {
  let state = battle;
  for (const [shipId, prizeDisks] of Object.entries(disks)) {
    const ship = state.ships[shipId];
    if (!ship) return err('That ship is not in the battle.');
    // A sheet that already says so needs no edit (a new fleet's ships have all their disks).
    if ((ship.sheet as unknown as Sheet).prizeDisks === prizeDisks) continue;
    const sheet = { ...(ship.sheet as unknown as Sheet), prizeDisks };
    const next = playScratch(
      editSheetMove,
      state,
      { shipId, sheet, summary: `Prize Disks ${prizeDisks}` },
      scratchContext(opts, '')
    );
    if (!next.ok) return next;
    state = next.value;
  }
  return ok(state);
}
