import { getChain } from '../chains/chains.js';
import { feeRule } from '../chains/feeRule.js';
import type { Job } from '../config/Job.js';
import type { ApiStats } from '../etherscan/EtherscanApi.js';
import { writeManifest } from '../output/writeManifest.js';
import { planBlockRanges } from '../sync/planBlockRanges.js';
import type { SyncProgress } from '../sync/progress.js';
import type { SyncReport } from '../sync/syncJob.js';
import { renderTemplates } from '../templates/renderTemplates.js';
import type { TemplateResult } from '../templates/renderTemplates.js';
import { ensureWritableDir } from './ensureWritableDir.js';
import { jobTemplates } from './jobTemplates.js';
import type { JobRunOptions } from './JobRun.js';
import { openJobRun } from './JobRun.js';
import { ledgerFromStore } from './ledgerFromStore.js';
import { ledgerParts } from './ledgerParts.js';
import { syncPlan } from './syncPlan.js';
import { toolVersion } from './toolVersion.js';

export interface ExportOptions extends JobRunOptions {
  progress: SyncProgress;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface ExportResult {
  sync: SyncReport;
  api: ApiStats;
  templates: TemplateResult[];
  manifest: string;
}

/**
 * plan → sync → ledger → templates → manifest. Every input problem (job, templates, out dir) is
 * found before the lock is taken or a request sent, so a bad run leaves no output and an
 * untouched store.
 */
export async function runExport(job: Job, options: ExportOptions): Promise<ExportResult> {
  const templates = jobTemplates(job);
  ensureWritableDir(job.out, '--out');
  const now = options.now ?? (() => new Date());
  const run = openJobRun(job, options);
  try {
    const plan = await planBlockRanges(run.api, job.chains, job.period, now);
    const sync = await syncPlan(run, plan, options.progress, options.signal);
    const results = await renderTemplates({
      entries: ledgerFromStore(run.store, job, sync.chains),
      parts: ledgerParts(run.store, job, sync.chains),
      templates,
      outDir: job.out,
      context: { timezone: job.timezone },
    });
    const manifest = await writeManifest(job.out, {
      toolVersion: toolVersion(),
      job,
      blockRanges: Object.fromEntries(sync.chains.map((chain) => [chain.chainId, { fromBlock: chain.fromBlock, toBlock: chain.toBlock }])),
      skippedChains: sync.skippedChains,
      feeRules: Object.fromEntries(job.chains.map((chainId) => [chainId, feeRule(getChain(chainId))])),
      counts: Object.fromEntries(results.map((result) => [`rows.${result.template}`, result.rows])),
      files: results.flatMap((result) => result.files),
      generatedAt: now().toISOString(),
    });
    return { sync, api: run.api.stats, templates: results, manifest };
  } finally {
    run.close();
  }
}
