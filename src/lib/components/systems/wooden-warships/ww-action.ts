import type { WwOptions } from '$lib/rules/wooden-warships/options';
import type { BattleSession } from '$lib/state/battle.svelte';

/**
 * What the battle panel gives each Wooden Warships action of a step (sail, island, fire, boarding,
 * reload, upgrade): the battle's session, its rule readings and whose turn it is.
 */
export interface WwActionProps {
  session: BattleSession;
  options: WwOptions;
  /** Whose turn it is when turns go by player: only their ships act (null: every ship). */
  player?: string | null;
}
