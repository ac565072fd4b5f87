import { Dexie } from 'dexie';
import { uuidv7 } from '../battle/ids';
import {
  DbError,
  NewerSchemaError,
  StorageClosedError,
  StorageUnavailableError,
  VersionChangedError,
  hasErrorName,
  mapStorageError
} from './errors';
import { META_KEY, metaRecordSchema, type MetaRecord } from './records';
import {
  QuarterdeckDexie,
  SCHEMA_VERSION,
  TABLE_NAMES,
  type IdbDeps,
  type TableName,
  type Tables
} from './schema';
import { defaultStorage, requestPersistence, type StorageManagerLike } from './persistence';

import { DB_NAME } from './identity';
import { APP_VERSION } from './app-version';

export { DB_NAME };

/**
 * - open: normal.
 * - read-only: the data on disk is from a newer Quarterdeck; reads work, writes throw NewerSchemaError.
 * - closed-by-upgrade: another tab upgraded the schema; this connection closed so the upgrade could
 *   run (every committed write is kept); the UI shows a reload banner.
 * - closed-by-browser: the browser closed the database under the app (Chromium does after a disk
 *   error at a full device) and opening it again failed; the next action tries again, and the UI
 *   offers a reload meanwhile. Back to open (or read-only) once an open succeeds.
 */
export type DbStatus = 'open' | 'read-only' | 'closed-by-upgrade' | 'closed-by-browser';

export interface OpenOptions {
  name?: string;
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  appVersion?: string;
  now?: () => number;
  randomBytes?: (n: number) => Uint8Array;
  /** navigator.storage or a stand-in; null: none. */
  storage?: StorageManagerLike | null;
  /**
   * Called when opening waits for another connection (a tab still running an older Quarterdeck
   * that does not let go of the database): the UI says what blocks it instead of waiting silently.
   */
  onBlocked?: () => void;
}

function cryptoRandomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** One open database connection with its status, id source and transaction helpers. */
export class Db {
  #status: DbStatus;
  #listeners = new Set<(status: DbStatus) => void>();
  #persistAsked = false;
  /** close() was called: the app let go of the database, so nothing opens it again. */
  #isClosedByApp = false;
  readonly readOnlyReason: NewerSchemaError | null;
  /**
   * True when this open created the database (no meta record was there): a first visit, or the
   * browser cleared the site's data. With a marker outside IndexedDB the UI tells the two apart.
   */
  isNewDatabase = false;

  constructor(
    readonly dexie: Dexie,
    readonly meta: MetaRecord,
    readonly appVersion: string,
    private readonly clock: () => number,
    private readonly randomBytes: (n: number) => Uint8Array,
    private readonly storage: StorageManagerLike | null,
    readOnlyReason: NewerSchemaError | null
  ) {
    this.readOnlyReason = readOnlyReason;
    this.#status = readOnlyReason ? 'read-only' : 'open';
    dexie.on('versionchange', () => {
      // Close instead of blocking the other tab's upgrade; Dexie would otherwise auto-reopen
      // this connection at our (now outdated) version. IndexedDB lets running transactions finish.
      dexie.close({ disableAutoOpen: true });
      this.#setStatus('closed-by-upgrade');
      return false;
    });
  }

