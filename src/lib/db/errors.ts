import { formatIssue } from '../engine/issues';
import { DbError, type ImportIssue } from './db-error';
/**
 * Typed storage errors. The UI switches on `code` to show the right banner or message; `message`
 * is already a sentence a referee can act on. The base class and the damaged record's error, which
 * a battle's first screen reads with, are db-error.ts (issue 40: the rest loads with Dexie).
 */

export { CorruptRecordError, DbError, type DbErrorCode, type ImportIssue } from './db-error';

/** What a refused action left behind, said last in a storage message. */
const NOTHING_SAVED = 'Nothing from this action was saved.';
/** The same for an import (all-or-nothing: one transaction). */
export const IMPORT_NOTHING_CHANGED = 'The file was not imported; nothing changed.';

export class QuotaFullError extends DbError {
  readonly code = 'quota-full';
  override name = 'QuotaFullError';
  constructor(options?: { cause?: unknown; outcome?: string }) {
    super(
      `Storage full — export a backup, then delete old battles to make room. ${options?.outcome ?? NOTHING_SAVED}`,
      { cause: options?.cause }
    );
  }
}

/**
 * The browser closed the database under the app (Chromium does after a disk error at a full
 * device) and opening it again failed: the app tries again at the next action, and a reload is
 * the way out when that keeps failing (the layout's banner offers it).
 */
export class StorageClosedError extends DbError {
  readonly code = 'storage-closed';
  override name = 'StorageClosedError';
  constructor(options?: { cause?: unknown; outcome?: string }) {
    super(
      'Storage full — the browser closed the saved data and cannot open it again yet. Free some space ' +
        `on this device, then try again; if it still fails, reload. ${options?.outcome ?? NOTHING_SAVED}`,
      { cause: options?.cause }
    );
  }
}

export class StorageUnavailableError extends DbError {
  readonly code = 'storage-unavailable';
  override name = 'StorageUnavailableError';
  constructor(detail: string, options?: { cause?: unknown; mayBeFull?: boolean }) {
    super(
      options?.mayBeFull === true
        ? // A full device fails the open with these too (issue 41): the advice must not be only
          // "leave private browsing".
          `This browser cannot open the saved data (${detail}). The device may be full: free some ` +
            'space, then reload. Private browsing or blocked site data also prevent saving.'
        : `This browser cannot store data here (${detail}). Private browsing or blocked site data prevents saving; ` +
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

export { formatIssue } from '../engine/issues';

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

/**
 * `e` and the errors it wraps: Dexie's `inner`, `cause`, and each failure of a bulk operation
 * (a BulkError's `failures`: "events.bulkAdd(): 3 of 4 operations failed" holds the AbortErrors).
 */
function errorsIn(e: unknown): unknown[] {
  const found: unknown[] = [];
  const queue: unknown[] = [e];
  // Bounded: a bulk add of thousands of events fails each one the same way.
  while (queue.length > 0 && found.length < 50) {
    const cur = queue.shift();
    if (typeof cur !== 'object' || cur === null || found.includes(cur)) continue;
    found.push(cur);
    const parts = cur as { inner?: unknown; cause?: unknown; failures?: unknown };
    queue.push(parts.inner, parts.cause);
    if (Array.isArray(parts.failures)) queue.push(...(parts.failures as unknown[]).slice(0, 10));
  }
  return found;
}

/** True when `e` or an error it wraps (Dexie's `inner`, `cause`, a bulk failure) has one of `names`. */
export function hasErrorName(e: unknown, names: readonly string[]): boolean {
  return errorsIn(e).some((cur) => {
    const n = errorName(cur);
    return n !== undefined && names.includes(n);
  });
}

/**
 * What each browser gives when a write meets a full device (issue 41). Chromium fails the
 * transaction with QuotaExceededError ("Encountered disk full while committing transaction.") or
 * UnknownError ("Internal error committing transaction.", "Internal error opening backing store
 * for indexedDB.open.") and each request still pending with AbortError ("The transaction was
 * aborted, so the request cannot be fulfilled."), which names no cause; Firefox and Safari give
 * QuotaExceededError or UnknownError. The app never aborts a transaction itself (a throw inside
 * one rejects with that error), so an AbortError is always the browser refusing to store.
 */
const FULL_NAMES = ['QuotaExceededError', 'UnknownError', 'AbortError'];
/** Dexie's errors for a database that is not open (DatabaseClosedError, or OpenFailedError). */
const CLOSED_NAMES = ['DatabaseClosedError', 'OpenFailedError'];

/**
 * Turns raw IndexedDB / Dexie failures of a write into the typed errors above. `transactionError`
 * is the IDBTransaction's own `error`: where the request's AbortError names no cause, it does.
 */
export function mapStorageError(e: unknown, transactionError?: unknown): unknown {
  if (e instanceof DbError) return e;
  // The browser closed the database under the app, and Dexie's own open again failed (its error,
  // often UnknownError, is inside): first of all the database must open again (Db does).
  if (hasErrorName(e, CLOSED_NAMES)) return new StorageClosedError({ cause: e });
  if (hasErrorName(e, FULL_NAMES) || hasErrorName(transactionError, FULL_NAMES)) {
    return new QuotaFullError({ cause: e });
  }
  return e;
}
