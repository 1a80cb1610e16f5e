import type { Job } from '../config/Job.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { EtherscanClient } from '../etherscan/EtherscanClient.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import type { Pacer } from '../priceSources/priceHttp.js';
import { leaseRateLimiter } from '../etherscan/RateLimiter.js';
import type { PipelineStore } from '../store/PipelineStore.js';
import type { StoreLocation } from '../store/StoreLocation.js';
import { type HeldStore, type LockedStore, openLockedStore } from './LockedStore.js';
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
  /**
   * The run's store, held past this command (a workspace run refreshes the book's table from it after): taken from
   * it rather than opened, and at the command's end only flushed, so a posted write's failure still fails the command.
   */
  held?: HeldStore;
  /** The key's rate limit; default this process's limiter of the key (a workspace worker gives a shared one). */
  limiter?: KeyLimiter;
  /** Each price source's pacer for `openPriceOracle`; default this process's own (a workspace worker shares them on the database). */
  pricePacerFor?: (source: string, rate: number) => Pacer;
  /** The run's stop: the client's calls waiting for a send slot reject at once instead of sending after it. */
  signal?: AbortSignal;
}

/** Locks the book first, so two runs never write one store; then opens it and the client. */
export function openJobRun(job: Job, options: JobRunOptions): JobRun {
  const store = heldOrOpened(job, options);
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

function heldOrOpened(job: Job, options: JobRunOptions): LockedStore {
  const { held } = options;
  if (held === undefined) return openLockedStore(options.store ?? { kind: 'sqlite', file: job.state }, options);
  const store = held.take();
  return { store, close: () => store.flush() };
}
