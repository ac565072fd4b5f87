import { readLocal, writeLocal } from './local-settings';

/**
 * Small marks kept outside IndexedDB (localStorage), so the app notices when the browser has
 * cleared its database (eviction under storage pressure, "clear site data" of IndexedDB only) and
 * can remind about backups. Never the data itself; losing these only loses a reminder.
 */

const KEPT_KEY = 'quarterdeck.battlesKept';
const EVICTED_KEY = 'quarterdeck.battlesRemoved';
const BACKUP_KEY = 'quarterdeck.lastBackupAt';

export interface RemovedMark {
  /** How many battles this device had before the browser removed them. */
  battles: number;
  at: number;
}

function read(key: string): unknown {
  try {
    return JSON.parse(readLocal(key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/** No localStorage (private mode, blocked): the reminders are simply not available. */
function write(key: string, value: unknown): void {
  writeLocal(key, value === null ? null : JSON.stringify(value));
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** How many battles this device last listed (0 when unknown). */
export function battlesKept(): number {
  return count(read(KEPT_KEY));
}

export function markBattlesKept(n: number): void {
  write(KEPT_KEY, n);
  if (n > 0) write(EVICTED_KEY, null);
}

/** The battles the browser removed, once noticed (until dismissed or a battle exists again). */
export function battlesRemoved(): RemovedMark | null {
  const v = read(EVICTED_KEY) as Partial<RemovedMark> | null;
  if (!v || typeof v !== 'object') return null;
  const battles = count(v.battles);
  return battles > 0 ? { battles, at: typeof v.at === 'number' ? v.at : 0 } : null;
}

export function markBattlesRemoved(mark: RemovedMark | null): void {
  write(EVICTED_KEY, mark);
  if (mark) write(KEPT_KEY, 0);
}

/** When "Export everything" last produced a file on this device, or null. */
export function lastBackupAt(): number | null {
  const v = read(BACKUP_KEY);
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

export function markBackup(at: number): void {
  write(BACKUP_KEY, at);
}
