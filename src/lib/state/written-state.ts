import type { BattleEvent, BattleState } from '$lib/engine/events';
import { applyEvent } from '$lib/battle/fold';

/**
 * The state a screen's own write was summarised from (the battle list's display, made inside the
 * write's transaction), taken whole when that event comes back to the screen instead of folding
 * it a second time: the ships it changed keep the sheets' parses the summary made (issue 39).
 * applyEvent is pure, so both are the same state.
 */
export class WrittenState {
  #last: { known: BattleState; event: BattleEvent; next: BattleState } | null = null;

  /** `known` with this screen's `event` applied, kept for `applied`. */
  after(known: BattleState, event: BattleEvent): BattleState {
    return this.keep(known, event, applyEvent(known, event));
  }

  /** Keeps `next`, `known` with `event` applied (by the write), for `applied`; returns it. */
  keep(known: BattleState, event: BattleEvent, next: BattleState): BattleState {
    this.#last = { known, event, next };
    return next;
  }

  /** `state` with `event` applied: the kept state when it is this very step, else a fold. */
  applied(state: BattleState, event: BattleEvent): BattleState {
    const last = this.#last;
    this.#last = null;
    return last?.known === state && last.event.id === event.id
      ? last.next
      : applyEvent(state, event);
  }
}
