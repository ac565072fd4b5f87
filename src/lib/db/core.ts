// The data layer without backup files and the live table's writes: what the app loads with its
// first storage use (storage.svelte.ts imports it whole). Backup (backup.ts) and live (repo-live.ts)
// are their own chunks, loaded by the screens that use them (issue 18: a deep link into a battle
// loads neither); index.ts is all of it, for everything else.
import { openDatabase, type Db, type OpenOptions } from './db';

/**
 * The app's database, opened lazily on first use (the landing page and static pages never touch
 * IndexedDB). A failed open is not cached, so "Try again" after fixing browser settings works.
 */
let opening: Promise<Db> | null = null;

export function getDb(options: OpenOptions = {}): Promise<Db> {
  opening ??= openDatabase(options).catch((e: unknown) => {
    opening = null;
    throw e;
  });
  return opening;
}

export { openDatabase, DB_NAME, Db, type DbStatus, type OpenOptions } from './db';
export * from './errors';
export * from './records';
export * from './records-logs';
export * from './repo-battles';
export * from './repo-events';
export * from './repo-ships';
export * from './repo-settings';
export * from './repo-campaigns';
export * from './persistence';
export { saveCheckpoint } from './checkpoint-store';
export { watchBattleLog, type LogWatch } from './live';
