import type { Job } from '../config/Job.js';
import { openRunPriceOracle } from './openRunPriceOracle.js';
import type { Instant } from '../config/parseInstant.js';
import { walletsOnChains } from '../reconcile/walletsOnChains.js';
import type { ApiStats } from '../etherscan/EtherscanApi.js';
import { balancesAt, type BalancesAtResult } from '../reconcile/balancesAt.js';
import { type BalancesReport, writeBalancesReport } from './balancesReport.js';
import type { SyncProgress } from '../sync/progress.js';
import type { SyncReport } from '../sync/syncJob.js';
import { ensureWritableDir } from './ensureWritableDir.js';
import { fullHistoryPlan } from './fullHistoryPlan.js';
import { type JobRunOptions, openJobRun } from './JobRun.js';
import { ledgerFromStore } from './ledgerFromStore.js';
import { syncPlan } from './syncPlan.js';
import { pricedBucket, valueHoldings } from './valueHoldings.js';

export interface BalancesRunOptions extends JobRunOptions {
  progress: SyncProgress;
  at: Instant;
  check: 'auto' | 'off';
  /** The statement's file name in the job's out dir (default balances.csv). */
  fileName?: string;
  signal?: AbortSignal;
}

export interface BalancesRunResult {
  sync: SyncReport;
  api: ApiStats;
  result: BalancesAtResult;
  report: BalancesReport;
}

/**
 * Holdings at an instant: the store brought up to the ripe head (incrementally, so the instant is covered on
 * every chain), the ledger rolled forward to the instant, each asset checked at the chain's block for it. A future
 * instant is refused by the `balances` run kind before this runs.
 */
export async function runBalances(job: Job, options: BalancesRunOptions): Promise<BalancesRunResult> {
  ensureWritableDir(job.out, '--out');
  const run = openJobRun(job, options);
  try {
    const plan = await fullHistoryPlan(run.api, job.chains);
    const sync = await syncPlan(run, plan, options.progress, options);
    const blockByChain = new Map<number, number>();
    for (const { chainId, toBlock } of sync.chains) {
      const block = await run.api.blockNumberByTime(chainId, options.at.time, 'before');
      // The ripe head may lie before the instant (a minute ago): the synced block is then the last one known.
      blockByChain.set(chainId, Math.min(block, toBlock));
    }
    const result = await balancesAt({
      api: run.api,
      entries: ledgerFromStore(run.store, job, sync.chains)(),
      at: options.at,
      wallets: walletsOnChains(job.wallets, sync.chains),
      blockByChain,
      check: options.check,
    });
    const oracle = openRunPriceOracle(run, options);
    const values =
      oracle === undefined
        ? undefined
        : await valueHoldings(
            oracle,
            result.rows.map(({ bucket, balance }) => ({ asset: pricedBucket(bucket), balance, time: options.at.time })),
          );
    const report = await writeBalancesReport(result, job.out, options.fileName, values);
    return { sync, api: run.api.stats, result, report };
  } finally {
    run.close();
  }
}
