import type { BlockPlan } from '../sync/planBlockRanges.js';
import type { SyncProgress } from '../sync/progress.js';
import { concurrencyFor } from '../sync/concurrencyFor.js';
import { estimateCalls } from '../sync/estimateCalls.js';
import { syncJob } from '../sync/syncJob.js';
import type { SyncJobInput, SyncReport } from '../sync/syncJob.js';
import type { JobRun } from './JobRun.js';

/** How one sync of a run goes: its signal, `refetch` (synced blocks fetched again too), `onListed` (see `syncJob`). */
export type SyncPlanOptions = Pick<SyncJobInput, 'signal' | 'refetch' | 'onListed'>;

/** Brings the run's store up to the plan for every wallet of the job; a cold sync first says what it will cost. */
export async function syncPlan(run: JobRun, plan: BlockPlan, progress: SyncProgress, options: SyncPlanOptions = {}): Promise<SyncReport> {
  const { job } = run;
  progress.estimate(
    await estimateCalls({ api: run.api, store: run.store, plan, wallets: job.wallets, fees: job.fees, ripeness: job.ripeness }),
  );
  return syncJob({
    api: run.api,
    store: run.store,
    plan,
    wallets: job.wallets,
    ripeness: job.ripeness,
    fees: job.fees,
    concurrency: concurrencyFor(job.api.rate),
    progress,
    // Picked one by one: callers pass their whole options.
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.refetch === undefined ? {} : { refetch: options.refetch }),
    ...(options.onListed === undefined ? {} : { onListed: options.onListed }),
  });
}
