import type { BlockPlan } from '../sync/planBlockRanges.js';
import type { SyncProgress } from '../sync/progress.js';
import { concurrencyFor } from '../sync/concurrencyFor.js';
import { syncJob } from '../sync/syncJob.js';
import type { SyncReport } from '../sync/syncJob.js';
import type { JobRun } from './JobRun.js';

/** Brings the run's store up to the plan for every wallet of the job. */
export function syncPlan(run: JobRun, plan: BlockPlan, progress: SyncProgress, signal?: AbortSignal): Promise<SyncReport> {
  return syncJob({
    api: run.api,
    store: run.store,
    plan,
    wallets: run.job.wallets,
    ripeness: run.job.ripeness,
    fees: run.job.fees,
    concurrency: concurrencyFor(run.job.api.rate),
    progress,
    ...(signal === undefined ? {} : { signal }),
  });
}
