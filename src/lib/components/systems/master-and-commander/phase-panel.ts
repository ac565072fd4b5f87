// What every Master and Commander phase panel is handed and how it runs its move: apart from
// mc-ui.ts, so a panel on a deep link's first screen (the repairs) loads no stored shapes nor the
// live deck with it (issue 40).
import type { BattleEvent } from '$lib/engine/events';
import type { Move } from '$lib/battle/move';
import type { McOptions } from '$lib/rules/master-and-commander/options';
import type { McView } from '$lib/rules/master-and-commander/view';
import type { BattleSession } from '$lib/state/battle.svelte';

/** What the battle panel hands each phase panel. */
export interface PhaseProps {
  session: BattleSession;
  view: McView;
  opts: McOptions;
}

/**
 * A move from a panel through the one check-then-act; `show` gets the refusal (or '' on success).
 * Returns the event written, or null when refused.
 */
export async function perform<I>(
  session: BattleSession,
  move: Move<I, McOptions>,
  input: I,
  show: (message: string) => void
): Promise<BattleEvent | null> {
  const r = await session.perform(move, input);
  show(r.ok ? '' : r.error);
  return r.ok ? r.value : null;
}
