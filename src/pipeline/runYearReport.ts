import fs from 'node:fs';
import path from 'node:path';
import { getChain } from '../chains/chains.js';
import type { Job } from '../config/Job.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { periodLabel } from '../filing/FiledRecord.js';
import { formatUnits } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';
import { sha256File } from '../output/sha256File.js';
import { writeReportPdf } from '../output/writeReportPdf.js';
import type { ReportFigures } from '../outputs/reportFiguresOutput.js';
import type { ReconcileResult } from '../reconcile/reconcile.js';
import type { Bucket } from '../reconcile/rollForward.js';
import { buildYearReport } from '../yearreport/buildYearReport.js';
import type { HoldingFact, ReportFile, YearReportFacts } from '../yearreport/YearReportFacts.js';
import { openJobRun } from './JobRun.js';
import { openRunPriceOracle } from './openRunPriceOracle.js';
import { runExport, type ExportOptions, type ExportResult } from './runExport.js';
import { runReconcile, type ReconcileRunResult } from './runReconcile.js';
import { toolVersion } from './toolVersion.js';
import { pricedBucket, valueHoldings } from './valueHoldings.js';

export interface YearReportResult {
  export: ExportResult;
  reconcile: ReconcileRunResult;
  /** `report-<label>.pdf` in the out dir. */
  file: string;
  figures: ReportFigures;
}

export interface YearReportOptions extends ExportOptions {
  /** The client the report names; default the wallets' labels. */
  client?: string | undefined;
}

/** `report-2025.pdf`, `report-2025-01-01_2025-06-30.pdf`. */
export const reportFileName = (job: Pick<Job, 'period'>): string => `report-${periodLabel(job.period)}.pdf`;

/**
 * The year report: the period's export with cost basis (its figures from the exact replay), the reconcile of the
 * same period, both ends' holdings valued, then the PDF laid out from those typed results into the out dir beside
 * the files it summarises. The kind has refused a job without cost basis before any call.
 */
export async function runYearReport(job: Job, options: YearReportOptions): Promise<YearReportResult> {
  return reportAfterExport(job, options, await runExport(job, options));
}

/**
 * The report of an export already made into `job.out` (a close's, into its staging folder): the reconcile of the
 * period beside it, both ends' holdings valued, then the PDF.
 */
export async function reportAfterExport(job: Job, options: YearReportOptions, exported: ExportResult): Promise<YearReportResult> {
  const figures = exported.outputs.reportFigures;
  if (figures === undefined || exported.valuation === null)
    throw new LedgerscanError('a year report without its figures', { kind: 'internal' });
  const reconciled = await runReconcile(job, { ...options, historical: 'auto' });
  const holdings = await holdingFacts(job, options, reconciled.result);
  const now = (options.now ?? (() => new Date()))();
  const { stats } = exported.valuation;
  const settings = job.costBasis as NonNullable<Job['costBasis']>;
  const facts: YearReportFacts = {
    client: options.client ?? job.wallets.map((wallet) => wallet.label).join(', '),
    generatedAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    toolVersion: toolVersion(),
    period: { label: periodLabel(job.period), from: job.period.from, to: job.period.to, timezone: job.timezone },
    wallets: job.wallets.map((wallet) => ({
      address: wallet.address,
      label: wallet.label,
      chains: (wallet.chains ?? job.chains).map((id) => getChain(id).name).join(', '),
    })),
    chains: job.chains.map((id) => `${getChain(id).name} (${id})`),
    valuation: { currency: stats.currency, sources: stats.sources, fx: stats.fx ?? null },
    costBasis: {
      method: settings.method,
      scope: settings.scope,
      profile: settings.profile,
      changes: settings.changes.map(
        (change) =>
          `from ${change.from}: ${[change.method, change.scope === undefined ? undefined : `${change.scope} scope`].filter(Boolean).join(', ')}`,
      ),
    },
    holdings,
    unvaluedRows: exported.valuation.missingRows,
    figures,
    reconcile: reconcileFacts(reconciled.result),
    files: await summarisedFiles(job.out, exported.manifest, [reconciled.report.csvPath, reconciled.report.jsonPath]),
  };
  const file = path.join(job.out, reportFileName(job));
  await writeReportPdf(buildYearReport(facts), file, now);
  return { export: exported, reconcile: reconciled, file, figures };
}

