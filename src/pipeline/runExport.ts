import { exportWarnings } from './exportWarnings.js';
import { getChain } from '../chains/chains.js';
import { openRunPriceOracle } from './openRunPriceOracle.js';
import { feeRule } from '../chains/feeRule.js';
import type { Job } from '../config/Job.js';
import type { ApiStats } from '../etherscan/EtherscanApi.js';
import { writeManifest } from '../output/writeManifest.js';
import { writeBalanceSeriesFile } from '../output/balanceSeriesFile.js';
import { balanceSeries } from '../holdings/balanceSeries.js';
import { planBlockRanges } from '../sync/planBlockRanges.js';
import type { SyncProgress } from '../sync/progress.js';
import type { ListedSync, SyncReport } from '../sync/syncJob.js';
import type { BlockPlan } from '../sync/planBlockRanges.js';
import { chainBalanceReader } from './chainBalanceReader.js';
import { renderTemplates } from './renderTemplates.js';
import type { TemplateResult } from './renderTemplates.js';
import { TIEOUT_FILE, TIEOUT_XLSX } from '../templates/tieoutSheet.js';
import path from 'node:path';
import { ensureWritableDir } from './ensureWritableDir.js';
import { fetchCounterpartyTags, type CounterpartyLabelReport } from './fetchCounterpartyTags.js';
import { jobTemplates } from './jobTemplates.js';
import type { JobRunOptions } from './JobRun.js';
import { openJobRun } from './JobRun.js';
import { ledgerFromStore } from './ledgerFromStore.js';
import { ledgerParts } from './ledgerParts.js';
import { overrideReport, type OverrideReport } from './overrideReport.js';
import { periodBounds } from './periodBounds.js';
import { syncPlan } from './syncPlan.js';
import { refuseUnstartedPeriod } from './refuseUnstartedPeriod.js';
import { toolVersion } from './toolVersion.js';
import type { PriceStats } from '../prices/PriceOracle.js';
import { writeMissingPrices } from './missingPricesReport.js';
import type { PreparedValuation } from './prepareValuation.js';
import { deferValuation } from './prepareValuation.js';
import { openCacheReader } from './openCacheReader.js';

export interface ExportOptions extends JobRunOptions {
  progress: SyncProgress;
  signal?: AbortSignal;
  now?: () => Date;
  /** Fetch the period's blocks again even where synced (what `diff --since-filed` does to catch late rows). */
  refetch?: boolean;
  /** Where to keep the period's balances over time for the workspace's chart (outside the out dir: the files stay as they are). */
  balanceSeriesFile?: string;
}

/** What valuing the export cost and left without a value, for the summary line and the manifest. */
export interface ExportValuation {
  stats: PriceStats;
  /** Distinct (chain, asset, time) questions the rows asked. */
  questions: number;
  /** Rows never asked, by reason (`spam`, `unknown decimals`). */
  unqueried: Readonly<Record<string, number>>;
  /** Rows without a value, over every chain and asset of `prices-missing.csv`. */
  missingRows: number;
  missingFile: string;
}

