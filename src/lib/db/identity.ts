// The database's name and schema version, in a module without Dexie, so the start page's quick
// read (quick-list.ts) can use them without loading Dexie.

export const DB_NAME = 'quarterdeck';

/** The meta record's key (records.ts metaRecordSchema). */
export const META_KEY = 'meta';

/**
 * The schema version. A released `version(n).stores()` block (schema.ts) is NEVER edited: a change
 * adds `version(n + 1)` with an upgrade function, a fixture `fixtures/v<n>.json` of the old version
 * is committed, and `upgrade.test.ts` opens every fixture with the current code.
 */
export const SCHEMA_VERSION = 3;

/** Dexie stores version n as IndexedDB version n × 10. */
export const IDB_VERSION = SCHEMA_VERSION * 10;
