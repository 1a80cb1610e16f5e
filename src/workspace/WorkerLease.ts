import type { Worker } from 'node:worker_threads';
import type { WorkerUtils } from 'graphile-worker';
import { startWorker } from '../startWorker.js';
import { SCHEMA } from '../db/postgres/postgresMigrations.js';

/**
 * Workers (graphile-worker pools, whose id a locked job carries) holding a job without a beat within the lease: a worker that died before its first beat counts too.
 * `graphile_worker.jobs` is graphile-worker's public view of its jobs. Schema-qualified: graphile-worker's
 * connections do not have ours on their search path.
 */
const STALE = `SELECT DISTINCT j.locked_by AS worker_id FROM graphile_worker.jobs j
  WHERE j.locked_by IS NOT NULL AND j.locked_at < clock_timestamp() - make_interval(secs => $1)
    AND NOT EXISTS (SELECT 1 FROM ${SCHEMA}.worker_heartbeats h WHERE h.worker_id = j.locked_by AND h.beat_at >= clock_timestamp() - make_interval(secs => $1))
  ORDER BY 1`;

/** The given workers, and any silent for a day (long gone, holding nothing). */
const FORGET = `DELETE FROM ${SCHEMA}.worker_heartbeats WHERE worker_id = ANY($1::text[]) OR beat_at < clock_timestamp() - interval '1 day'`;

/**
 * The bounded lease of the distributed queue. graphile-worker keeps a job locked by a crashed worker for four
 * hours; here every worker beats (on a thread, see heartbeatThread) and every worker looks, each beat, for
 * workers silent longer than `leaseSeconds`: their jobs are given back with graphile-worker's documented
 * `forceUnlockWorkers`, and the next free worker takes them and resumes the run from the store.
 */
export class WorkerLease {
  private readonly thread: Worker;
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    url: string,
    private readonly workerId: string,
    private readonly utils: WorkerUtils,
    private readonly options: { leaseSeconds: number; beatSeconds: number; log: (line: string) => void },
  ) {
    this.thread = startWorker('heartbeatThread', import.meta.url, { workerData: { url, workerId, everyMs: options.beatSeconds * 1000 } });
    this.thread.unref();
  }

  start(): void {
    this.timer = setInterval(() => {
      this.sweeping = this.sweeping.then(async () => {
        await this.sweep();
      });
    }, this.options.beatSeconds * 1000);
  }

  /** Gives back the jobs of every worker whose last beat is older than the lease. */
  async sweep(): Promise<string[]> {
    try {
      return await this.utils.withPgClient(async (client) => {
        const stale = (await client.query<{ worker_id: string }>(STALE, [this.options.leaseSeconds])).rows
          .map((row) => row.worker_id)
          .filter((id) => id !== this.workerId);
        if (stale.length === 0) return [];
        await this.utils.forceUnlockWorkers(stale);
        await client.query(FORGET, [stale]);
        this.options.log(`gave back the jobs of ${stale.join(', ')}: silent for over ${this.options.leaseSeconds} s`);
        return stale;
      });
    } catch (error) {
      this.options.log(`lease check failed (tried again in ${this.options.beatSeconds} s): ${(error as Error).message}`);
      return [];
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
    await this.thread.terminate();
    // A worker that stops cleanly has no jobs left to give back; forgetting it at once keeps the table short.
    await this.utils.withPgClient((client) => client.query(FORGET, [[this.workerId]])).catch(() => undefined);
  }
}
