import type { Static } from 'typebox';
import { lastAlertRun, lastReconcile } from './runReports.js';
import type { bookResponse } from './schemas/books.js';
import type { runResponse } from './schemas/runs.js';
import type { Book, Run } from '../workspace/WorkspaceData.js';
import { withoutServerPaths } from './withoutServerPaths.js';

/** A run as the API shows it. */
export function runJson(run: Run): Static<typeof runResponse> {
  return {
    id: run.id,
    bookId: run.bookId,
    kind: run.request.kind,
    request: run.request,
    status: run.status,
    trigger: run.trigger,
    progress: run.progress,
    summary: run.summary,
    error: run.error === null ? null : withoutServerPaths(run.error),
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    // The key's name from ETHERSCAN_API_KEYS (never the key): which of the firm's keys the run used.
    apiKey: run.apiKeyName,
    resumeAt: run.resumeAt,
  };
}

/** A book as the API shows it: its JSON, plus the last run, the last reconcile's status and the last alert. */
export function bookJson(book: Book, runs: readonly Run[]): Static<typeof bookResponse> {
  const lastAlert = lastAlertRun(runs);
  const reconcile = lastReconcile(runs);
  return {
    id: book.id,
    ...book.data,
    createdAt: book.createdAt,
    updatedAt: book.updatedAt,
    archivedAt: book.archivedAt,
    lastRun:
      runs[0] === undefined ? null : { id: runs[0].id, kind: runs[0].request.kind, status: runs[0].status, createdAt: runs[0].createdAt },
    lastReconcile: reconcile === undefined ? null : { id: reconcile.id, status: reconcile.status, finishedAt: reconcile.finishedAt },
    lastAlert:
      lastAlert?.summary === undefined || lastAlert.summary === null
        ? null
        : {
            runId: lastAlert.id,
            kind: lastAlert.summary.alert,
            at: lastAlert.summary.alertAt,
            delivered: lastAlert.summary.alertDelivered,
          },
  };
}
