import type { RuleSystem } from '../rules/system';
import { ok } from '../rules/core/result';
import { advancePhase } from './actions';
import type { BattleState, Json } from './events';
import { defineMove, draftOf, type Move } from './move';

/**
 * "Next phase" / "Next turn" for every system: the battle layer's own move. Past the last phase the
 * next turn begins and the system's `onTurnStart` runs on every sheet it can read (end-of-turn
 * bookkeeping such as clearing "fired this turn"). A system whose turn passes between players in its
 * own way supplies `nextStep` instead (Master and Commander's "End Jack's turn").
 */
export function advanceMove(system: RuleSystem): Move<Record<string, never>> {
  return system.nextStep ?? defaultAdvance(system);
}

const cache = new WeakMap<RuleSystem, Move<Record<string, never>>>();

function defaultAdvance(system: RuleSystem): Move<Record<string, never>> {
  const known = cache.get(system);
  if (known) return known;
  const move = defineMove<Record<string, never>>('battle.advance', (state, _input, ctx) => {
    const phases = system.phases ?? [];
    const draft = advancePhase(state, phases);
    if (!system.onTurnStart || draft.kind !== 'turn.advance') return ok(draft);
    return draftOf(state, {
      kind: draft.kind,
      summary: draft.summary,
      next: startTurn(system, state, ctx.storedOptions)
    });
  });
  cache.set(system, move);
  return move;
}

function startTurn(
  system: RuleSystem,
  state: BattleState,
  options: Record<string, string | number | boolean>
): BattleState {
  const ships = { ...state.ships };
  for (const [id, ship] of Object.entries(ships)) {
    const parsed = system.sheetSchema.safeParse(ship.sheet);
    if (parsed.success && system.onTurnStart) {
      ships[id] = {
        ...ship,
        sheet: system.onTurnStart(parsed.data, { endedTurn: state.turn, options }) as Json
      };
    }
  }
  return { ...state, turn: state.turn + 1, phase: 0, ships };
}