const counted = (bucket: Bucket): boolean => bucket.spam === '' && (bucket.opening !== 0n || bucket.closing !== 0n);

const units = (raw: bigint, bucket: Bucket): string => (bucket.decimals === null ? `${raw} base units` : formatUnits(raw, bucket.decimals));

const assetName = (bucket: Bucket): string =>
  `${bucket.asset || bucket.assetContract || 'token'}${bucket.tokenId === '' ? '' : ` #${bucket.tokenId}`}`;

/** Each wallet's non-spam holdings at either end, valued at the last second before the period and at its last second. */
async function holdingFacts(job: Job, options: ExportOptions, result: ReconcileResult): Promise<HoldingFact[]> {
  const buckets = result.buckets.map(({ bucket }) => bucket).filter(counted);
  const run = openJobRun(job, options);
  try {
    const oracle = openRunPriceOracle(run, options);
    if (oracle === undefined) throw new LedgerscanError('a year report without values', { kind: 'internal' });
    const values = await valueHoldings(oracle, [
      ...buckets.map((bucket) => ({ asset: pricedBucket(bucket), balance: bucket.opening, time: job.period.startTime - 1 })),
      ...buckets.map((bucket) => ({ asset: pricedBucket(bucket), balance: bucket.closing, time: job.period.endTime - 1 })),
    ]);
    // Nothing held is worth nothing, priced or not.
    const zero = (0).toFixed(minorUnits(oracle.stats().currency));
    const text = (index: number): string | null => {
      const value = values[index];
      return value?.valued === true ? value.value : null;
    };
    return buckets.map((bucket, index) => ({
      chain: getChain(bucket.chainId).name,
      wallet: bucket.wallet,
      walletLabel: bucket.walletLabel,
      asset: bucket.asset || bucket.assetContract || 'token',
      assetContract: bucket.assetContract,
      tokenId: bucket.tokenId === '' ? null : bucket.tokenId,
      opening: units(bucket.opening, bucket),
      closing: units(bucket.closing, bucket),
      openingValue: bucket.opening === 0n ? zero : text(index),
      closingValue: bucket.closing === 0n ? zero : text(buckets.length + index),
    }));
  } finally {
    run.close();
  }
}

function reconcileFacts(result: ReconcileResult): YearReportFacts['reconcile'] {
  const counted = result.buckets.filter(({ bucket }) => bucket.spam === '');
  const differing = counted.filter((check) => check.status === 'differs');
  return {
    allMatch: result.allMatch,
    assets: counted.length,
    matching: counted.filter((check) => check.status === 'match').length,
    notCompared: counted.filter((check) => check.status === 'no-chain-balance').length,
    differences: differing.map(({ bucket, chainBalance, difference, divergence }) => ({
      chain: getChain(bucket.chainId).name,
      wallet: bucket.walletLabel || bucket.wallet,
      asset: assetName(bucket),
      ledger: units(bucket.balance, bucket),
      onChain: chainBalance === null ? 'unknown' : units(chainBalance, bucket),
      difference: difference === null ? '' : units(difference, bucket),
      firstDivergentBlock: divergence?.block ?? null,
    })),
    unavailable: result.unavailable.map((feature) => `${feature.feature} on chain ${feature.chainId}: ${feature.reason}`),
  };
}

/** The manifest's files with their hashes as it records them, the manifest itself, then the reconcile's report. */
async function summarisedFiles(outDir: string, manifest: string, others: readonly string[]): Promise<ReportFile[]> {
  const listed = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { files: ReportFile[] }).files;
  const own = async (file: string): Promise<ReportFile> => ({
    path: path.relative(outDir, file),
    bytes: fs.statSync(file).size,
    sha256: await sha256File(file),
  });
  return [
    ...listed.map(({ path: name, bytes, sha256 }) => ({ path: name, bytes, sha256 })),
    ...(await Promise.all([manifest, ...others].map(own))),
  ];
}
