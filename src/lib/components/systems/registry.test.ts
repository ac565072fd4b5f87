import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS } from '$lib/engine/catalog';
import { battlePanelLoader, calculatorsLoader, sheetEditorLoader } from './registry';

describe('system components, found by file name', () => {
  it('every catalog system has its SheetEditor, Calculators and BattlePanel', () => {
    for (const id of SYSTEM_IDS) {
      expect(sheetEditorLoader(id), `${id}/SheetEditor.svelte`).not.toBeNull();
      expect(calculatorsLoader(id), `${id}/Calculators.svelte`).not.toBeNull();
      expect(battlePanelLoader(id), `${id}/BattlePanel.svelte`).not.toBeNull();
    }
  });
});
