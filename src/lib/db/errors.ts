/**
 * Typed storage errors. The UI switches on `code` to show the right banner or message; `message`
 * is already a sentence a referee can act on.
 */

export type DbErrorCode =
  | 'quota-full'
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

export class QuotaFullError extends DbError {
  readonly code = 'quota-full';
  override name = 'QuotaFullError';
  constructor(options?: { cause?: unknown }) {
    super(
      'Storage full — export a backup, then delete old battles to make room. Nothing from this action was saved.',
      options
    );
  }
}

export class StorageUnavailableError extends DbError {
  readonly code = 'storage-unavailable';
  override name = 'StorageUnavailableError';
  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      `This browser cannot store data here (${detail}). Private browsing or blocked site data prevents saving; ` +
        'open Quarterdeck in a normal window and allow site data.',
      options
    );
  }
}

export class NewerSchemaError extends DbError {
  readonly code = 'newer-schema';
  override name = 'NewerSchemaError';
  constructor(
    readonly diskVersion: number,
    readonly appVersion: number
  ) {
    super(
      `The saved data was written by a newer version of Quarterdeck (data version ${diskVersion}, this app ` +
        `knows ${appVersion}). It is shown read-only; reload to get the new version before changing anything.`
    );
  }
}

export class VersionChangedError extends DbError {
  readonly code = 'version-changed';
  override name = 'VersionChangedError';
  constructor() {
    super('Quarterdeck was updated in another tab. Reload this tab to continue; nothing was lost.');
  }
}

export interface ImportIssue {
  /** e.g. "payload.battles[0].name" */
  path: string;
  reason: string;
}

export class ImportInvalidError extends DbError {
  readonly code = 'import-invalid';
  override name = 'ImportInvalidError';
  constructor(readonly issues: ImportIssue[]) {
    const first = issues[0];
    const more =
      issues.length > 1
        ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})`
        : '';
    super(
      `The file was not imported; nothing changed. ${first ? formatIssue(first) : 'Unknown problem'}${more}`
    );
  }
}

export function formatIssue(issue: ImportIssue): string {
  return issue.path ? `${issue.path}: ${issue.reason}` : issue.reason;
}

export class NotFoundError extends DbError {
  readonly code = 'not-found';
  override name = 'NotFoundError';
  constructor(what: string) {
    super(`${what} was not found (deleted in another tab?).`);
  }
}

/**
 * Who changed the battle since the screen was drawn: this device (a second tap that landed after
 * the first, or another tab: both write this browser's device id) or another device.
 */
export type StaleOrigin = 'this-device' | 'other-device';

export class StaleStateError extends DbError {
  readonly code = 'stale';
  override name = 'StaleStateError';
  constructor(readonly origin: StaleOrigin = 'other-device') {
    super(
      origin === 'this-device'
        ? 'Already done: an earlier tap (or another tab on this device) changed the battle since this screen was drawn, so this one was not saved. Check and try again.'
        : 'The battle changed on another device since this screen was drawn; nothing was saved. Check and try again.'
    );
  }
}

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

export class ConfirmationRequiredError extends DbError {
  readonly code = 'confirmation-required';
  override name = 'ConfirmationRequiredError';
  constructor() {
    super('Replacing all data needs explicit confirmation; nothing changed.');
  }
}

function errorName(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'name' in e && typeof e.name === 'string'
    ? e.name
    : undefined;
}

function innerOf(e: unknown): unknown {
  return typeof e === 'object' && e !== null && 'inner' in e ? e.inner : undefined;
}

/** True when `e` or an error it wraps (Dexie's `inner`, `cause`) has one of `names`. */
export function hasErrorName(e: unknown, names: readonly string[]): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const n = errorName(cur);
    if (n && names.includes(n)) return true;
    const next: unknown =
      innerOf(cur) ??
      (typeof cur === 'object' && cur !== null && 'cause' in cur ? cur.cause : undefined);
    cur = next;
  }
  return false;
}

/** Turns raw IndexedDB / Dexie failures of a write into the typed errors above. */
export function mapStorageError(e: unknown): unknown {
  if (e instanceof DbError) return e;
  if (hasErrorName(e, ['QuotaExceededError'])) return new QuotaFullError({ cause: e });
  return e;
}
