import type { Job } from '../config/Job.js';
import type { ApiStats } from '../etherscan/EtherscanApi.js';
import type { SyncProgress } from '../sync/progress.js';
import type { SyncReport } from '../sync/syncJob.js';
import { fullHistoryPlan } from './fullHistoryPlan.js';
import type { JobRunOptions } from './JobRun.js';
import { openJobRun } from './JobRun.js';
import { syncPlan } from './syncPlan.js';

export interface SyncOptions extends JobRunOptions {
  progress: SyncProgress;
  signal?: AbortSignal;
}

/** `ledgerscan sync`: the store up to the ripe head of every chain, no files written. */
export async function runSync(job: Job, options: SyncOptions): Promise<{ sync: SyncReport; api: ApiStats }> {
  const run = openJobRun(job, options);
  try {
    const plan = await fullHistoryPlan(run.api, job.chains);
    const sync = await syncPlan(run, plan, options.progress, options);
    return { sync, api: run.api.stats };
  } finally {
    run.close();
  }
}
