import type { BattleState } from '$lib/engine/events';
import type { BattleSession } from '$lib/state/battle.svelte';

/**
 * One step's panel kept mounted across Next (issue 39): a step change shows and hides panels
 * instead of destroying one and building the next from templates.
 *
 * Its panel reads the battle through `view`, the session with the state it last showed: `shown`
 * follows the session's state only while the step is on screen, so a hidden panel depends on a
 * value nothing writes and none of its deriveds or effects runs while other steps act.
 *
 * A panel the referee used (typed, tapped, focused) holds what a fresh mount would not (a form
 * half filled, a chosen ship, a folded part): it is built again (`generation`) once the step is
 * left, in an idle moment, or at once if the step comes back first. A panel left untouched is
 * only what its props make of the state, as a fresh mount at that state would be.
 */
export class KeptStep {
  shown = $state.raw<BattleState>() as BattleState;
  /** Bumped to build the panel again from scratch (its `{#key}`). */
  generation = $state(0);
  /** The referee used the panel during this visit. */
  isTouched = false;
  /** Used on its last visit and not yet built again. */
  isStale = false;
  readonly view: BattleSession;

  constructor(
    readonly id: string,
    session: BattleSession,
    state: BattleState
  ) {
    this.shown = state;
    this.view = viewOf(session, () => this.shown);
  }
}

/**
 * The session as a kept step's panel sees it: everything is the session's own (its moves act on
 * the live battle), except `state`, which is the step's. Methods are bound to the session, whose
 * private fields a proxy receiver could not reach.
 */
function viewOf(session: BattleSession, state: () => BattleState): BattleSession {
  const bound = new WeakMap<object, unknown>();
  return new Proxy(session, {
    get(target, key) {
      if (key === 'state') return state();
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(value)) bound.set(value, (value as (...a: unknown[]) => unknown).bind(target));
      return bound.get(value);
    }
  });
}

/** DOM events that mean the referee used a panel (capture phase, on the step's wrapper). */
export const USE_EVENTS = [
  'pointerdown',
  'click',
  'keydown',
  'input',
  'change',
  'focusin',
  'paste',
  'drop'
] as const;
