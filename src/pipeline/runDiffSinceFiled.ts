import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Job } from '../config/Job.js';
import { diffFile, type FileDiff } from '../filing/diffFile.js';
import type { SinceFiled } from '../filing/SinceFiled.js';
import { describeSettingChange, type SettingChange, settingChanges } from '../filing/settingChanges.js';
import { type DiffReport, writeDiffReport } from './diffReport.js';
import { CLOSING_BALANCES, type FiledRecord, readFiledRecord } from '../filing/FiledRecord.js';
import { exportPeriodFiles } from './runClose.js';
import type { ExportOptions, ExportResult } from './runExport.js';
import { toolVersion } from './toolVersion.js';
import { REVIEW_FILE } from '../outputs/reviewOutput.js';
import { gainChanges } from '../filing/gainChanges.js';
import { RECONCILE_FILES } from './reconcileReport.js';
import { reportFileName } from './runYearReport.js';
import { ruleChangesByTx } from '../filing/ruleChanges.js';
import { GAINS_FILE } from '../outputs/basisRecords.js';

export interface DiffSinceFiledOptions extends ExportOptions {
  filedDir: string;
  label: string;
  /** Fetch the period's blocks again (default): the only way to see a record the API indexed late. */
  verify: boolean;
}

export interface DiffSinceFiledResult {
  diff: SinceFiled;
  report: DiffReport;
  export: ExportResult;
  /** The changes differ from those the last diff of this period found: what is worth telling someone about. */
  newSinceLastDiff: boolean;
}

/** Job fields that say where and how a run writes, not what it computes: a change there changes no figure. */
// `valuation` is not in the filed manifest's job (it may hold the CoinGecko key); values differ row by row instead.
const NOT_FIGURES = new Set(['out', 'state', 'api', 'quiet', 'templates', 'templateFiles', 'period', 'timezone', 'xlsx', 'valuation']);

/**
 * Recomputes a closed period into the job's out dir (its templates and closing balances, fetching the period
 * again unless told not to) and compares every filed file with its recalculation, row by row.
 */
export async function runDiffSinceFiled(job: Job, options: DiffSinceFiledOptions): Promise<DiffSinceFiledResult> {
  const record = readFiledRecord(options.filedDir, options.label);
  const filedDir = path.join(options.filedDir, options.label);
  const { timezone, ...period } = record.period;
  const periodJob: Job = { ...job, period, timezone };
  const exported = await exportPeriodFiles(periodJob, { ...options, refetch: options.verify });

  // Every file the export delivered (templates and outputs alike: gains, forms, journals…), as its manifest lists them.
  const delivered = (JSON.parse(readFileSync(exported.manifest, 'utf8')) as { files: { path: string }[] }).files.map((file) => file.path);
  const recalculated = [...delivered, CLOSING_BALANCES];
  // The year report and its reconcile state the period as it stood at the close (the chain's balances then): the
  // report's figures are the other files', compared row by row.
  const asClosed = new Set<string>([reportFileName(periodJob), ...RECONCILE_FILES]);
  // A spreadsheet twin says what its CSV says, and its CSV is compared row by row.
  // Review states are the workspace's: a diff without them (the CLI's) cannot say whether they changed.
  const names = [...new Set([...record.files.map((file) => file.path), ...recalculated])]
    .filter(
      (name) =>
        name !== 'manifest.json' &&
        !asClosed.has(name) &&
        !name.endsWith('.xlsx') &&
        (name !== REVIEW_FILE || options.reviews !== undefined),
    )
    .sort();
  const read = (dir: string, name: string, listed: boolean): string | null =>
    listed && existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : null;
  const filedNames = new Set(record.files.map((file) => file.path));
  const files = names.map((name) =>
    diffFile(name, read(filedDir, name, filedNames.has(name)), read(job.out, name, recalculated.includes(name))),
  );

  const manifest = JSON.parse(readFileSync(path.join(filedDir, 'manifest.json'), 'utf8')) as { job: Record<string, unknown> };
  const settings = settingChanges(manifest.job, job as unknown as Record<string, unknown>, NOT_FIGURES);
  const diff: SinceFiled = { record, files, reasons: runReasons(record, settings), settings, verified: options.verify, rules: job.rules };
  if (names.includes(GAINS_FILE)) {
    const ledger = files.find((file) => file.file === 'ledger.csv')?.changes ?? [];
    const context = { ledger, settings, ruleTxs: ruleChangesByTx(ledger, job.rules) };
    diff.gains = gainChanges(read(filedDir, GAINS_FILE, filedNames.has(GAINS_FILE)), read(job.out, GAINS_FILE, true), context);
  }
  const report = await writeDiffReport(diff, job.out);
  return {
    diff,
    report,
    export: exported,
    newSinceLastDiff: rememberChanges(options.filedDir, options.label, report.changed ? files : null),
  };
}

/**
 * Keeps a digest of the last diff's changes beside the filed folder (which is read-only), so that a nightly
 * diff alerts once per new finding instead of every night until the period is filed again.
 */
function rememberChanges(filedDir: string, label: string, files: readonly FileDiff[] | null): boolean {
  const memory = path.join(filedDir, `.${label}.last-diff`);
  if (files === null) {
    rmSync(memory, { force: true });
    return false;
  }
  const digest = createHash('sha256').update(JSON.stringify(files)).digest('hex');
  const previous = existsSync(memory) ? readFileSync(memory, 'utf8').trim() : '';
  writeFileSync(memory, `${digest}\n`);
  return digest !== previous;
}

/** What changed for the whole run: the tool's version, and job settings that decide figures (wallets, labels, spam lists, rules…) with both values. */
function runReasons(record: FiledRecord, settings: readonly SettingChange[]): string[] {
  const reasons: string[] = [];
  if (record.tool.version !== toolVersion()) reasons.push(`ledgerscan ${record.tool.version} filed it, ${toolVersion()} recalculated it`);
  if (settings.length > 0) reasons.push(`job settings changed since filing: ${settings.map(describeSettingChange).join('; ')}`);
  return reasons;
}
