import {
  exportAll,
  importBackup,
  listSnapshots,
  restoreSnapshot,
  ImportInvalidError,
  formatIssue,
  type ImportSummary,
  type SnapshotInfo
} from '$lib/db';
import { errorMessage } from './errors';
import { shareOrDownload } from './share';
import { storage } from './storage.svelte';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** What an import added, in words. */
export function describeImport(s: ImportSummary): string {
  const parts = [
    s.battles && plural(s.battles, 'battle'),
    s.ships && plural(s.ships, 'ship'),
    s.events && plural(s.events, 'log entry').replace('entrys', 'entries'),
    s.shipClasses && plural(s.shipClasses, 'ship class').replace('classs', 'classes')
  ].filter(Boolean);
  const what = parts.length > 0 ? parts.join(', ') : 'nothing new';
  return s.mode === 'replace' ? `All data replaced: ${what}.` : `Imported ${what}.`;
}

/** Settings → Backup: export, import, replace all (typed confirmation) and snapshots. */
class BackupState {
  message = $state<string | null>(null);
  /** Every problem of the last failed import, one line each ("battles[0].name: …"). */
  problems = $state<string[]>([]);
  isError = $state(false);
  isBusy = $state(false);
  snapshots = $state.raw<SnapshotInfo[]>([]);

  async #run(work: () => Promise<string>): Promise<void> {
    this.isBusy = true;
    this.problems = [];
    try {
      this.message = await work();
      this.isError = false;
    } catch (e) {
      this.message = errorMessage(e);
      this.problems = e instanceof ImportInvalidError ? e.issues.slice(0, 10).map(formatIssue) : [];
      this.isError = true;
    } finally {
      this.isBusy = false;
      await this.loadSnapshots();
    }
  }

  async loadSnapshots(): Promise<void> {
    const db = await storage.open();
    if (db) this.snapshots = await listSnapshots(db).catch(() => []);
  }

  exportEverything(): Promise<void> {
    return this.#run(async () => {
      const db = await storage.open();
      if (!db) throw new Error(storage.message ?? 'Storage is not available.');
      const file = await exportAll(db);
      const how = await shareOrDownload(file.fileName, file.text);
      return how === 'cancelled' ? 'Export cancelled.' : `Backup ${how}: ${file.fileName}`;
    });
  }

  importFile(file: File, mode: 'add' | 'replace'): Promise<void> {
    return this.#run(async () => {
      const db = await storage.open();
      if (!db) throw new Error(storage.message ?? 'Storage is not available.');
      const summary = await importBackup(db, file, { mode, confirmReplace: mode === 'replace' });
      return describeImport(summary);
    });
  }

  restore(snapshotId: string): Promise<void> {
    return this.#run(async () => {
      const db = await storage.open();
      if (!db) throw new Error(storage.message ?? 'Storage is not available.');
      await restoreSnapshot(db, snapshotId, { confirmReplace: true });
      return 'Snapshot restored. The data it replaced was kept as a new snapshot.';
    });
  }
}

export const backup = new BackupState();
