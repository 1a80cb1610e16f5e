import path from 'node:path';
import { exportWarnings } from './exportWarnings.js';
import { getChain } from '../chains/chains.js';
import { feeRule } from '../chains/feeRule.js';
import type { Job } from '../config/Job.js';
import type { ApiStats } from '../etherscan/EtherscanApi.js';
import { writeManifest } from '../output/writeManifest.js';
import type { AnyOutput, EntryReviewRecord, OutputNeed } from '../outputs/Output.js';
import { OUTPUTS, outputsFor, type OutputResults } from '../outputs/registry.js';
import type { PriceStats } from '../prices/PriceOracle.js';
import { planBlockRanges, type BlockPlan } from '../sync/planBlockRanges.js';
import type { SyncProgress } from '../sync/progress.js';
import type { ListedSync, SyncReport } from '../sync/syncJob.js';
import { chainBalanceReader } from './chainBalanceReader.js';
import { ensureWritableDir } from './ensureWritableDir.js';
import { fetchCounterpartyTags, type CounterpartyLabelReport } from './fetchCounterpartyTags.js';
import { jobForms, jobTemplates, lotJournals } from './jobTemplates.js';
import type { JobRunOptions } from './JobRun.js';
import { openJobRun } from './JobRun.js';
import { ledgerFromStore } from './ledgerFromStore.js';
import { ledgerParts } from './ledgerParts.js';
import { openCacheReader } from './openCacheReader.js';
import { openRunPriceOracle } from './openRunPriceOracle.js';
import { finishOutputs, type FinishedOutputs } from './finishOutputs.js';
import { OutputPass } from './OutputPass.js';
import { periodBounds } from './periodBounds.js';
import { deferValuation, type PreparedValuation } from './prepareValuation.js';
import { readOpeningLots } from './readOpeningLots.js';
import { refuseUnstartedPeriod } from './refuseUnstartedPeriod.js';
import { renderTemplates, type TemplateResult } from './renderTemplates.js';
import { syncPlan } from './syncPlan.js';
import { templateCounts } from './templateCounts.js';
import { toolVersion } from './toolVersion.js';

