import type { SystemId } from '$lib/engine/catalog';
import type { Json } from '$lib/engine/events';
import { loadDbModule, storage } from './storage.svelte';

/**
 * A set-up's ship templates (Privateers classes, Wooden Warships charts: user data kept in the
 * shipClasses table) as the editor changed them, saved: each changed one written once it is valid,
 * each removed one deleted. The editor reports every keystroke, so an unchanged template is not
 * written again, and an unfinished one (an empty name) stays on screen until it is valid.
 * `recordIds` (template id → stored record id) is kept up to date in place.
 */
export async function saveTemplateEdits<T extends Json & { id: string }>(edit: {
  systemId: SystemId;
  before: readonly T[];
  next: readonly T[];
  isValid: (template: T) => boolean;
  nameOf: (template: T) => string;
  recordIds: Map<string, string>;
}): Promise<void> {
  const { systemId, before, next, recordIds } = edit;
  const db = await storage.open();
  if (!db) return;
  const { saveShipClass, deleteShipClass } = await loadDbModule();
  for (const t of next) {
    const old = before.find((b) => b.id === t.id);
    if (old && JSON.stringify(old) === JSON.stringify(t)) continue;
    if (!edit.isValid(t)) continue;
    const rec = await saveShipClass(db, {
      id: recordIds.get(t.id),
      systemId,
      name: edit.nameOf(t),
      data: t
    });
    recordIds.set(t.id, rec.id);
  }
  for (const b of before) {
    if (next.some((t) => t.id === b.id)) continue;
    const id = recordIds.get(b.id);
    if (id) await deleteShipClass(db, id);
    recordIds.delete(b.id);
  }
}
