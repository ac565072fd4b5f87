import type { DiceSource } from '$lib/engine/dice';

/** How the log names where the dice came from. */
export const SOURCE_LABELS: Readonly<Record<DiceSource, string>> = {
  app: 'App roll',
  entered: 'Typed in',
  scripted: 'Scripted'
};
