import type { Component } from 'svelte';
import type { SystemId } from '$lib/engine/system';
import type { BattleSession } from '$lib/state/battle.svelte';
import { BATTLE_PANELS } from './battle-panels';

/**
 * The UI pieces each rule system supplies, found by file name so a system's folder is all it takes:
 * `<system>/SheetEditor.svelte`, `<system>/Calculators.svelte` (the free calculators page,
 * routes/calculators/[system]) and `<system>/BattlePanel.svelte` (the procedures offered on the
 * battle page). Each is loaded only when a screen needs it.
 */
export interface SheetEditorOf<Sheet> {
  sheet: Sheet;
  onchange: (next: Sheet) => void;
  readonly?: boolean;
  /** The ship's id when the sheet is a ship in the open battle (optional, additive): an editor
   *  may then play its own moves on that ship through the battle session. */
  shipId?: string;
}

/** What the registry hands any system's SheetEditor (each types it with its own sheet). */
export type SheetEditorProps = SheetEditorOf<never>;

export type BattlePanelProps = {
  session: BattleSession;
};

export type CalculatorsProps = Record<string, never>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Svelte's own Component constraint
export type Loader<P extends Record<string, any>> = () => Promise<{ default: Component<P> }>;

/** Modules by path relative to this folder (`./<system>/<File>.svelte`), as `import.meta.glob` gives. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type Modules<P extends Record<string, any>> = Record<string, Loader<P>>;

export interface SystemComponents {
  sheetEditor: (systemId: SystemId) => Loader<SheetEditorProps> | null;
  calculators: (systemId: SystemId) => Loader<CalculatorsProps> | null;
  battlePanel: (systemId: SystemId) => Loader<BattlePanelProps> | null;
}

/** The lookup by file name over the given modules (the app's globs, or a test's own). */
export function createSystemComponents(modules: {
  sheetEditors: Modules<SheetEditorProps>;
  calculators: Modules<CalculatorsProps>;
  battlePanels: Modules<BattlePanelProps>;
}): SystemComponents {
  return {
    sheetEditor: (id) => modules.sheetEditors[`./${id}/SheetEditor.svelte`] ?? null,
    calculators: (id) => modules.calculators[`./${id}/Calculators.svelte`] ?? null,
    battlePanel: (id) => modules.battlePanels[`./${id}/BattlePanel.svelte`] ?? null
  };
}

export const APP_MODULES = {
  sheetEditors: import.meta.glob<{ default: Component<SheetEditorProps> }>(
    './*/SheetEditor.svelte'
  ),
  calculators: import.meta.glob<{ default: Component<CalculatorsProps> }>('./*/Calculators.svelte'),
  battlePanels: BATTLE_PANELS
};

const APP = createSystemComponents(APP_MODULES);

export function sheetEditorLoader(systemId: SystemId): Loader<SheetEditorProps> | null {
  return APP.sheetEditor(systemId);
}

export function calculatorsLoader(systemId: SystemId): Loader<CalculatorsProps> | null {
  return APP.calculators(systemId);
}

export function battlePanelLoader(systemId: SystemId): Loader<BattlePanelProps> | null {
  return APP.battlePanel(systemId);
}
