import type { BattleRecord, DamagedBattle, Db, NewBattle } from '$lib/db';
import {
  battlesKept,
  battlesRemoved,
  markBattlesKept,
  markBattlesRemoved,
  type RemovedMark
} from './device-marks';
import { quickBattlesFromWorker } from './quick-battles';
import { shareOrDownload } from './share';
import { loadDbModule, storage } from './storage.svelte';

/**
 * The Battles screen: the list and the commands on it. Each command is one transaction in the db
 * layer; the list is re-read after it so the screen shows what was stored.
 */
class BattleListState {
  battles = $state.raw<BattleRecord[]>([]);
  isLoading = $state(true);
  error = $state.raw<unknown>(null);
  showArchived = $state(false);
  /** Stored battle records that fail their schema: shown apart, with export-as-is and delete. */
  damaged = $state.raw<DamagedBattle[]>([]);
  /** The battles the browser removed (the database is gone, the marker outside it says so). */
  removed = $state.raw<RemovedMark | null>(null);
  #sawFullList = false;

  readonly active = $derived(this.battles.filter((b) => !b.isArchived));
  readonly archived = $derived(this.battles.filter((b) => b.isArchived));

  async load(): Promise<void> {
    // First paint of the start page: a plain IndexedDB read in a worker, so Dexie and the schemas
    // load only when the referee acts (see quick-list.ts). Once the connection is open, the full
    // path is as cheap. An empty answer where battles were kept takes the full path, which can
    // tell a cleared database from battles the referee deleted.
    if (!storage.isOpen) {
      const quick = await quickBattlesFromWorker();
      if (quick && (quick.length > 0 || battlesKept() === 0)) {
        this.battles = quick;
        this.damaged = [];
        this.error = null;
        this.isLoading = false;
        this.#noteCount(quick.length, false);
        return;
      }
    }
    const db = await storage.open();
    if (!db) {
      this.isLoading = false;
      return;
    }
    try {
      const { listBattleEntries } = await loadDbModule();
      const { battles, damaged } = await listBattleEntries(db);
      this.battles = battles;
      this.damaged = damaged;
      this.error = null;
      // Only the first list of a page load can reveal eviction: the database was created by
      // this very open although this device had battles.
      const isNew = db.isNewDatabase && !this.#sawFullList;
      this.#sawFullList = true;
      this.#noteCount(battles.length + damaged.length, isNew);
    } catch (e) {
      this.error = e;
    } finally {
      this.isLoading = false;
    }
  }

  #noteCount(total: number, isNewDatabase: boolean): void {
    if (total > 0) {
      markBattlesKept(total);
    } else {
      const kept = battlesKept();
      if (kept > 0 && isNewDatabase) markBattlesRemoved({ battles: kept, at: Date.now() });
      else if (kept > 0) markBattlesKept(0); // deleted here by the referee
    }
    this.removed = battlesRemoved();
  }

  /** "Import the last backup" after the browser removed the battles: added, never overwriting. */
  async importBackupFile(file: File): Promise<string | null> {
    const { importBackup } = await import('$lib/db/backup');
    const done = await this.#command(async (db) => {
      const s = await importBackup(db, file);
      return `Imported ${s.battles} battle${s.battles === 1 ? '' : 's'} from ${file.name}.`;
    });
    if (done) this.notice = done;
    return done;
  }

  /** The outcome of the last export or import from this page, for a status line. */
  notice = $state<string | null>(null);

  dismissRemoved(): void {
    markBattlesRemoved(null);
    this.removed = null;
  }

  /** A damaged battle exactly as stored, as a file (to keep, or to send for repair). */
  async exportDamaged(id: string): Promise<string | null> {
    const { exportDamagedBattle } = await import('$lib/db/backup');
    return this.#command(async (db) => {
      const file = await exportDamagedBattle(db, id);
      const how = await shareOrDownload(file.fileName, file.text);
      return how === 'cancelled' ? 'Export cancelled.' : `Saved as it is: ${file.fileName}`;
    }).then((done) => (this.notice = done));
  }

  async #command<T>(run: (db: Db) => Promise<T>): Promise<T | null> {
    const db = await storage.open();
    if (!db) return null;
    try {
      const result = await run(db);
      this.error = null;
      await this.load();
      return result;
    } catch (e) {
      this.error = e;
      return null;
    }
  }

  async create(input: NewBattle): Promise<BattleRecord | null> {
    const { createBattle, requestPersistence, defaultStorage } = await loadDbModule();
    const created = await this.#command((db) => createBattle(db, input));
    // The first save is when we ask the browser not to evict our data (DESIGN: persist()).
    if (created) void requestPersistence(defaultStorage()).then(() => storage.refreshEstimate());
    return created;
  }

  async duplicate(id: string, name: string): Promise<BattleRecord | null> {
    const { duplicateBattle } = await loadDbModule();
    return this.#command((db) => duplicateBattle(db, id, name));
  }

  async archive(id: string, isArchived: boolean): Promise<BattleRecord | null> {
    const { archiveBattle } = await loadDbModule();
    return this.#command((db) => archiveBattle(db, id, isArchived));
  }

  async delete(id: string): Promise<void | null> {
    const { deleteBattle } = await loadDbModule();
    return this.#command((db) => deleteBattle(db, id));
  }
}

export const battleList = new BattleListState();
export type { BattleRecord } from '$lib/db';
