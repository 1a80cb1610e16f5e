import type { BlockingPostgres } from '../db/postgres/BlockingPostgres.js';
import { unlessDatabaseAway } from '../db/postgres/DatabaseUnavailableError.js';
import type { RunQueue } from './RunQueue.js';
import type { RunRequest } from './RunRequest.js';
import type { Run, WorkspaceData } from './WorkspaceData.js';
import { FINISHED_STATUSES } from './WorkspaceData.js';

/** The graphile-worker task that executes one run; its payload is `{ runId }`. */
export const RUN_TASK = 'ledgerscan_run';

/**
 * Tries of one run's job. A run that fails (API refusal, bad input) ends its job on the first try; only a lost
 * database connection or a worker shutting down gives the job back for another try, after graphile-worker's
 * exponential delay (about 3 s, 7 s, 20 s, 55 s: a database restart fits in well under two minutes).
 */
const RUN_ATTEMPTS = 5;

/** `unsafe_dedupe`: adding the job of a run that already has one does nothing, so adding it again is always safe. */
const ADD_JOB = `SELECT 1 FROM graphile_worker.add_job($1, json_build_object('runId', $2::integer), queue_name => $3,
  max_attempts => $4, job_key => $5, job_key_mode => 'unsafe_dedupe')`;

/** Deletes the job unless a worker holds it; then it only stops it from being tried again. */
const REMOVE_JOB = 'SELECT 1 FROM graphile_worker.remove_job($1)';

/**
 * A named queue per book: graphile-worker runs one job of a queue at a time across the cluster, so one run per
 * book at a time, whichever worker takes it; runs of different books go side by side on different workers.
 */
function bookQueueName(bookId: number): string {
  return `ledgerscan_book_${bookId}`;
}

function jobKey(runId: number): string {
  return `ledgerscan_run_${runId}`;
}

/**
 * The distributed queue as the server and the schedulers see it: a run is a row in the workspace data plus a
 * graphile-worker job in the same database; `ledgerscan worker` processes execute the jobs (`RunWorker`).
 * Nothing runs in this process. The run row is written first: a process that dies between the two leaves a
 * queued run without a job, which `start` (every server and worker calls it) adds again.
 */
export class GraphileRunQueue implements RunQueue {
  private readonly waiters = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly data: WorkspaceData,
    private readonly db: BlockingPostgres,
    private readonly now: () => Date,
  ) {}

  start(): void {
    for (const run of this.data.queuedRuns()) this.addJob(run);
  }

  enqueue(bookId: number, request: RunRequest, trigger: Run['trigger']): Run {
    const run = this.data.addRun(bookId, request, trigger, this.now().toISOString());
    this.addJob(run);
    return run;
  }

  /**
   * A queued run's job is removed and the run marked stopped here; a running one is flagged, and the worker that
   * runs it stops it within a second (it polls the flag), keeping what it fetched. If a worker took the job in
   * between, it finds the run stopped and leaves it.
   */
  stop(runId: number): boolean {
    const run = this.data.getRun(runId);
    if (run === undefined || FINISHED_STATUSES.includes(run.status)) return false;
    if (run.status === 'running') {
      this.data.requestStop(runId);
      return true;
    }
    this.db.query({ sql: REMOVE_JOB, params: [jobKey(runId)] });
    this.data.updateRun(runId, { status: 'stopped', finishedAt: this.now().toISOString() });
    this.data.appendLog(runId, 'stopped before it started');
    return true;
  }

  counts(): { queued: number; running: number } {
    return { queued: this.data.queuedRuns().length, running: this.data.runningRuns().length };
  }

  /** Resolves once no run is queued or running anywhere in the cluster (polled: the workers are other processes). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.add(resolve);
      this.poll();
    });
  }

  close(): Promise<void> {
    clearTimeout(this.timer);
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
    return Promise.resolve();
  }

  private poll(): void {
    clearTimeout(this.timer);
    const counts = unlessDatabaseAway(() => this.counts());
    if (counts === undefined || counts.queued + counts.running > 0) {
      this.timer = setTimeout(() => this.poll(), 250);
      return;
    }
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
  }

  private addJob(run: Run): void {
    this.db.query({ sql: ADD_JOB, params: [RUN_TASK, run.id, bookQueueName(run.bookId), RUN_ATTEMPTS, jobKey(run.id)] });
  }
}
