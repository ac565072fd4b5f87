import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import {
  ImportInvalidError,
  QuotaFullError,
  StorageClosedError,
  hasErrorName,
  mapStorageError
} from './errors';

/**
 * The errors a full device gives (issue 41), built as the browsers raise them and Dexie wraps
 * them: a DOMException with the browser's name and text, inside the Dexie error its promise
 * rejects with (Dexie.errnames; `inner` is the DOMException, the message both texts).
 */

const STORAGE_FULL =
  'Storage full — export a backup, then delete old battles to make room. Nothing from this action was saved.';

/** What IndexedDB sets on the transaction (IDBTransaction.error) when it gives up. */
const chromiumDiskFull = () =>
  new DOMException('Encountered disk full while committing transaction.', 'QuotaExceededError');
const chromiumCommitFailed = () =>
  new DOMException('Internal error committing transaction.', 'UnknownError');
const chromiumBackingStore = () =>
  new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');

/** A request still pending when the transaction was aborted (Dexie's mapError of request.error). */
function requestAborted(): Error {
  const dom = new DOMException(
    'The transaction was aborted, so the request cannot be fulfilled.',
    'AbortError'
  );
  return new Dexie.AbortError(dom.message, dom);
}

describe('mapStorageError: every way a browser refuses a write at a full device', () => {
  it('Chromium, a request pending when the disk filled: AbortError naming no cause, the cause on the transaction', () => {
    // The issue's first refused action: "The transaction was aborted, so the request cannot be
    // fulfilled. AbortError: …" (Dexie's text holds the browser's twice).
    const e = requestAborted();
    expect(e.name).toBe(Dexie.errnames.Abort);
    expect(e.message).toContain('AbortError: The transaction was aborted');
    for (const cause of [chromiumDiskFull(), chromiumCommitFailed()]) {
      const mapped = mapStorageError(e, cause);
      expect(mapped).toBeInstanceOf(QuotaFullError);
      expect((mapped as Error).message).toBe(STORAGE_FULL);
    }
    // Without the transaction's error (a browser that gave none) the AbortError alone says it.
    expect(mapStorageError(requestAborted())).toBeInstanceOf(QuotaFullError);
  });

  it('Chromium, the commit failed: Dexie AbortError wrapping QuotaExceededError or UnknownError', () => {
    // Transaction.onabort: new exceptions.Abort(idbtrans.error).
    for (const inner of [chromiumDiskFull(), chromiumCommitFailed()]) {
      const e = new Dexie.AbortError(inner);
      expect(e.name).toBe(Dexie.errnames.Abort);
      expect(mapStorageError(e)).toBeInstanceOf(QuotaFullError);
    }
  });

  it('a bulk add (an import) whose operations were aborted: BulkError holding the AbortErrors', () => {
    // "events.bulkAdd(): 3 of 4 operations failed. Errors: AbortError: …" (issue 41, item 3).
    const e = new Dexie.BulkError('events.bulkAdd(): 3 of 4 operations failed', {
      1: requestAborted(),
      2: requestAborted(),
      3: requestAborted()
    });
    expect(e.name).toBe('BulkError');
    expect(mapStorageError(e)).toBeInstanceOf(QuotaFullError);
    expect(mapStorageError(e, chromiumDiskFull())).toBeInstanceOf(QuotaFullError);
  });

  it('Firefox and Safari: QuotaExceededError or UnknownError on the request, as DOMException or Dexie error', () => {
    const firefoxQuota = new DOMException(
      'The current transaction exceeded its quota limitations.',
      'QuotaExceededError'
    );
    const unknown = new DOMException(
      'The operation failed for reasons unrelated to the database itself and not covered by any other error code.',
      'UnknownError'
    );
    for (const e of [
      firefoxQuota,
      new Dexie.QuotaExceededError(firefoxQuota.message, firefoxQuota),
      unknown,
      new Dexie.UnknownError(unknown.message, unknown),
      chromiumBackingStore()
    ]) {
      expect(mapStorageError(e)).toBeInstanceOf(QuotaFullError);
    }
  });

  it('the database closed under the app: DatabaseClosedError (with the failed open inside) says to free space or reload', () => {
    // What every later action gave before: Dexie's open again failed, then "Database has been closed".
    const afterFailedOpen = new Dexie.DatabaseClosedError(chromiumBackingStore());
    const plain = new Dexie.DatabaseClosedError();
    const openFailed = new Dexie.OpenFailedError(chromiumBackingStore());
    expect(plain.message).toBe('Database has been closed');
    for (const e of [afterFailedOpen, plain, openFailed]) {
      const mapped = mapStorageError(e);
      expect(mapped).toBeInstanceOf(StorageClosedError);
      expect((mapped as Error).message).toMatch(/^Storage full — .*reload.*Nothing from this/);
    }
  });

  it('leaves what is not storage alone: a typed error, a constraint, a bug', () => {
    const invalid = new ImportInvalidError([{ path: 'x', reason: 'bad' }]);
    expect(mapStorageError(invalid)).toBe(invalid);
    const constraint = new Dexie.ConstraintError(
      'Key already exists in the object store.',
      new DOMException('Key already exists in the object store.', 'ConstraintError')
    );
    expect(mapStorageError(constraint, constraint.inner)).toBe(constraint);
    const bug = new TypeError('x is undefined');
    expect(mapStorageError(bug, null)).toBe(bug);
  });

  it('hasErrorName finds a name inside `inner`, `cause` and a bulk failure', () => {
    const deep = new Error('outer', { cause: new Dexie.AbortError(chromiumDiskFull()) });
    expect(hasErrorName(deep, ['QuotaExceededError'])).toBe(true);
    expect(hasErrorName(deep, ['VersionError'])).toBe(false);
    expect(hasErrorName('QuotaExceededError', ['QuotaExceededError'])).toBe(false);
  });
});
