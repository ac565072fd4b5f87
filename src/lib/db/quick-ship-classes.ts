import { openIfThere, request, type QuickAccess } from './quick-open';

/**
 * The data of the ship classes (charts) of one rule system saved on this device, read with plain
 * IndexedDB (issue 40): the Wooden Warships calculators read them at load, and through Dexie that
 * loaded the data layer and opened the connection, the longest tasks of the page's load, and
 * created the database on a first visit. Each entry is a record's `data` and name, in the order of
 * names, as listShipClasses (repo-ships.ts) gives them; the caller checks each chart with its
 * system's schema, as it does the full read's. [] when there is no database (nothing is saved; it
 * is not created here); null when the read is not sure (another schema version, any error): the
 * caller takes the full path.
 */
export async function quickShipClassData(
  systemId: string,
  access: QuickAccess = {}
): Promise<unknown[] | null> {
  const idb = access.idb ?? globalThis.indexedDB;
  if (!idb) return null;
  const db = await openIfThere(idb, ['shipClasses']).catch(() => null);
  if (db === 'none') return [];
  if (!db) return null;
  try {
    const tx = db.transaction(['shipClasses'], 'readonly');
    const rows: unknown[] = await request(
      tx.objectStore('shipClasses').index('systemId').getAll(systemId)
    );
    const named = rows.flatMap((r) =>
      r !== null &&
      typeof r === 'object' &&
      'name' in r &&
      typeof r.name === 'string' &&
      'data' in r
        ? [{ name: r.name, data: r.data }]
        : []
    );
    if (named.length !== rows.length) return null;
    return named.sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.data);
  } catch {
    return null;
  } finally {
    db.close();
  }
}
