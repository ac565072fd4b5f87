import type { ShipRecord } from '$lib/db/core';
import { quickListLibrary } from '$lib/db/quick-watch';
import type { SystemId } from '$lib/engine/system';
import { errorMessage } from './errors';
import { storage } from './storage.svelte';

/** A ship-library template the battle page offers in "Add a ship" (the page never imports $lib/db). */
export type ShipTemplate = Pick<ShipRecord, 'id' | 'name' | 'sheet'>;

/**
 * The ship library's templates of one system, for "Add a ship"; empty when storage is closed.
 * Read without Dexie when the quick read is sure (issue 40: a battle only looked at never loads it).
 */
export async function shipTemplates(systemId: SystemId): Promise<ShipTemplate[]> {
  const quick = storage.isOpen ? null : await quickListLibrary(systemId);
  return (quick ?? (await fullLibrary(systemId))).map(({ id, name, sheet }) => ({
    id,
    name,
    sheet
  }));
}

async function fullLibrary(systemId: SystemId): Promise<ShipRecord[]> {
  const db = await storage.open();
  if (!db) return [];
  const { listLibrary } = await import('$lib/db/core');
  return listLibrary(db, systemId);
}

/** Exports one battle as a file (shared on phones, downloaded elsewhere); the sentence to show. */
export async function exportBattleFile(battleId: string): Promise<string | null> {
  const db = await storage.open();
  if (!db) return storage.message;
  try {
    // Backup files and the share sheet are their own chunks: the battle page loads them on the
    // first export.
    const [{ exportBattle }, { shareOrDownload }] = await Promise.all([
      import('$lib/db/backup'),
      import('./share')
    ]);
    const file = await exportBattle(db, battleId);
    const how = await shareOrDownload(file.fileName, file.text);
    return how === 'cancelled' ? null : `Battle ${how === 'shared' ? 'shared' : 'exported'}.`;
  } catch (e) {
    return errorMessage(e);
  }
}