  #setStatus(status: DbStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const l of this.#listeners) l(status);
  }

  get status(): DbStatus {
    return this.#status;
  }

  get deviceId(): string {
    return this.meta.deviceId;
  }

  /** Called when the status changes (e.g. to show the reload banner); returns an unsubscribe. */
  onStatusChange(listener: (status: DbStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  now(): number {
    return this.clock();
  }

  newId(): string {
    return uuidv7(this.clock(), this.randomBytes(10));
  }

  table<K extends TableName>(name: K): Tables[K] {
    return this.dexie.table(name) as Tables[K];
  }

  #checkOpen(): void {
    if (this.#status === 'closed-by-upgrade') throw new VersionChangedError();
  }

  /**
   * Opens the database again when the browser closed it under the app (issue 41). Dexie opens it
   * by itself only once: after that open failed (a disk still full), every later call said
   * "Database has been closed" until a reload. Here each action tries again, so the first one
   * after space was freed saves.
   */
  async #ready(): Promise<void> {
    this.#checkOpen();
    if (this.#isClosedByApp || this.dexie.isOpen()) return;
    try {
      await this.dexie.open();
    } catch (e) {
      if (hasErrorName(e, ['VersionError'])) {
        // Another tab upgraded the schema while this connection was closed.
        this.dexie.close({ disableAutoOpen: true });
        this.#setStatus('closed-by-upgrade');
        throw new VersionChangedError();
      }
      this.#setStatus('closed-by-browser');
      throw new StorageClosedError({ cause: e });
    }
    if (this.#status === 'closed-by-browser') {
      this.#setStatus(this.readOnlyReason ? 'read-only' : 'open');
    }
  }

  /** A read-only transaction over `tables`; `fn` must await nothing but Dexie. */
  async read<T>(tables: readonly TableName[], fn: () => Promise<T>): Promise<T> {
    await this.#ready();
    try {
      return await this.dexie.transaction('r', tables as TableName[], fn);
    } catch (e) {
      throw this.#mapError(e);
    }
  }

  /**
   * One user action = one read-write transaction: everything in `fn` commits together or not at
   * all. `fn` must await nothing but Dexie (a foreign await would commit the transaction early).
   */
  async write<T>(tables: readonly TableName[], fn: () => Promise<T>): Promise<T> {
    this.#checkOpen();
    if (this.readOnlyReason) throw this.readOnlyReason;
    await this.#ready();
    let result: T;
    let idbTransaction: IDBTransaction | undefined;
    try {
      result = await this.dexie.transaction('rw', tables as TableName[], () => {
        // Kept for its `error`: the cause a request's AbortError does not name (mapStorageError).
        idbTransaction = Dexie.currentTransaction?.idbtrans;
        return fn();
      });
    } catch (e) {
      throw this.#mapError(e, errorOf(idbTransaction));
    }
    this.#askPersistenceOnce();
    return result;
  }

  #mapError(e: unknown, transactionError?: unknown): unknown {
    if (e instanceof DbError) return e;
    if (this.#status === 'closed-by-upgrade') return new VersionChangedError();
    // The app's own close() (tests, a failed open): Dexie's error as it is.
    if (this.#isClosedByApp && hasErrorName(e, ['DatabaseClosedError'])) return e;
    return mapStorageError(e, transactionError);
  }

  /** The promise of the persistence request (null before the first save); for tests and Settings. */
  persistence: Promise<boolean | null> | null = null;

  #askPersistenceOnce(): void {
    if (this.#persistAsked) return;
    this.#persistAsked = true;
    this.persistence = requestPersistence(this.storage).catch(() => null);
  }

  close(): void {
    this.#isClosedByApp = true;
    this.dexie.close({ disableAutoOpen: true });
  }
}

/** A transaction's `error`; older browsers throw while it is not finished. */
function errorOf(transaction: IDBTransaction | undefined): unknown {
  try {
    return transaction?.error ?? undefined;
  } catch {
    return undefined;
  }
}

function depsFrom(options: OpenOptions): IdbDeps {
  const indexedDB =
    options.indexedDB ??
    (typeof globalThis.indexedDB === 'undefined' ? undefined : globalThis.indexedDB);
  const keyRange =
    options.IDBKeyRange ??
    (typeof globalThis.IDBKeyRange === 'undefined' ? undefined : globalThis.IDBKeyRange);
  if (!indexedDB || !keyRange) throw new StorageUnavailableError('IndexedDB is not available');
  return { indexedDB, IDBKeyRange: keyRange };
}

const UNAVAILABLE_NAMES = [
  'MissingAPIError',
  'SecurityError',
  'InvalidStateError',
  'UnknownError',
  'NotAllowedError',
  'NotSupportedError',
  'QuotaExceededError'
];

/** What a full device fails an open (or its first write, the meta record) with (issue 41). */
const FULL_AT_OPEN_NAMES = ['QuotaExceededError', 'UnknownError', 'AbortError'];

function openError(e: unknown): unknown {
  if (e instanceof DbError) return e;
  const mayBeFull = hasErrorName(e, FULL_AT_OPEN_NAMES);
  if (mayBeFull || hasErrorName(e, UNAVAILABLE_NAMES)) {
    const msg = e instanceof Error ? e.message : String(e);
    return new StorageUnavailableError(msg || 'IndexedDB refused to open', { cause: e, mayBeFull });
  }
  return e;
}

/**
 * Opens the database. Never falls back to memory: a browser that cannot store gets
 * StorageUnavailableError. Data from a newer Quarterdeck opens read-only.
 */
export async function openDatabase(options: OpenOptions = {}): Promise<Db> {
  const name = options.name ?? DB_NAME;
  const deps = depsFrom(options);
  const appVersion = options.appVersion ?? APP_VERSION;
  const now = options.now ?? (() => Date.now());
  const randomBytes = options.randomBytes ?? cryptoRandomBytes;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;

  // Probe the version on disk first, without declaring a schema: opening a newer database with our
  // older schema would make Dexie "patch" it toward ours, and that must never happen.
  const diskVersion = await probeVersion(name, deps);
  if (diskVersion !== null && diskVersion > SCHEMA_VERSION) {
    const dynamic = new Dexie(name, { ...deps, autoOpen: false });
    try {
      await dynamic.open();
    } catch (e) {
      throw openError(e);
    }
    const reason = new NewerSchemaError(diskVersion, SCHEMA_VERSION);
    const meta = await readMetaLeniently(dynamic, now);
    return new Db(dynamic, meta, appVersion, now, randomBytes, storage, reason);
  }

  const dexie = new QuarterdeckDexie(name, deps);
  if (options.onBlocked) dexie.on('blocked', options.onBlocked);
  try {
    await dexie.open();
  } catch (e) {
    if (hasErrorName(e, ['VersionError'])) {
      // Upgraded by another tab between the probe and now.
      dexie.close({ disableAutoOpen: true });
      return openDatabase(options);
    }
    throw openError(e);
  }
  let meta: MetaRecord;
  let isNewDatabase = false;
  try {
    meta = await dexie.transaction('rw', dexie.meta, async () => {
      const stored = await dexie.meta.get(META_KEY);
      isNewDatabase = stored === undefined;
      const parsed = stored === undefined ? null : metaRecordSchema.safeParse(stored);
      const base: MetaRecord =
        parsed?.success === true
          ? parsed.data
          : {
              key: META_KEY,
              schemaVersion: SCHEMA_VERSION,
              appVersion,
              deviceId: uuidv7(now(), randomBytes(10)),
              createdAt: now()
            };
      const next: MetaRecord = { ...base, schemaVersion: SCHEMA_VERSION, appVersion };
      if (
        !stored ||
        parsed?.success !== true ||
        base.appVersion !== appVersion ||
        base.schemaVersion !== SCHEMA_VERSION
      ) {
        await dexie.meta.put(next);
      }
      return next;
    });
  } catch (e) {
    dexie.close({ disableAutoOpen: true });
    throw openError(e);
  }
  const db = new Db(dexie, meta, appVersion, now, randomBytes, storage, null);
  db.isNewDatabase = isNewDatabase;
  return db;
}

/** The Dexie version of the database on disk, or null when there is none yet. */
async function probeVersion(name: string, deps: IdbDeps): Promise<number | null> {
  const probe = new Dexie(name, { ...deps, autoOpen: false });
  try {
    await probe.open();
    return probe.verno;
  } catch (e) {
    if (hasErrorName(e, ['NoSuchDatabaseError'])) return null;
    throw openError(e);
  } finally {
    probe.close({ disableAutoOpen: true });
  }
}

async function readMetaLeniently(dexie: Dexie, now: () => number): Promise<MetaRecord> {
  const fallback: MetaRecord = {
    key: META_KEY,
    schemaVersion: SCHEMA_VERSION,
    appVersion: 'unknown',
    deviceId: 'read-only',
    createdAt: now()
  };
  if (!dexie.tables.some((t) => t.name === 'meta')) return fallback;
  try {
    const raw: unknown = await dexie.table('meta').get(META_KEY);
    const r = metaRecordSchema.safeParse(raw);
    return r.success ? r.data : fallback;
  } catch {
    return fallback;
  }
}

export { TABLE_NAMES };
