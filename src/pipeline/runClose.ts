import { chmodSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Job } from '../config/Job.js';
import { CLOSING_BALANCES, FILED_RECORD, type FiledRecord, periodLabel } from '../filing/FiledRecord.js';
import { instantAt } from '../config/parseInstant.js';
import { AtomicFile } from '../output/AtomicFile.js';
import { sha256File } from '../output/sha256File.js';
import { runBalances } from './runBalances.js';
import { reportAfterExport, type YearReportOptions } from './runYearReport.js';
import { type ExportOptions, type ExportResult, runExport } from './runExport.js';
import { toolVersion } from './toolVersion.js';
import { closingInstant } from '../config/periodInstants.js';

export interface CloseOptions extends YearReportOptions {
  /** Where filed periods live; each closed period is a read-only folder named after its label. */
  filedDir: string;
}

export interface CloseResult {
  dir: string;
  record: FiledRecord;
  export: ExportResult;
}

/**
 * Files a period: the export the accountant files (every template and output, the manifest) plus the closing balances
 * per chain, wallet and asset at the period's last second and, with cost basis, the year report and its reconcile, into a staging folder renamed into place only when whole,
 * then made read-only. A closed period is never overwritten (the `close` run kind refuses one closed or not over
 * before this runs); later runs of it go elsewhere, beside it.
 */
export async function runClose(job: Job, options: CloseOptions): Promise<CloseResult> {
  const now = (options.now ?? (() => new Date()))();
  const label = periodLabel(job.period);
  const dir = path.join(options.filedDir, label);
  const staging = path.join(options.filedDir, `.${label}.partial`);
  // A close that died half-way left its staging folder; nothing in it was ever filed.
  rmSync(staging, { recursive: true, force: true });
  const exported = await exportPeriodFiles({ ...job, out: staging }, options);
  // With cost basis the year report is filed too, with the reconcile it states as it stood at the close.
  if (job.costBasis !== undefined) await reportAfterExport({ ...job, out: staging }, options, exported);

  const record: FiledRecord = {
    label,
    period: { ...job.period, timezone: job.timezone },
    closedAt: now.toISOString(),
    tool: { name: 'ledgerscan', version: toolVersion() },
    templates: [...job.templates, ...job.templateFiles.map((file) => path.basename(file))],
    files: await describeFiles(staging),
  };
  const file = new AtomicFile(path.join(staging, FILED_RECORD));
  await file.write(`${JSON.stringify(record, null, 2)}\n`);
  await file.commit();
  renameSync(staging, dir);
  makeReadOnly(dir);
  // The export wrote into the staging folder; its paths now live in the filed one.
  const filed = (file: string): string => path.join(dir, path.relative(staging, file));
  const templates = exported.templates.map((template) => ({ ...template, files: template.files.map(filed) }));
  const valuation = exported.valuation === null ? null : { ...exported.valuation, missingFile: filed(exported.valuation.missingFile) };
  return { dir, record, export: { ...exported, templates, valuation, manifest: filed(exported.manifest) } };
}

/**
 * What filing a period writes into the job's out dir: the export of its templates with the manifest, and the
 * closing balances at its last second. `diff --since-filed` recomputes through this same function.
 */
export async function exportPeriodFiles(job: Job, options: ExportOptions): Promise<ExportResult> {
  const exported = await runExport(job, options);
  await runBalances(job, { ...options, at: instantAt(closingInstant(job.period), job.timezone), check: 'off', fileName: CLOSING_BALANCES });
  return exported;
}

async function describeFiles(dir: string, prefix = ''): Promise<FiledRecord['files']> {
  const files: FiledRecord['files'] = [];
  for (const name of readdirSync(dir).sort()) {
    const absolute = path.join(dir, name);
    const relative = prefix === '' ? name : `${prefix}/${name}`;
    const stats = statSync(absolute);
    if (stats.isDirectory()) files.push(...(await describeFiles(absolute, relative)));
    else files.push({ path: relative, bytes: stats.size, sha256: await sha256File(absolute) });
  }
  return files;
}

/** Write rights taken away; read rights only as far as the umask grants them (`serve` and `worker`: owner only). */
function makeReadOnly(dir: string, umask = process.umask()): void {
  for (const name of readdirSync(dir)) {
    const absolute = path.join(dir, name);
    if (statSync(absolute).isDirectory()) makeReadOnly(absolute, umask);
    else chmodSync(absolute, 0o444 & ~umask);
  }
  chmodSync(dir, 0o555 & ~umask);
}
