import type { BattleRecord, Db, NewBattle } from '$lib/db';
import { quickBattlesFromWorker } from './quick-battles';
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

  readonly active = $derived(this.battles.filter((b) => !b.isArchived));
  readonly archived = $derived(this.battles.filter((b) => b.isArchived));

  async load(): Promise<void> {
    // First paint of the start page: a plain IndexedDB read in a worker, so Dexie and the schemas
    // load only when the referee acts (see quick-list.ts). Once the connection is open, the full
    // path is as cheap.
    if (!storage.isOpen) {
      const quick = await quickBattlesFromWorker();
      if (quick) {
        this.battles = quick;
        this.error = null;
        this.isLoading = false;
        return;
      }
    }
    const db = await storage.open();
    if (!db) {
      this.isLoading = false;
      return;
    }
    try {
      const { listBattles } = await loadDbModule();
      this.battles = await listBattles(db, { includeArchived: true });
      this.error = null;
    } catch (e) {
      this.error = e;
    } finally {
      this.isLoading = false;
    }
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