export interface ExportResult {
  sync: SyncReport;
  /** The sync of the blocks before the period, for templates with opening balances; `null` when none asked. */
  history: SyncReport | null;
  api: ApiStats;
  templates: TemplateResult[];
  labels: CounterpartyLabelReport;
  overrides: OverrideReport;
  manifest: string;
  /** Chains whose period ends after their head: exported up to the head, the period is not over yet. */
  upToHead: number[];
  /** `null` for an export without values. */
  valuation: ExportValuation | null;
  /** What succeeded but must be said (`exportWarnings`). */
  warnings: string[];
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
  refuseUnstartedPeriod(job.period, now());
  const run = openJobRun(job, options);
  try {
    const plan = await planBlockRanges(run.api, job.chains, job.period, now);
    const upToHead = new Set(plan.ranges.filter((range) => range.endBlock >= range.headBlock).map((range) => range.chainId));
    // A failed sync stops the warming's price calls rather than waiting for them.
    const stopWarming = new AbortController();
    const oracle = openRunPriceOracle(run, {
      ...options,
      signal: AbortSignal.any([stopWarming.signal, ...(options.signal === undefined ? [] : [options.signal])]),
    });
    // Priced from the cache while the first template renders, prepared after (no pass of its own over the ledger).
    const deferred =
      oracle === undefined || job.valuation === undefined
        ? null
        : deferValuation(oracle, openCacheReader(job.valuation, run.store), job.valuation, [job.period.startTime, job.period.endTime]);
    // A cold sync's prices are fetched while its receipts are: the render then finds them cached.
    let warming: Promise<void> | undefined;
    const onListed =
      deferred === null
        ? undefined
        : (listed: ListedSync): void => {
            warming = deferred.warm(ledgerFromStore(run.store, job, listed.chains));
            // Awaited once the sync ends; a failure before then is not unhandled.
            void warming.catch(() => undefined);
          };
    const sync = await alongside(
      syncPlan(run, plan, options.progress, { ...options, ...(onListed === undefined ? {} : { onListed }) }),
      () => warming,
      stopWarming,
    );
    // Opening balances need every block before the period; the store keeps them once synced.
    const balanced = templates.some((template) => template.balances !== 'none');
    const history = balanced ? await syncPlan(run, blocksBefore(plan), options.progress, { ...options, refetch: false }) : null;
    const { tags, report: labels } = await fetchCounterpartyTags(run.store, run.api, job, sync.chains, now);
    const ledgerJob = { ...job, tags };
    const results = await renderTemplates({
      entries: ledgerFromStore(run.store, ledgerJob, sync.chains),
      parts: ledgerParts(run.store, ledgerJob, sync.chains),
      templates,
      ...(balanced ? { period: periodBounds(run.store, ledgerJob, sync.chains, chainBalanceReader(run.api)) } : {}),
      outDir: job.out,
      context: { timezone: job.timezone },
      xlsx: job.xlsx,
      ...(deferred === null ? {} : { valuation: deferred }),
    });
    const valuation = deferred === null ? null : await exportValuation(deferred.prepared(), job.out);
    const warnings = exportWarnings(run.store, job, sync.chains, deferred === null ? null : deferred.prepared().missing);
    // Only a job with rules or labels has anything to report: others skip the extra pass over the ledger.
    const overrides =
      job.rules.length > 0 || job.apiLabels
        ? await overrideReport(ledgerFromStore(run.store, ledgerJob, sync.chains)(), job.rules, job.apiLabels ? job.out : null)
        : { rules: [], screeningFile: null, screeningRows: 0 };
    const manifest = await writeManifest(job.out, {
      toolVersion: toolVersion(),
      job,
      blockRanges: Object.fromEntries(
        sync.chains.map((chain) => [
          chain.chainId,
          { fromBlock: chain.fromBlock, toBlock: chain.toBlock, ...(upToHead.has(chain.chainId) ? { upToHead: true as const } : {}) },
        ]),
      ),
      skippedChains: sync.skippedChains,
      feeRules: Object.fromEntries(job.chains.map((chainId) => [chainId, feeRule(getChain(chainId))])),
      counts: Object.fromEntries([
        ...results.map((result) => [`rows.${result.template}`, result.rows] as const),
        ...(overrides.screeningFile === null ? [] : [['rows.screening', overrides.screeningRows] as const]),
        ...(history === null ? [] : [['historyApiCalls', history.listCalls + history.receiptCalls] as const]),
        ...results.flatMap((result) =>
          result.assertions === null
            ? []
            : ([
                [`assertions.${result.template}`, result.assertions.accounts],
                [`assertions.${result.template}.fromChain`, result.assertions.fromChain],
                [`assertions.${result.template}.differing`, result.assertions.differing.length],
              ] as const),
        ),
      ]),
      sections: {
        counterpartyLabels: labels,
        rules: overrides.rules,
        ...(valuation === null ? {} : { valuation: valuationSection(valuation) }),
        warnings,
      },
      files: [
        ...results.flatMap((result) => result.files),
        path.join(job.out, TIEOUT_FILE),
        ...(job.xlsx ? [path.join(job.out, TIEOUT_XLSX)] : []),
        ...(overrides.screeningFile === null ? [] : [overrides.screeningFile]),
        ...(valuation === null ? [] : [valuation.missingFile]),
      ],
      generatedAt: now().toISOString(),
    });
    if (options.balanceSeriesFile !== undefined) {
      await writeBalanceSeriesFile(
        options.balanceSeriesFile,
        job.period,
        balanceSeries(ledgerFromStore(run.store, ledgerJob, sync.chains)()),
      );
    }
    return {
      sync,
      history,
      api: run.api.stats,
      templates: results,
      labels,
      overrides,
      manifest,
      upToHead: [...upToHead],
      valuation,
      warnings,
    };
  } finally {
    run.close();
  }
}

async function exportValuation(prepared: PreparedValuation, outDir: string): Promise<ExportValuation> {
  const missingFile = await writeMissingPrices(outDir, prepared.missing);
  const missingRows = prepared.missing.reduce((sum, one) => sum + one.rows, 0);
  return { stats: prepared.stats, questions: prepared.questions, unqueried: prepared.unqueried, missingRows, missingFile };
}

/** The manifest's `valuation` section as written (and as the summary page reads it). */
export interface ManifestValuation {
  currency: string;
  sources: string[];
  fx: string | null;
  priceCalls: number;
  expectedPriceCalls: number;
  cacheHits: number;
  questions: number;
  unqueriedRows: Readonly<Record<string, number>>;
  missingRows: number;
}

/** The manifest's `valuation`: currency, sources, FX, price calls against the expected, cache hits, missing count. */
function valuationSection(valuation: ExportValuation): ManifestValuation {
  const { stats } = valuation;
  return {
    currency: stats.currency,
    sources: stats.sources,
    fx: stats.fx ?? null,
    priceCalls: stats.calls,
    expectedPriceCalls: stats.expectedCalls,
    cacheHits: stats.cacheHits,
    questions: valuation.questions,
    unqueriedRows: valuation.unqueried,
    missingRows: valuation.missingRows,
  };
}

/**
 * The sync's report once the work it started alongside (`later()`, read when the sync ends) is done too. When the
 * sync fails, that work is stopped and awaited (the store is not closed under it), and the sync's error thrown.
 */
async function alongside<T>(sync: Promise<T>, later: () => Promise<void> | undefined, stop: AbortController): Promise<T> {
  let report: T;
  try {
    report = await sync;
  } catch (error) {
    stop.abort(error);
    await later()?.catch(() => undefined);
    throw error;
  }
  await later();
  return report;
}

/** Every block of each planned chain before the period (skipped chains were reported with the period's plan). */
function blocksBefore(plan: BlockPlan): BlockPlan {
  return { ranges: plan.ranges.map((range) => ({ ...range, startBlock: 0, endBlock: range.startBlock - 1 })), skippedChains: [] };
}
