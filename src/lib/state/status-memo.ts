import { turnStatusOf, type StatusContext } from '$lib/battle/display';
import type { BattleState } from '$lib/engine/events';
import type { RuleSystem } from '$lib/engine/system';
import type { TurnStatus } from '$lib/engine/turn-status';

/**
 * The turn status of the last state asked about, worked out once for it (issue 39): a tap's write
 * works out the status of the state it leads to for the battle list's summary, and the status bar,
 * the step's Next and a system's panel then read the same state at the same clock reading
 * (`nowOf`), so each action works the status out once, not once per reader.
 */
export class StatusMemo {
  #last: {
    system: RuleSystem;
    state: BattleState;
    ctx: StatusContext;
    status: TurnStatus;
  } | null = null;

  of(system: RuleSystem, state: BattleState, ctx: StatusContext): TurnStatus {
    const last = this.#last;
    if (
      last &&
      last.system === system &&
      last.state === state &&
      last.ctx.now === ctx.now &&
      last.ctx.options === ctx.options &&
      last.ctx.variant === ctx.variant
    )
      return last.status;
    const status = turnStatusOf(system, state, ctx);
    this.#last = { system, state, ctx, status };
    return status;
  }

  /** The clock reading the status of `state` was worked out at, if it was the last one asked. */
  nowOf(state: BattleState): number | null {
    return this.#last?.state === state ? this.#last.ctx.now : null;
  }
}
