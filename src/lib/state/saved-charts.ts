import { quickShipClassData } from '$lib/db/quick-ship-classes';
import type { SystemId } from '$lib/engine/system';
import { loadDbModule, storage } from './storage.svelte';

/**
 * The data of a rule system's ship classes saved on this device (unchecked: the caller checks each
 * with its system's chart schema), in the order of their names. With plain IndexedDB when that read
 * is sure (issue 40: the Wooden Warships calculators read them at load, and opening the data layer
 * for it was the longest task of the page's load; a first visit has nothing saved and creates no
 * database), else through the data layer. [] where there is no storage.
 */
export async function savedShipClassData(systemId: SystemId): Promise<unknown[]> {
  const quick = await quickShipClassData(systemId);
  if (quick) return quick;
  const db = await storage.open();
  if (!db) return [];
  const { listShipClasses } = await loadDbModule();
  return (await listShipClasses(db, systemId)).map((r) => r.data);
}
