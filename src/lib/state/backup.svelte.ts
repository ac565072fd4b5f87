import type { ImportSummary, SnapshotInfo } from '$lib/db';
import { ImportInvalidError, formatIssue } from '$lib/db/errors';
import { lastBackupAt, markBackup, markBattlesKept } from './device-marks';
import { errorMessage } from './errors';
import { shareOrDownload } from './share';
import { loadDbModule, storage } from './storage.svelte';

/** The backup files' part of the data layer, loaded when Settings first uses it, not with the page. */
const loadBackup = () => import('$lib/db/backup');

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
  /** When "Export everything" last made a file on this device (null: never). */
  lastBackupAt = $state<number | null>(null);
  /** Whether this device's backup mark has been read (the prerendered page has not). */
  isBackupRead = $state(false);
  /** Battles changed (or created) since that backup, newest first: the reminder. */
  changedSinceBackup = $state.raw<string[]>([]);

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
    if (!db) return;
    const { listSnapshots } = await loadBackup();
    this.snapshots = await listSnapshots(db).catch(() => []);
    await this.loadBackupReminder();
  }

  /** The last backup's time and the battles changed since (a reminder, never a nag mid-battle). */
  async loadBackupReminder(): Promise<void> {
    // The device's own mark (local storage), whether or not the database opens.
    const at = lastBackupAt();
    this.lastBackupAt = at;
    this.isBackupRead = true;
    const db = await storage.open();
    if (!db) return;
    const { listBattleEntries } = await loadDbModule();
    const { battles } = await listBattleEntries(db).catch(() => ({ battles: [] }));
    this.changedSinceBackup = battles
      .filter((b) => at === null || b.updatedAt > at)
      .map((b) => b.name);
  }

  exportEverything(): Promise<void> {
    return this.#run(async () => {
      const db = await storage.open();
      if (!db) throw new Error(storage.message ?? 'Storage is not available.');
      const { exportAll } = await loadBackup();
      const file = await exportAll(db);
      const how = await shareOrDownload(file.fileName, file.text);
      if (how === 'cancelled') return 'Export cancelled.';
      markBackup(file.file.exportedAt);
      const left =
        file.leftOut.length === 0
          ? ''
          : ` Left out as damaged: ${file.leftOut
              .slice(0, 3)
              .map((l) => `${l.what} (${l.problem})`)
              .join(
                '; '
              )}${file.leftOut.length > 3 ? ` and ${file.leftOut.length - 3} more` : ''}. Export a damaged battle as it is from the Battles page.`;
      return `Backup ${how}: ${file.fileName}.${left}`;
    });
  }

  importFile(file: File, mode: 'add' | 'replace'): Promise<void> {
    return this.#run(async () => {
      const db = await storage.open();
      if (!db) throw new Error(storage.message ?? 'Storage is not available.');
      const { importBackup } = await loadBackup();
      const summary = await importBackup(db, file, { mode, confirmReplace: mode === 'replace' });
      // Replacing may leave fewer battles: that is the referee's doing, not the browser's.
      if (mode === 'replace') markBattlesKept(summary.battles);
      return describeImport(summary);
    });
  }

  restore(snapshotId: string): Promise<void> {
    return this.#run(async () => {
      const db = await storage.open();
      if (!db) throw new Error(storage.message ?? 'Storage is not available.');
      const [{ restoreSnapshot }, { listBattleEntries }] = await Promise.all([
        loadBackup(),
        loadDbModule()
      ]);
      await restoreSnapshot(db, snapshotId, { confirmReplace: true });
      const { battles, damaged } = await listBattleEntries(db);
      markBattlesKept(battles.length + damaged.length);
      return 'Snapshot restored. The data it replaced was kept as a new snapshot.';
    });
  }
}

export const backup = new BackupState();
