import type { Job } from '../config/Job.js';
import { openRunPriceOracle } from './openRunPriceOracle.js';
import { walletsOnChains } from '../reconcile/walletsOnChains.js';
import type { ApiStats } from '../etherscan/EtherscanApi.js';
import { reconcile } from '../reconcile/reconcile.js';
import type { ReconcileResult } from '../reconcile/reconcile.js';
import { writeReconcileReport } from './reconcileReport.js';
import type { ReconcileReport } from './reconcileReport.js';
import type { SyncProgress } from '../sync/progress.js';
import type { SyncReport } from '../sync/syncJob.js';
import { ensureWritableDir } from './ensureWritableDir.js';
import { fullHistoryPlan } from './fullHistoryPlan.js';
import type { JobRunOptions } from './JobRun.js';
import { openJobRun } from './JobRun.js';
import { ledgerFromStore } from './ledgerFromStore.js';
import { syncPlan } from './syncPlan.js';
import { pricedBucket, valueHoldings } from './valueHoldings.js';
import { closingInstant } from '../config/periodInstants.js';
import type { LegValue } from '../prices/valueLeg.js';

export interface ReconcileRunOptions extends JobRunOptions {
  progress: SyncProgress;
  historical: 'auto' | 'off';
  signal?: AbortSignal;
}

export interface ReconcileRunResult {
  sync: SyncReport;
  api: ApiStats;
  result: ReconcileResult;
  report: ReconcileReport;
  /** Each bucket's closing value (in `result.buckets` order) when the job is valued. */
  closingValues: readonly LegValue[] | undefined;
}

/**
 * The nightly check: the store up to the ripe head (incrementally), the whole history rolled
 * forward, the job's period reported, every asset compared with the chain.
 */
export async function runReconcile(job: Job, options: ReconcileRunOptions): Promise<ReconcileRunResult> {
  ensureWritableDir(job.out, '--out');
  const run = openJobRun(job, options);
  try {
    const plan = await fullHistoryPlan(run.api, job.chains);
    const sync = await syncPlan(run, plan, options.progress, options);
    const ledger = ledgerFromStore(run.store, job, sync.chains);
    const result = await reconcile({
      api: run.api,
      // Kept for the book's table refreshed after a workspace run: the same entries over the same blocks.
      entries: options.held?.ledger.keep(job, sync.chains, ledger) ?? ledger,
      period: job.period,
      syncedBlockByChain: new Map(sync.chains.map((chain) => [chain.chainId, chain.toBlock])),
      historical: options.historical,
      // Only on the synced chains: one the plan does not serve is skipped and reported by the sync, as export does.
      wallets: walletsOnChains(job.wallets, sync.chains),
    });
    const closing = result.buckets.map(({ bucket }) => ({
      asset: pricedBucket(bucket),
      balance: bucket.closing,
      // The closing instant, the period's last second: what `balances --at <last day>` and the journal's last `P` value.
      time: closingInstant(job.period),
    }));
    const oracle = openRunPriceOracle(run, options);
    const values = oracle === undefined ? undefined : await valueHoldings(oracle, closing);
    // The compared ledger balance is at the synced block: its own date is what the report shows beside it.
    const syncedBlockTimes = new Map<number, number>();
    for (const chain of sync.chains) syncedBlockTimes.set(chain.chainId, await run.api.blockTime(chain.chainId, chain.toBlock));
    const report = await writeReconcileReport(result, job.out, syncedBlockTimes, values);
    return { sync, api: run.api.stats, result, report, closingValues: values };
  } finally {
    run.close();
  }
}
