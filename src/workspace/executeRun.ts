import fs from 'node:fs';
import path from 'node:path';
import type { Alert } from '../alerts/Alert.js';
import { changedSinceFiledAlert, reconcileAlert, runFailedAlert } from '../alerts/alertFor.js';
import type { AlertSettings } from '../alerts/AlertSettings.js';
import { deliverAlert } from '../alerts/deliverAlert.js';
import { exitCodeFor } from '../cli/exitCode.js';
import { parseInstant } from '../config/parseInstant.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import { isDatabaseUnavailable } from '../db/postgres/DatabaseUnavailableError.js';
import { redact } from '../etherscan/redact.js';
import { CLOSING_BALANCES, defaultFiledDir, FILED_RECORD } from '../filing/FiledRecord.js';
import { runBalances } from '../pipeline/runBalances.js';
import { runClose } from '../pipeline/runClose.js';
import { runDiffSinceFiled } from '../pipeline/runDiffSinceFiled.js';
import { runExport } from '../pipeline/runExport.js';
import { runReconcile } from '../pipeline/runReconcile.js';
import { runSync } from '../pipeline/runSync.js';
import { createProgress } from '../sync/progress.js';
import type { BookStores } from './BookStores.js';
import type { ApiAccess } from './jobForRun.js';
import { jobForRun } from './jobForRun.js';
import { describeFile, manifestFiles } from './runFiles.js';
import { fanOutProgress, RunProgress } from './RunProgress.js';
import { SerialWrites } from './SerialWrites.js';
import type { Run, WorkspaceData } from './WorkspaceData.js';

export interface RunContext {
  data: WorkspaceData;
  stores: BookStores;
  api: ApiAccess;
  /** From the server's environment only (LEDGERSCAN_*), never from the workspace data. */
  alerts: AlertSettings;
  now: () => Date;
  /** The key's limiter shared by every worker (distributed); none: the process's own, as the CLI. */
  limiter?: KeyLimiter;
}

/**
 * Runs one queued run through the same pipeline functions as the CLI (`runExport`, `runSync`,
 * `runReconcile`, `runClose`, `runDiffSinceFiled`, `runBalances`) and records its outcome. The out dir
 * is emptied first: a run re-queued after a crash writes exactly what an uninterrupted run writes,
 * while the book's store keeps every page fetched before the crash. A closed period goes where the
 * CLI's `close` puts it by default: `filed/` beside the book's state file.
 */
