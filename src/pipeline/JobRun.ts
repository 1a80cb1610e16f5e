import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Job } from '../config/Job.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { InputError } from '../errors/LedgerscanError.js';
import { EtherscanClient } from '../etherscan/EtherscanClient.js';
import { leaseRateLimiter } from '../etherscan/RateLimiter.js';
import { openStore } from '../store/openStore.js';
import { RunLock } from '../store/RunLock.js';
import type { Store } from '../store/Store.js';

/** What one command holds while it works on a job: the locked store and the API client. */
export interface JobRun {
  job: Job;
  store: Store;
  api: EtherscanApi;
  close(): void;
}

export interface JobRunOptions {
  /** Shown in the lock file, so a person can tell which run holds the store. */
  command: string;
  /** Redacted one-line notes of the client (retries, backoffs) and of a store upgrade. */
  log?: (line: string) => void;
}

/** Takes the store's lock first, so two runs never write one store; then opens it and the client. */
export function openJobRun(job: Job, options: JobRunOptions): JobRun {
  try {
    mkdirSync(path.dirname(job.state), { recursive: true });
  } catch (cause) {
    throw new InputError(`cannot create the folder of --state ${job.state}`, { details: { fix: 'choose another --state' }, cause });
  }
  const lock = RunLock.acquire(job.state, options.command);
  let store: Store;
  try {
    store = openStore(job.state, options.log === undefined ? {} : { log: options.log });
  } catch (error) {
    lock.release();
    throw error;
  }
  const lease = leaseRateLimiter(job.api.apiKey, job.api.rate);
  const api = new EtherscanClient({
    baseUrl: job.api.baseUrl,
    apiKey: job.api.apiKey,
    rate: job.api.rate,
    limiter: lease.limiter,
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  return {
    job,
    store,
    api,
    close() {
      store.close();
      lock.release();
      lease.release();
    },
  };
}