export interface ExportOptions extends JobRunOptions {
  progress: SyncProgress;
  signal?: AbortSignal;
  now?: () => Date;
  /** Fetch the period's blocks again even where synced (what `diff --since-filed` does to catch late rows). */
  refetch?: boolean;
  /**
   * Where to keep the period's balances over time for the workspace's chart (outside the out dir: the files stay as
   * they are). Its folder is the run's: outputs that need one keep their files there.
   */
  balanceSeriesFile?: string;
  /**
   * The book's review states and notes (a workspace run; the CLI has none): the export then writes `review.csv` for
   * the period's entries among them, and the manifest its counts.
   */
  reviews?: readonly EntryReviewRecord[];
  /** The outputs the export may write besides its templates; default the registry's (`OUTPUTS`). */
  outputs?: readonly AnyOutput[];
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

/** What the rules and screening did (the `overrides` output's result, its file as an absolute path). */
export interface OverrideReport {
  rules: { id: string; reason?: string; author?: string; matched: number }[];
  /** `screening.csv`, when written. */
  screeningFile: string | null;
  screeningRows: number;
}

export interface ExportResult {
  sync: SyncReport;
  /** The sync of the blocks before the period, for templates with opening balances; `null` when none asked. */
  history: SyncReport | null;
  api: ApiStats;
  templates: TemplateResult[];
  labels: CounterpartyLabelReport;
  overrides: OverrideReport;
  /** Each output's typed result, as the manifest's `outputs` section has it. */
  outputs: OutputResults;
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
  const [templates, forms, journals] = [jobTemplates(job), jobForms(job), lotJournals(job)];
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
        : deferValuation(oracle, openCacheReader(job.valuation, run.store), job.valuation, job.period);
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
    // Opening balances and cost basis (replayed from each wallet's first entry) need every block before the period, kept once synced.
    const balanced = templates.some((template) => template.balances !== 'none');
    const lots = job.costBasis !== undefined && deferred !== null;
    const history = balanced || lots ? await syncPlan(run, blocksBefore(plan), options.progress, { ...options, refetch: false }) : null;
    const { tags, report: labels } = await fetchCounterpartyTags(run.store, run.api, job, sync.chains, now);
    const ledgerJob = { ...job, tags, forms, journals };
    const ledger = ledgerFromStore(run.store, ledgerJob, sync.chains);
    const bounds = balanced || lots ? periodBounds(run.store, ledgerJob, sync.chains, chainBalanceReader(run.api)) : undefined;
    const offered = new Set<OutputNeed>([
      ...(deferred === null ? [] : (['values'] as const)),
      ...(balanced ? (['openingBalances'] as const) : []),
      ...(lots ? (['lots'] as const) : []),
      ...(lots && forms.length > 0 ? (['forms'] as const) : []),
      ...(options.balanceSeriesFile === undefined ? [] : (['runFolder'] as const)),
      ...(options.reviews === undefined ? [] : (['reviews'] as const)),
    ]);
    // Cost basis replays from each wallet's first entry: the pass reads the history for it (by chain, on the parts' threads).
    const pass = new OutputPass(outputsFor(options.outputs ?? OUTPUTS, offered), ledgerJob, lots ? bounds?.history : undefined);
    const results = await renderTemplates({
      entries: ledger,
      parts: ledgerParts(run.store, ledgerJob, sync.chains),
      templates,
      ...(balanced && bounds !== undefined ? { period: bounds } : {}),
      outDir: job.out,
      context: { timezone: job.timezone },
      xlsx: job.xlsx,
      ...(deferred === null ? {} : { valuation: deferred }),
      pass,
    });
    const prepared = deferred === null ? null : deferred.prepared();
    const outputs = await finishOutputs(pass, ledger, {
      job: ledgerJob,
      missing: prepared?.missing ?? null,
      ...(lots && bounds !== undefined && job.valuation !== undefined
        ? {
            ...deferred.withHistory(bounds.history, job.period.startTime, openCacheReader(job.valuation, run.store)),
            openingLots: readOpeningLots(job),
          }
        : { prices: prepared?.render.prices ?? null }),
      ...(options.reviews === undefined ? {} : { reviews: options.reviews }),
      outDir: job.out,
      runFolder: options.balanceSeriesFile === undefined ? null : path.dirname(options.balanceSeriesFile),
      rendered: results.flatMap((result) => result.files),
    });
    const valuation = prepared === null ? null : exportValuation(prepared, outputs);
    const warnings = exportWarnings(run.store, job, sync.chains, prepared?.missing ?? null);
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
        ...templateCounts(results).rows,
        ...outputs.parts.flatMap((part) => Object.entries(part.counts ?? {})),
        ...(history === null ? [] : [['historyApiCalls', history.listCalls + history.receiptCalls] as const]),
        ...templateCounts(results).assertions,
      ]),
      sections: {
        counterpartyLabels: labels,
        ...Object.assign({}, ...outputs.parts.map((part) => part.sections ?? {})),
        ...(valuation === null ? {} : { valuation: valuationSection(valuation) }),
        outputs: outputs.delivered,
        warnings,
      },
      files: [...results.flatMap((result) => result.files), ...outputs.files],
      generatedAt: now().toISOString(),
    });
    const overrides = overrideReport(outputs.results, job.out);
    const { results: typed } = outputs;
    return {
      sync,
      history,
      api: run.api.stats,
      templates: results,
      labels,
      overrides,
      outputs: typed,
      manifest,
      upToHead: [...upToHead],
      valuation,
      warnings,
    };
  } finally {
    run.close();
  }
}

function exportValuation(prepared: PreparedValuation, outputs: FinishedOutputs): ExportValuation {
  const missing = outputs.results.missingPrices;
  if (missing === undefined) throw new Error('a valued export without its missing prices');
  const missingFile = path.join(outputs.outDir, missing.file);
  return { stats: prepared.stats, questions: prepared.questions, unqueried: prepared.unqueried, missingRows: missing.rows, missingFile };
}

/** The `overrides` output's result as the summary reads it. */
function overrideReport(results: OutputResults, outDir: string): OverrideReport {
  const overrides = results.overrides;
  if (overrides === undefined) return { rules: [], screeningFile: null, screeningRows: 0 };
  return {
    rules: overrides.rules,
    screeningFile: overrides.file === null ? null : path.join(outDir, overrides.file),
    screeningRows: overrides.rows,
  };
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
