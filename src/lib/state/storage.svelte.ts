import type { Db, DbStatus, StorageEstimate } from '$lib/db';

/**
 * The data layer (Dexie, schemas, repositories) is loaded on first use, after the shell has
 * rendered: it is the largest part of the app and the static pages never need it.
 */
export function loadDbModule(): Promise<typeof import('$lib/db')> {
  return import('$lib/db');
}

/**
 * The database connection for the layout: opens it lazily and exposes what the banners need —
 * read-only (data from a newer version), closed by another tab's upgrade (reload), or storage
 * unavailable (private mode) — plus the storage estimate for Settings.
 */
class StorageState {
  status = $state<DbStatus | 'opening' | 'unavailable'>('opening');
  /** A sentence for the banner, or null when all is well. */
  message = $state<string | null>(null);
  estimate = $state.raw<StorageEstimate | null>(null);
  #db: Db | null = null;

  /** Whether the connection (and so Dexie) is loaded already. */
  get isOpen(): boolean {
    return this.#db !== null;
  }

  async open(): Promise<Db | null> {
    if (this.#db) return this.#db;
    try {
      const { getDb } = await loadDbModule();
      const db = await getDb();
      this.#db = db;
      this.#update(db.status, db);
      db.onStatusChange((s) => this.#update(s, db));
      return db;
    } catch (e) {
      this.status = 'unavailable';
      // Typed storage errors already say what to do; anything else the browser threw (a blocked
      // or missing IndexedDB) is said the same way.
      const { DbError, StorageUnavailableError } = await loadDbModule();
      this.message =
        e instanceof DbError
          ? e.message
          : new StorageUnavailableError(e instanceof Error ? e.message : String(e)).message;
      return null;
    }
  }

  #update(status: DbStatus, db: Db): void {
    this.status = status;
    this.message =
      status === 'read-only'
        ? (db.readOnlyReason?.message ?? null)
        : status === 'closed-by-upgrade'
          ? 'Quarterdeck was updated in another tab. Reload this tab to continue; nothing was lost.'
          : null;
  }

  /** Asks the browser to keep the data under storage pressure, then reads the estimate again. */
  async requestPersistence(): Promise<void> {
    const { requestPersistence, defaultStorage } = await loadDbModule();
    await requestPersistence(defaultStorage());
    await this.refreshEstimate();
  }

  async refreshEstimate(): Promise<void> {
    const { storageEstimate, defaultStorage } = await loadDbModule();
    this.estimate = await storageEstimate(defaultStorage());
  }
}

export const storage = new StorageState();
