import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { unlessDatabaseAway } from '../db/postgres/DatabaseUnavailableError.js';
import { claimPriority } from './claimPriority.js';
import type { RunQueue } from './RunQueue.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { Run, WorkspaceData } from './WorkspaceData.js';
import type { WorkspaceTables } from './workspaceRows.js';
import { FINISHED_STATUSES } from './WorkspaceData.js';

/** The graphile-worker task that executes one run; its payload is `{ runId }`. */
export const RUN_TASK = 'ledgerscan_run';

/**
 * Tries of one run's job. A run that fails (API refusal, bad input) ends its job on the first try; only a lost
 * database connection or a worker shutting down gives the job back for another try, after graphile-worker's
 * exponential delay (about 3 s, 7 s, 20 s, 55 s: a database restart fits in well under two minutes).
 */
const RUN_ATTEMPTS = 5;

/**
 * A named queue per book: graphile-worker runs one job of a queue at a time across the cluster, so one run per
 * book at a time, whichever worker takes it; runs of different books go side by side on different workers.
 */
function bookQueueName(bookId: number): string {
  return `ledgerscan_book_${bookId}`;
}

const JOB_KEY_PREFIX = 'ledgerscan_run_';

function jobKey(runId: number): string {
  return `${JOB_KEY_PREFIX}${runId}`;
}

/** How often a process looks for queued runs left without a job; a sixth of the workers' default 30 s lease, as its checks. */
const MEND_EVERY_MS = 5_000;

/**
 * The distributed queue as the server and the schedulers see it: a run is a row in the workspace data plus a
 * graphile-worker job in the same database; `ledgerscan worker` processes execute the jobs (`RunWorker`).
 * Nothing runs in this process. The run row is written first (a scheduler's new run, a deferred run queued again
 * when its day comes), its job next: a process killed between the two leaves a queued run that no worker would
 * ever take. Every process with the queue open looks for such runs every `MEND_EVERY_MS` and adds their jobs, as
 * the lease gives back the jobs of a dead worker: a crash costs a run seconds, never its night.
 */
export class GraphileRunQueue implements RunQueue {
  private readonly waiters = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private mender: NodeJS.Timeout | undefined;
  private mending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly data: WorkspaceData,
    private readonly db: Kysely<WorkspaceTables>,
    private readonly now: () => Date,
  ) {}

  async start(): Promise<void> {
    await this.mend();
    this.mender = setInterval(() => {
      // A look that fails is the next look's to do again: one failure must not end the looks.
      this.mending = this.mending.then(() => unlessDatabaseAway(() => this.mend())).catch(() => undefined);
    }, MEND_EVERY_MS);
    this.mender.unref();
  }

  async enqueue(bookId: number, request: RunRequest, trigger: Run['trigger']): Promise<Run> {
    const run = await this.data.addRun(bookId, request, trigger, this.now().toISOString());
    await this.addJob(run);
    return run;
  }

  resume(run: Run): Promise<void> {
    return this.addJob(run);
  }

  /**
   * A queued run's job is removed and the run marked stopped here; a running one is flagged, and the worker that
   * runs it stops it within a second (it polls the flag), keeping what it fetched. If a worker took the job in
   * between, it finds the run stopped and leaves it.
   */
  async stop(runId: number): Promise<boolean> {
    const run = await this.data.getRun(runId);
    if (run === undefined || FINISHED_STATUSES.includes(run.status)) return false;
    // A deferred run has no job until its day comes: stopping it is only recording it.
    if (run.status === 'deferred') {
      await this.data.updateRun(runId, { status: 'stopped', resumeAt: null, finishedAt: this.now().toISOString() });
      await this.data.appendLog(runId, 'stopped while deferred');
      return true;
    }
    if (run.status === 'running') {
      await this.data.requestStop(runId);
      return true;
    }
    // Deletes the job unless a worker holds it; then it only stops it from being tried again.
    await sql`SELECT 1 FROM graphile_worker.remove_job(${jobKey(runId)})`.execute(this.db);
    await this.data.updateRun(runId, { status: 'stopped', finishedAt: this.now().toISOString() });
    await this.data.appendLog(runId, 'stopped before it started');
    return true;
  }

  async counts(): Promise<{ queued: number; running: number }> {
    return { queued: (await this.data.queuedRuns()).length, running: (await this.data.runningRuns()).length };
  }

  /** Resolves once no run is queued or running anywhere in the cluster (polled: the workers are other processes). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.add(resolve);
      void this.poll();
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.mender);
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
    // The pool closes after this: a look under way ends first.
    await this.mending;
  }

  /**
   * Adds the job of every queued run that has none (see the class). A run whose writer is alive and about to add
   * its job is harmless to add here too: `unsafe_dedupe` keeps one job per run.
   */
  private async mend(): Promise<void> {
    const orphans = await sql<{ id: number }>`SELECT r.id FROM runs r WHERE r.status = 'queued'
      AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = ${JOB_KEY_PREFIX} || r.id) ORDER BY r.id`.execute(this.db);
    for (const { id } of orphans.rows) {
      const run = await this.data.getRun(id);
      if (run?.status === 'queued') await this.addJob(run);
    }
  }

  private async poll(): Promise<void> {
    clearTimeout(this.timer);
    const counts = await unlessDatabaseAway(() => this.counts());
    if (counts === undefined || counts.queued + counts.running > 0) {
      this.timer = setTimeout(() => void this.poll(), 250);
      return;
    }
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
  }

  /**
   * `unsafe_dedupe`: adding the job of a run that already has one does nothing, so adding it again is always safe. Its
   * priority puts the runs expected short first, with ageing (`claimPriority`): a long book does not hold the short ones.
   */
  private async addJob(run: Run): Promise<void> {
    const priority = claimPriority(await this.data.nights.expectedSeconds(run.bookId, run.request.kind), this.now());
    await sql`SELECT 1 FROM graphile_worker.add_job(${RUN_TASK}, json_build_object('runId', ${run.id}::integer), queue_name => ${bookQueueName(run.bookId)},
      max_attempts => ${RUN_ATTEMPTS}, job_key => ${jobKey(run.id)}, job_key_mode => 'unsafe_dedupe', priority => ${priority}::integer)`.execute(
      this.db,
    );
  }
}
