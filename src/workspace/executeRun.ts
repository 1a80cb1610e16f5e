import fs from 'node:fs';
import path from 'node:path';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { redact } from '../etherscan/redact.js';
import { runExport } from '../pipeline/runExport.js';
import { runReconcile } from '../pipeline/runReconcile.js';
import { runSync } from '../pipeline/runSync.js';
import { createProgress } from '../sync/progress.js';
import type { BookStores } from './BookStores.js';
import type { ApiAccess } from './jobForRun.js';
import { jobForRun } from './jobForRun.js';
import { describeFile, manifestFiles } from './runFiles.js';
import { fanOutProgress, RunProgress } from './RunProgress.js';
import type { Run, RunProgressFigures, WorkspaceData } from './WorkspaceData.js';

export interface RunContext {
  data: WorkspaceData;
  stores: BookStores;
  api: ApiAccess;
  now: () => Date;
  /** Live figures for the event streams (the database gets them too). */
  onProgress: (runId: number, figures: RunProgressFigures) => void;
}

/**
 * Runs one queued run through the same pipeline functions as the CLI (`runExport`, `runSync`,
 * `runReconcile`) and records its outcome. The out dir is emptied first: a run re-queued after a
 * crash writes exactly what an uninterrupted run writes, while the book's store keeps every page
 * fetched before the crash.
 */
export async function executeRun(context: RunContext, run: Run, signal: AbortSignal): Promise<void> {
  const { data, stores, api } = context;
  const log = (line: string): void => data.appendLog(run.id, redact(line.trimEnd(), api.apiKey));
  const book = data.getBook(run.bookId);
  data.updateRun(run.id, { status: 'running', startedAt: context.now().toISOString(), error: null });
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
    });
    log(`${run.request.kind} of book ${book.id} for ${job.period.from}..${job.period.to} on chains ${job.chains.join(', ')}`);
    const figures = new RunProgress((progress) => {
      data.updateRun(run.id, { progress });
      context.onProgress(run.id, progress);
    }, { rate: api.rate });
    const progress = fanOutProgress(figures, createProgress({ output: { write: (text: string) => log(text) }, rate: api.rate }));
    const options = { progress, log, command: `ledgerscan serve (run ${run.id})`, signal };
    const finish = (apiCalls: number, summary: Run['summary'], status: Run['status'], files: Run['files']): void => {
      const done = figures.done(apiCalls);
      data.updateRun(run.id, { status, progress: done, summary, files, finishedAt: context.now().toISOString() });
      context.onProgress(run.id, done);
      log(`${status}: ${apiCalls} API calls`);
    };
    if (run.request.kind === 'export') {
      const result = await runExport(job, options);
      const rows = Object.fromEntries(result.templates.map((template) => [`rows.${template.template}`, template.rows]));
      finish(result.api.requests, { ...rows, apiCalls: result.api.requests }, 'succeeded', await manifestFiles(outDir));
    } else if (run.request.kind === 'sync') {
      const result = await runSync(job, options);
      finish(result.api.requests, { apiCalls: result.api.requests, pages: result.sync.pages, rows: result.sync.rows, receipts: result.sync.receipts }, 'succeeded', []);
    } else {
      const result = await runReconcile(job, { ...options, historical: 'auto' });
      const differences = result.result.buckets.filter((bucket) => bucket.bucket.spam === '' && bucket.status === 'differs').length;
      const files = [await describeFile(outDir, path.basename(result.report.csvPath)), await describeFile(outDir, path.basename(result.report.jsonPath))];
      finish(result.api.requests, { apiCalls: result.api.requests, assets: result.result.buckets.length, differences }, result.result.allMatch ? 'succeeded' : 'differences', files);
    }
  } catch (error) {
    const stopped = signal.aborted;
    const message = redact(error instanceof LedgerscanError ? error.message : String(error), api.apiKey);
    data.updateRun(run.id, { status: stopped ? 'stopped' : 'failed', error: stopped ? null : message, finishedAt: context.now().toISOString() });
    log(stopped ? 'stopped; the store keeps what was fetched' : `failed: ${message}`);
  }
}