export async function executeRun(context: RunContext, run: Run, signal: AbortSignal): Promise<void> {
  const { data, stores, api } = context;
  // The pipeline reports synchronously; its lines and figures reach the database in order, awaited before the outcome.
  const writes = new SerialWrites();
  const log = (line: string): void => writes.push(() => data.appendLog(run.id, redact(line.trimEnd(), api.apiKey)));
  const book = await data.getBook(run.bookId);
  const subject = book?.data.name ?? `book ${run.bookId}`;
  const filedDir = defaultFiledDir(stores.stateFile(run.bookId));
  /** Delivers the alert on every configured channel and returns the summary fields the books list shows. */
  const alert = async (raised: Alert): Promise<Record<string, string>> => {
    const outcomes = await deliverAlert(raised, context.alerts);
    for (const outcome of outcomes) log(`alert ${raised.kind} by ${outcome.channel}: ${outcome.delivered ? outcome.detail : `NOT delivered, ${redact(outcome.detail, api.apiKey)}`}`);
    const delivered = outcomes.length === 0 ? 'no channel set' : outcomes.every((outcome) => outcome.delivered) ? 'delivered' : 'not delivered';
    return { alert: raised.kind, alertAt: raised.at, alertDelivered: delivered };
  };
  await data.updateRun(run.id, { status: 'running', startedAt: context.now().toISOString(), error: null });
  try {
    if (book === undefined) throw new LedgerscanError('the book of this run was removed');
    const outDir = stores.outDir(run.id);
    fs.rmSync(outDir, { recursive: true, force: true });
    const job = jobForRun({
      book: book.data,
      request: run.request,
      api,
      state: stores.stateFile(run.bookId),
      out: outDir,
      jobFile: path.join(stores.runDir(run.id), 'job.json'),
      now: context.now(),
      write: true,
      filedDir,
    });
    const span = run.request.kind === 'balances' ? `at ${run.request.at ?? ''} (${job.timezone})` : `for ${job.period.from}..${job.period.to}`;
    log(`${run.request.kind} of book ${book.id} ${span} on chains ${job.chains.join(', ')}`);
    const figures = new RunProgress((progress) => {
      writes.push(() => data.updateRun(run.id, { progress }));
    }, { rate: api.rate });
    const progress = fanOutProgress(figures, createProgress({ output: { write: (text: string) => log(text) }, rate: api.rate }));
    const options = { progress, log, command: `ledgerscan serve (run ${run.id})`, signal, now: context.now, store: stores.location(run.bookId), ...(context.limiter === undefined ? {} : { limiter: context.limiter }) };
    const finish = async (apiCalls: number, summary: Run['summary'], status: Run['status'], files: Run['files']): Promise<void> => {
      const done = figures.done(apiCalls);
      await writes.flush();
      await data.updateRun(run.id, { status, progress: done, summary, files, finishedAt: context.now().toISOString() });
      log(`${status}: ${apiCalls} API calls`);
      await writes.flush();
    };
    const { kind } = run.request;
    if (kind === 'export') {
      const result = await runExport(job, options);
      const rows = Object.fromEntries(result.templates.map((template) => [`rows.${template.template}`, template.rows]));
      await finish(result.api.requests, { ...rows, apiCalls: result.api.requests }, 'succeeded', await manifestFiles(outDir));
    } else if (kind === 'sync') {
      const result = await runSync(job, options);
      await finish(result.api.requests, { apiCalls: result.api.requests, pages: result.sync.pages, rows: result.sync.rows, receipts: result.sync.receipts }, 'succeeded', []);
    } else if (kind === 'reconcile') {
      const result = await runReconcile(job, { ...options, historical: 'auto' });
      const differences = result.result.buckets.filter((bucket) => bucket.bucket.spam === '' && bucket.status === 'differs').length;
      const files = [await describeFile(outDir, path.basename(result.report.csvPath)), await describeFile(outDir, path.basename(result.report.jsonPath))];
      const alerted = result.result.allMatch ? {} : await alert(reconcileAlert(subject, result.result, context.now()));
      await finish(result.api.requests, { apiCalls: result.api.requests, assets: result.result.buckets.length, differences, ...alerted }, result.result.allMatch ? 'succeeded' : 'differences', files);
    } else if (kind === 'close') {
      const closed = await runClose(job, { ...options, filedDir });
      // The run's files are the filed folder's, as filed.json lists them (downloads resolve there, see filesDirOf).
      const files = [...closed.record.files.map((file) => ({ name: file.path, bytes: file.bytes, sha256: file.sha256 })), await describeFile(closed.dir, FILED_RECORD)];
      await finish(closed.export.api.requests, { apiCalls: closed.export.api.requests, label: closed.record.label, files: closed.record.files.length }, 'succeeded', files);
    } else if (kind === 'diff') {
      const result = await runDiffSinceFiled(job, { ...options, filedDir, label: run.request.label ?? '', verify: true });
      const changes = result.diff.files.reduce((sum, file) => sum + file.changes.length, 0);
      const files = [...(await manifestFiles(outDir)), ...(await Promise.all([CLOSING_BALANCES, 'diff.csv', 'diff.json'].map((name) => describeFile(outDir, name))))];
      // Once per new finding, as on the CLI: the same changes as last night's diff alert nobody again.
      const alerted = result.report.changed && result.newSinceLastDiff ? await alert(changedSinceFiledAlert(subject, result.diff, context.now())) : {};
      await finish(result.export.api.requests, { apiCalls: result.export.api.requests, label: result.diff.record.label, changes, ...alerted }, result.report.changed ? 'differences' : 'succeeded', files);
    } else {
      const at = parseInstant(run.request.at, 'at', job.timezone);
      const result = await runBalances(job, { ...options, at, check: 'auto' });
      await finish(result.api.requests, { apiCalls: result.api.requests, at: at.local, assets: result.result.rows.length }, result.result.allMatch ? 'succeeded' : 'differences', [await describeFile(outDir, path.basename(result.report.csvPath))]);
    }
  } catch (error) {
    // Nothing can be recorded without the database: the worker waits for it and gives the run back to the queue.
    if (isDatabaseUnavailable(error)) throw error;
    const stopped = signal.aborted;
    const message = redact(error instanceof LedgerscanError ? error.message : String(error), api.apiKey);
    const alerted = !stopped && run.trigger === 'schedule' ? await alert(runFailedAlert(subject, `scheduled ${run.request.kind}`, message, exitCodeFor(error), context.now())) : undefined;
    await writes.flush().catch(() => undefined);
    await data.updateRun(run.id, { status: stopped ? 'stopped' : 'failed', error: stopped ? null : message, finishedAt: context.now().toISOString(), ...(alerted === undefined ? {} : { summary: alerted }) });
    log(stopped ? 'stopped; the store keeps what was fetched' : `failed: ${message}`);
    await writes.flush();
  }
}
