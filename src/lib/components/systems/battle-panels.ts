import type { Component } from 'svelte';
import type { SystemId } from '$lib/engine/system';
import type { BattlePanelProps, Loader } from './registry';

/**
 * The battle panels alone (`<system>/BattlePanel.svelte`), for the battle page: registry.ts's other
 * lookups carry the calculators' and sheet editors' module lists, which a battle's first screen
 * does not need (issue 40). registry.ts's APP_MODULES holds this same glob.
 */
export const BATTLE_PANELS = import.meta.glob<{ default: Component<BattlePanelProps> }>(
  './*/BattlePanel.svelte'
);

/** The system's battle panel, loaded on demand (null: the system has none). */
export function battlePanelLoader(systemId: SystemId): Loader<BattlePanelProps> | null {
  return BATTLE_PANELS[`./${systemId}/BattlePanel.svelte`] ?? null;
}
