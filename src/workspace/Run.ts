import type { RunFile } from '../runs/RunFile.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { RunSummary } from '../runs/runSummary.js';

export type { RunFile } from '../runs/RunFile.js';

/** `deferred`: its key's daily quota was spent; queued again by itself at `resumeAt` (the next 00:00 UTC). */
export type RunStatus = 'queued' | 'running' | 'deferred' | 'succeeded' | 'differences' | 'failed' | 'stopped';
export const FINISHED_STATUSES: readonly RunStatus[] = ['succeeded', 'differences', 'failed', 'stopped'];

/** Live figures of a run, the same the CLI's progress line shows. */
export interface RunProgressFigures {
  phase: 'queued' | 'sync' | 'files' | 'done';
  blocksPercent: number;
  receiptsDone: number;
  receiptsTotal: number;
  apiCalls: number;
  etaSeconds: number | null;
}

export interface Run {
  id: number;
  bookId: number;
  request: RunRequest;
  status: RunStatus;
  trigger: 'manual' | 'schedule';
  progress: RunProgressFigures;
  /** Short figures once done (rows per template, API calls, differences…) as its kind declares them, checked when read back. */
  summary: RunSummary | null;
  error: string | null;
  files: RunFile[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The NAME of the API key the run was given (`assignApiKey`), never the key itself; null until assigned. */
  apiKeyName: string | null;
  /** A deferred run's resumption (ISO, the next 00:00 UTC); its reason is `error`. Null otherwise. */
  resumeAt: string | null;
}
