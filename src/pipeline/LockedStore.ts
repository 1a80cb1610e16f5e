import path from 'node:path';
import { InputError } from '../errors/LedgerscanError.js';
import { KeptLedger } from './KeptLedger.js';
import { makeDirectory } from '../makeDirectory.js';
import { openSqliteStore } from '../store/openSqliteStore.js';
import type { PipelineStore } from '../store/PipelineStore.js';
import { openPostgresStore } from '../store/postgres/openPostgresStore.js';
import { RunLock } from '../store/RunLock.js';
import type { StoreLocation } from '../store/StoreLocation.js';

/** A book's store and its lock: no other run writes the book until `close`. */
export interface LockedStore {
  store: PipelineStore;
  close(): void;
}

export interface LockOptions {
  /** Shown in the SQLite lock file, so a person can tell which run holds the store. */
  command: string;
  log?: (line: string) => void;
}

/**
 * An SQLite file is locked by its `RunLock` file before it is opened; a PostgreSQL book by a session-level
 * advisory lock on the store's own connection, which dies with the session, so a killed worker or a
 * restarted server never leaves the book locked.
 */
export function openLockedStore(location: StoreLocation, options: LockOptions): LockedStore {
  const log = options.log === undefined ? {} : { log: options.log };
  if (location.kind === 'postgres') {
    const store = openPostgresStore(location.url, location.book, log);
    try {
      if (!store.tryLockBook()) {
        throw new InputError(`another ledgerscan run is using book ${location.book}`, {
          details: { fix: 'wait for it; a run that died releases the book when its database session ends' },
        });
      }
    } catch (error) {
      store.close();
      throw error;
    }
    return { store, close: () => store.close() };
  }
  try {
    makeDirectory(path.dirname(location.file));
  } catch (cause) {
    throw new InputError(`cannot create the folder of --state ${location.file}`, { details: { fix: 'choose another --state' }, cause });
  }
  const lock = RunLock.acquire(location.file, options.command);
  let store: PipelineStore;
  try {
    store = openSqliteStore(location.file, log);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    store,
    close() {
      store.close();
      lock.release();
    },
  };
}

/**
 * A run's locked store, opened when its command first asks for it and kept until the run ends: a workspace run's
 * command and the refresh of the book's transactions table after it read one store. On PostgreSQL each open was a
 * thread taken, its session checked, the schema read and the book locked; twice a run until 2026-11-29.
 */
export class HeldStore {
  private held: LockedStore | undefined;
  /** The command's whole ledger, when it read one: the refresh after it takes the entries instead of reading them again. */
  readonly ledger = new KeptLedger();

  constructor(
    private readonly location: StoreLocation,
    private readonly options: LockOptions,
  ) {}

  /** Locked and opened at the first call; the same store from then on. */
  take(): PipelineStore {
    this.held ??= openLockedStore(this.location, this.options);
    return this.held.store;
  }

  /** The store once a command took it: a reader that must not create a store (a book never synced) asks this. */
  get opened(): PipelineStore | undefined {
    return this.held?.store;
  }

  /** Releases the book; a write posted to PostgreSQL that failed since the last `flush` is thrown here. */
  close(): void {
    const held = this.held;
    this.held = undefined;
    held?.close();
  }
}
