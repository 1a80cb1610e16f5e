import type { RunRequest } from '../runs/RunRequest.js';
import type { Run } from './WorkspaceData.js';

/**
 * Contract: the queue of runs. One run per book at a time, runs of different books side by side;
 * a run that was running when the process died is queued again at `start`. The embedded
 * implementation is `InProcessRunQueue`; a database-backed queue with workers can take its place.
 */
export interface RunQueue {
  start(): Promise<void>;
  enqueue(bookId: number, request: RunRequest, trigger: Run['trigger']): Promise<Run>;
  /** Takes up a run already recorded as queued (a schedule's runs, a deferred run whose day came: `Scheduler`). */
  resume(run: Run): Promise<void>;
  /** Stops a queued or running run; false when it had already finished. */
  stop(runId: number): Promise<boolean>;
  counts(): Promise<{ queued: number; running: number }>;
  /** Resolves once nothing is queued or running (tests and shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}
