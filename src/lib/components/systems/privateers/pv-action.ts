import type { BattleShip } from '$lib/engine/events';
import type { PvOptions } from '$lib/rules/privateers/options';
import type { BattleSession } from '$lib/state/battle.svelte';

/**
 * What the step panel (PvStep) gives each Privateers action of a phase it shows: the battle's
 * session, the battle's rule readings and the ships the action is offered to this phase. One
 * shape, so every action panel is mounted the same way.
 */
export interface PvActionProps {
  session: BattleSession;
  options: PvOptions;
  /** Ships offered the action this phase. */
  ships: readonly BattleShip[];
}
