import type { BlockPlan } from '../sync/planBlockRanges.js';
import type { SyncProgress } from '../sync/progress.js';
import { concurrencyFor } from '../sync/concurrencyFor.js';
import { estimateCalls } from '../sync/estimateCalls.js';
import { syncJob } from '../sync/syncJob.js';
import type { SyncReport } from '../sync/syncJob.js';
import type { JobRun } from './JobRun.js';

/**
 * Brings the run's store up to the plan for every wallet of the job; a cold sync first says what it will cost.
 * `refetch` fetches synced blocks again too.
 */
export async function syncPlan(run: JobRun, plan: BlockPlan, progress: SyncProgress, signal?: AbortSignal, refetch = false): Promise<SyncReport> {
  const { job } = run;
  progress.estimate(await estimateCalls({ api: run.api, store: run.store, plan, wallets: job.wallets, fees: job.fees, ripeness: job.ripeness }));
  return syncJob({
    api: run.api,
    store: run.store,
    plan,
    wallets: job.wallets,
    ripeness: job.ripeness,
    fees: job.fees,
    concurrency: concurrencyFor(job.api.rate),
    progress,
    ...(signal === undefined ? {} : { signal }),
    refetch,
  });
}
