import { formatIssue, type Issue } from '../engine/issues';

// The base of the typed storage errors (errors.ts) and the one a battle's first screen can meet
// (a damaged record read by the quick open, open-fold.ts and parse.ts): apart from the others, which
// load with Dexie, so a deep link reads its battle without them (issue 40).

export type DbErrorCode =
  | 'quota-full'
  | 'storage-closed'
  | 'storage-unavailable'
  | 'newer-schema'
  | 'version-changed'
  | 'import-invalid'
  | 'not-found'
  | 'stale'
  | 'corrupt-record'
  | 'confirmation-required';

export abstract class DbError extends Error {
  abstract readonly code: DbErrorCode;
}

/** One problem of an imported file (the shared shape of a parsed value's problem). */
export type ImportIssue = Issue;

export class CorruptRecordError extends DbError {
  readonly code = 'corrupt-record';
  override name = 'CorruptRecordError';
  constructor(
    readonly table: string,
    readonly issue: ImportIssue
  ) {
    super(
      `A saved ${table} record is damaged (${formatIssue(issue)}). Export a backup and report it.`
    );
  }
}
