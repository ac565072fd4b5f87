// What the Wooden Warships calculators' battle is set up and edited with, loaded apart from the
// calculators' first render (issue 40; battle/scratch.ts setUpLater): the set-up moves and the
// sheet edit check what enters the battle with the system's zod schemas.
import { INITIAL_STATE, type BattleState } from '../../engine/events';
import { playScratch, scratchContext } from '../../battle/scratch';
import { editSheetMove } from '../../battle/ship-moves';
import { ok, type Result } from '../../engine/result';
import { addPlayer, purchase } from './moves-setup';
import { DEFAULT_OPTIONS } from './options';
import { blankChart, defaultSystemState, type ShipChart } from './sheet';
import { SCHEMAS } from './sheet-schema';

/** The players, in turn order: the first acts (with player turns, B.5 #17, hers is the turn). */
const PLAYERS = ['Attacker', 'Defender'] as const;

/** The battle's sheet edit (`battle.edit-sheet`), checking each log with the WW schema. */
export const sheetEdit = editSheetMove(SCHEMAS);

/**
 * Two players, each buying one ship of a blank chart (no price: a calculator's chart may cost more
 * than the £7,000 a player starts with, and the purchase reads nothing else a calculator asks):
 * the state and the two ships' ids.
 */
export function setUp(): Result<{ state: BattleState; ours: string; theirs: string }> {
  const ctx = scratchContext(DEFAULT_OPTIONS, 'standard');
  let state: BattleState = { ...INITIAL_STATE, system: defaultSystemState() };
  const chart: ShipChart = { ...blankChart('Frigate', 'calculator'), name: 'Calculator ship' };
  const ids = ['ours', 'theirs'];
  for (const [i, player] of PLAYERS.entries()) {
    const joined = playScratch(addPlayer, state, { name: player }, ctx);
    if (!joined.ok) return joined;
    const bought = playScratch(
      purchase,
      joined.value,
      { id: ids[i], player, name: player, chart, crewSkill: 'Novice' },
      ctx
    );
    if (!bought.ok) return bought;
    state = bought.value;
  }
  return ok({ state, ours: ids[0], theirs: ids[1] });
}
