/**
 * Persistent storage: without `navigator.storage.persist()` a browser may evict a battle log under
 * storage pressure. Asked once at the first save (browsers want a user gesture nearby).
 */

export interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

export function defaultStorage(): StorageManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null;
}

/** True when storage is (now) persistent, false when refused, null when the browser cannot say. */
export async function requestPersistence(
  storage: StorageManagerLike | null
): Promise<boolean | null> {
  if (!storage?.persist) return null;
  if (storage.persisted && (await storage.persisted())) return true;
  return storage.persist();
}

export interface StorageEstimate {
  usage: number;
  quota: number;
  /** usage / quota, 0..1 */
  fraction: number;
  isPersisted: boolean | null;
}

/** For Settings: how much is used, of how much, and whether the browser promised to keep it. */
export async function storageEstimate(
  storage: StorageManagerLike | null
): Promise<StorageEstimate | null> {
  if (!storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await storage.estimate();
  const isPersisted = storage.persisted ? await storage.persisted() : null;
  return { usage, quota, fraction: quota > 0 ? usage / quota : 0, isPersisted };
}
