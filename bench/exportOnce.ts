import type { Job } from '../src/config/Job.js';
import { runExport } from '../src/pipeline/runExport.js';
import type { ExportResult } from '../src/pipeline/runExport.js';
import type { SandboxProcess } from './startSandboxProcess.js';
import type { SyncProgress } from '../src/sync/progress.js';

/** One export run as the sandbox and the client saw it. */
export interface ExportFigures {
  wallSeconds: number;
  /** From the start to the end of the sync (planning included, ledger and CSV not). */
  syncSeconds: number;
  /** HTTP requests the client sent (retries included) and what the sandbox counted. */
  clientRequests: number;
  sandboxRequests: number;
  byAction: Record<string, number>;
  listCalls: number;
  receiptCalls: number;
  retries: number;
  /** Rate-limit envelopes the sandbox sent in this run (the client's own count agrees or it is a bug). */
  rateLimited: number;
  /** Most list calls any one (chain, wallet, stream) made. */
  maxListCallsPerStream: number;
  streams: number;
  rows: number;
  csvRows: number;
  result: ExportResult;
}

export async function exportOnce(job: Job, sandbox: SandboxProcess): Promise<ExportFigures> {
  const before = await sandbox.stats();
  const start = performance.now();
  let syncEnd = Number.NaN;
  const result = await runExport(job, { progress: timingProgress(() => (syncEnd = performance.now())), command: 'bench export' });
  const end = performance.now();
  const after = await sandbox.stats();
  const { sync, api } = result;
  return {
    wallSeconds: (end - start) / 1000,
    syncSeconds: (syncEnd - start) / 1000,
    clientRequests: api.requests,
    sandboxRequests: after.requests - before.requests,
    byAction: api.byAction,
    listCalls: sync.listCalls,
    receiptCalls: sync.receiptCalls,
    retries: api.retries,
    rateLimited: after.rateLimited - before.rateLimited,
    maxListCallsPerStream: Math.max(0, ...sync.perKey.map((key) => key.listCalls)),
    streams: sync.perKey.length,
    rows: sync.rows,
    csvRows: result.templates.reduce((sum, template) => sum + template.rows, 0),
    result,
  };
}

/** Silent, except that it notes when the sync finished, which is where the store-to-CSV stage begins. */
function timingProgress(onFinished: () => void): SyncProgress {
  const nothing = (): void => undefined;
  return {
    estimate: nothing,
    planned: nothing,
    page: nothing,
    receiptQueued: nothing,
    receipt: nothing,
    chainSkipped: nothing,
    finished: onFinished,
  };
}
