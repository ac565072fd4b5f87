import { createAction } from '$lib/battle/actions';
import type { Json } from '$lib/battle/events';
import type { BattleState } from '$lib/battle/events';
import type { DiceRoll } from '$lib/rules/core/dice';
import type { Result } from '$lib/rules/core/result';
import type { BattleSession } from '$lib/state/battle.svelte';
import type { Step } from './pv-battle-moves';

// One Privateers procedure of Phases 1–4 as one undoable event: the builder is run on the state on
// screen first (to show why it cannot be done), then again inside `session.act` on the state the
// event is appended to. The roll record keeps the inputs, the dice, the odds shown and the outcome.

export interface RollInfo {
  procedure: string;
  inputs: Json;
  dice: DiceRoll;
  odds?: Json;
}

/** Returns '' when recorded, else the reason it was not. */
export async function recordStep(
  session: BattleSession,
  kind: string,
  build: (state: BattleState) => Result<Step>,
  roll?: RollInfo
): Promise<string> {
  const check = build(session.state);
  if (!check.ok) return check.error;
  let error = '';
  const saved = await session.act((state) => {
    const r = build(state);
    if (!r.ok) {
      error = r.error;
      throw new Error(r.error);
    }
    return createAction(state, {
      kind,
      summary: r.value.summary,
      next: r.value.next,
      ...(roll ? { roll: { ...roll, outcome: { summary: r.value.summary } } } : {})
    });
  });
  if (saved) return '';
  return error || 'Not saved: the battle changed on another screen. Try again.';
}
