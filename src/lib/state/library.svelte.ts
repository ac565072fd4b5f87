import type { Db, NewShip, ShipRecord } from '$lib/db';
import type { Json } from '$lib/engine/events';
import type { SystemId } from '$lib/engine/system';
import { shareOrDownload } from './share';
import { loadDbModule, storage } from './storage.svelte';

export type { ShipRecord };

/**
 * A ship as it stands in a battle, saved to the ship library as a template. Throws the storage error
 * (for the screen's message); null when storage is unavailable (the layout's banner says why).
 */
export async function saveTemplate(ship: Omit<NewShip, 'battleId'>): Promise<ShipRecord | null> {
  const db = await storage.open();
  if (!db) return null;
  const { createShip } = await loadDbModule();
  return createShip(db, { ...ship, battleId: null });
}

/** The ship library: reusable sheets (battleId null), added to battles from the battle page. */
class LibraryState {
  ships = $state.raw<ShipRecord[]>([]);
  isLoading = $state(true);
  error = $state.raw<unknown>(null);

  async load(): Promise<void> {
    await this.#run(async (db) => {
      const { listLibrary } = await loadDbModule();
      this.ships = await listLibrary(db);
    });
    this.isLoading = false;
  }

  async #run<T>(work: (db: Db) => Promise<T>): Promise<T | null> {
    const db = await storage.open();
    if (!db) return null;
    try {
      const result = await work(db);
      this.error = null;
      return result;
    } catch (e) {
      this.error = e;
      return null;
    }
  }

  async create(systemId: SystemId, name: string, sheet: Json): Promise<ShipRecord | null> {
    const ship = await this.#run(async (db) =>
      (await loadDbModule()).createShip(db, {
        battleId: null,
        systemId,
        name,
        side: '',
        player: '',
        sheet
      })
    );
    await this.load();
    return ship;
  }

  async save(id: string, sheet: Json, name: string): Promise<ShipRecord | null> {
    const ship = await this.#run(async (db) =>
      (await loadDbModule()).updateShip(db, id, { sheet, name })
    );
    if (ship) this.ships = this.ships.map((s) => (s.id === id ? ship : s));
    return ship;
  }

  async remove(id: string): Promise<void> {
    await this.#run(async (db) => (await loadDbModule()).deleteShip(db, id));
    await this.load();
  }

  async share(id: string): Promise<void> {
    await this.#run(async (db) => {
      // The backup files' part of the data layer, only when a ship is shared.
      const { exportShip } = await import('$lib/db/backup');
      const file = await exportShip(db, id);
      await shareOrDownload(file.fileName, file.text);
    });
  }
}

export const library = new LibraryState();
