// The state layer opens the app's own database: give it a fake IndexedDB first.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_CHARTS } from '$lib/rules/wooden-warships/example-charts';
import type { ShipChart } from '$lib/rules/wooden-warships/sheet';
import { shipChartSchema } from '$lib/rules/wooden-warships/sheet-schema';
import { loadDbModule, storage } from './storage.svelte';
import { saveTemplateEdits } from './template-edits';

async function stored(): Promise<{ id: string; name: string }[]> {
  const db = await storage.open();
  const { listShipClasses } = await loadDbModule();
  const records = await listShipClasses(db!, 'wooden-warships');
  return records.map((r) => ({ id: r.id, name: r.name }));
}

describe('a set-up’s ship templates as the editor changed them, saved', () => {
  it('writes a new or changed valid one, keeps an unfinished one off the table, deletes a removed one', async () => {
    const recordIds = new Map<string, string>();
    const edit = (before: ShipChart[], next: ShipChart[]) =>
      saveTemplateEdits({
        systemId: 'wooden-warships',
        before,
        next,
        isValid: (c) => shipChartSchema.safeParse(c).success,
        nameOf: (c) => c.name,
        recordIds
      });
    const [a, b] = EXAMPLE_CHARTS.map((c) => structuredClone(c));
    await edit([], [a, b]);
    expect((await stored()).map((r) => r.name).sort()).toEqual([a.name, b.name].sort());
    const firstId = recordIds.get(a.id);

    // Renamed: the same record, written again. Emptied name: on screen only, the old one kept.
    const renamed = { ...a, name: 'Renamed' };
    await edit([a, b], [renamed, b]);
    expect(recordIds.get(a.id)).toBe(firstId);
    const unfinished = { ...renamed, name: '' };
    await edit([renamed, b], [unfinished, b]);
    expect((await stored()).find((r) => r.id === firstId)?.name).toBe('Renamed');

    // Removed: its record is gone, and so is its id.
    await edit([unfinished, b], [b]);
    expect((await stored()).map((r) => r.name)).toEqual([b.name]);
    expect(recordIds.has(a.id)).toBe(false);
  });
});
