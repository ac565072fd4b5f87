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
export * from './repo-battles';
export * from './repo-events';
export * from './repo-ships';
export * from './repo-settings';
export * from './repo-live';
export * from './backup';
export * from './persistence';
export { watchBattleLog, type LogWatch } from './live';
