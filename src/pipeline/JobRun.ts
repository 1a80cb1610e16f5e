import path from 'node:path';
import type { Job } from '../config/Job.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { InputError } from '../errors/LedgerscanError.js';
import { EtherscanClient } from '../etherscan/EtherscanClient.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import type { Pacer } from '../priceSources/priceHttp.js';
import { leaseRateLimiter } from '../etherscan/RateLimiter.js';
import { openSqliteStore } from '../store/openSqliteStore.js';
import type { PipelineStore } from '../store/PipelineStore.js';
import { openPostgresStore } from '../store/postgres/openPostgresStore.js';
import { RunLock } from '../store/RunLock.js';
import type { StoreLocation } from '../store/StoreLocation.js';
import { makeDirectory } from '../makeDirectory.js';
import { RememberingApi } from '../sync/RememberingApi.js';

/** What one command holds while it works on a job: the locked store and the API client. */
export interface JobRun {
  job: Job;
  store: PipelineStore;
  api: EtherscanApi;
  /** The key's limiter the client paces on: Etherscan's price source shares it, so prices never exceed the key's rate. */
  keyLimiter: KeyLimiter;
  close(): void;
}

/** What every pipeline command (`runExport`, `runSync`, …) takes besides its job, and hands to `openJobRun`. */
export interface JobRunOptions {
  /** Shown in the lock file, so a person can tell which run holds the store. */
  command: string;
  /** Redacted one-line notes of the client (retries, backoffs) and of a store upgrade. */
  log?: (line: string) => void;
  /** Where the book's store lives; default the job's `--state` file. */
  store?: StoreLocation;
  /** The key's rate limit; default this process's limiter of the key (a workspace worker gives a shared one). */
  limiter?: KeyLimiter;
  /** Each price source's pacer for `openPriceOracle`; default this process's own (a workspace worker shares them on the database). */
  pricePacerFor?: (source: string, rate: number) => Pacer;
  /** The run's stop: the client's calls waiting for a send slot reject at once instead of sending after it. */
  signal?: AbortSignal;
}

/** Locks the book first, so two runs never write one store; then opens it and the client. */
export function openJobRun(job: Job, options: JobRunOptions): JobRun {
  const store = openLockedStore(options.store ?? { kind: 'sqlite', file: job.state }, options);
  const lease =
    options.limiter === undefined ? leaseRateLimiter(job.api.apiKey, job.api.rate) : { limiter: options.limiter, release: () => undefined };
  const client = new EtherscanClient({
    baseUrl: job.api.baseUrl,
    apiKey: job.api.apiKey,
    rate: job.api.rate,
    historicalRate: job.api.historicalRate,
    limiter: lease.limiter,
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  // What the API cannot answer otherwise any more is kept in the book's store and not asked again.
  const api = new RememberingApi(client, store.store.finalAnswers, job.ripeness);
  return {
    job,
    store: store.store,
    api,
    keyLimiter: lease.limiter,
    close() {
      // The store's close can throw: a page posted to PostgreSQL failed after the run's last read.
      try {
        store.close();
      } finally {
        lease.release();
      }
    },
  };
}

/**
 * An SQLite file is locked by its `RunLock` file before it is opened; a PostgreSQL book by a session-level
 * advisory lock on the store's own connection, which dies with the session, so a killed worker or a
 * restarted server never leaves the book locked.
 */
function openLockedStore(location: StoreLocation, options: JobRunOptions): { store: PipelineStore; close(): void } {
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
