import type { Component } from 'svelte';
import type { SystemId } from '$lib/rules/system';
import type { BattleSession } from '$lib/state/battle.svelte';

/**
 * The UI pieces each rule system supplies, found by file name so a system's folder is all it takes:
 * `<system>/SheetEditor.svelte`, `<system>/Calculators.svelte` and `<system>/BattlePanel.svelte`
 * (the procedures offered on the battle page). Each is loaded only when a screen needs it.
 */
export type SheetEditorProps = {
  sheet: never;
  onchange: (next: never) => void;
  readonly?: boolean;
};

export type BattlePanelProps = {
  session: BattleSession;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Svelte's own Component constraint
type Loader<P extends Record<string, any>> = () => Promise<{ default: Component<P> }>;

const SHEET_EDITORS = import.meta.glob<{ default: Component<SheetEditorProps> }>(
  './*/SheetEditor.svelte'
);
const BATTLE_PANELS = import.meta.glob<{ default: Component<BattlePanelProps> }>(
  './*/BattlePanel.svelte'
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
function find<P extends Record<string, any>>(
  modules: Record<string, Loader<P>>,
  systemId: SystemId,
  file: string
): Loader<P> | null {
  return modules[`./${systemId}/${file}`] ?? null;
}

export function sheetEditorLoader(systemId: SystemId): Loader<SheetEditorProps> | null {
  return find(SHEET_EDITORS, systemId, 'SheetEditor.svelte');
}

export function battlePanelLoader(systemId: SystemId): Loader<BattlePanelProps> | null {
  return find(BATTLE_PANELS, systemId, 'BattlePanel.svelte');
}
