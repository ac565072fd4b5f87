import type { Db, DbStatus, StorageEstimate } from '$lib/db';

/**
 * The data layer (Dexie, schemas, repositories) is loaded on first use, after the shell has
 * rendered: it is the largest part of the app and the static pages never need it.
 */
export function loadDbModule(): Promise<typeof import('$lib/db/core')> {
  return import('$lib/db/core');
}

/**
 * The database connection for the layout: opens it lazily and exposes what the banners need —
 * read-only (data from a newer version), closed by another tab's upgrade (reload), or storage
 * unavailable (private mode) — plus the storage estimate for Settings.
 */
/** How long opening may take before the banner says what holds it up (issue 17 #6). */
export const SLOW_OPEN_MS = 1_500;

export const BLOCKED_MESSAGE =
  'Another Quarterdeck tab or window is holding the saved data open with an older version, so this ' +
  'one cannot open it. Close or reload that tab; this one then opens by itself. Nothing is lost.';
export const SLOW_MESSAGE =
  'Opening the saved data is taking long: another Quarterdeck tab may be holding it. Close other ' +
  'Quarterdeck tabs or reload them; nothing is lost.';

/** The banner while the browser keeps the database closed (issue 41); it goes once an open works. */
export const CLOSED_BY_BROWSER_MESSAGE =
  'The browser closed the saved data (is this device full?). Free some space and try again, or ' +
  'reload; what was saved before is kept.';

class StorageState {
  /** blocked: opening waits for another tab (said within two seconds). */
  status = $state<DbStatus | 'opening' | 'unavailable' | 'blocked'>('opening');
  /** A sentence for the banner, or null when all is well. */
  message = $state<string | null>(null);
  estimate = $state.raw<StorageEstimate | null>(null);
  /** Whether the estimate has been asked for (null after that: the browser reports none). */
  isEstimateRead = $state(false);
  #db: Db | null = null;

  /** Whether the connection (and so Dexie) is loaded already. */
  get isOpen(): boolean {
    return this.#db !== null;
  }

  async open(): Promise<Db | null> {
    if (this.#db) return this.#db;
    const blocked = (message: string) => {
      if (this.#db || this.status === 'unavailable') return;
      this.status = 'blocked';
      this.message = message;
    };
    const slow = setTimeout(() => blocked(SLOW_MESSAGE), SLOW_OPEN_MS);
    try {
      const { getDb } = await loadDbModule();
      const db = await getDb({ onBlocked: () => blocked(BLOCKED_MESSAGE) });
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
    } finally {
      clearTimeout(slow);
    }
  }

  #update(status: DbStatus, db: Db): void {
    this.status = status;
    this.message =
      status === 'read-only'
        ? (db.readOnlyReason?.message ?? null)
        : status === 'closed-by-upgrade'
          ? 'Quarterdeck was updated in another tab. Reload this tab to continue; nothing was lost.'
          : status === 'closed-by-browser'
            ? CLOSED_BY_BROWSER_MESSAGE
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
    this.isEstimateRead = true;
  }
}

export const storage = new StorageState();
