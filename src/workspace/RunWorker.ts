import { EventEmitter } from 'node:events';
import type { JobHelpers, Runner, WorkerEvents, WorkerUtils } from 'graphile-worker';
import { makeWorkerUtils, run as runGraphile } from 'graphile-worker';
import type { ApiKeyEntry } from '../config/parseApiKeys.js';
import type { ApiAccess } from './jobForRun.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { PostgresRateLimiter } from '../etherscan/PostgresRateLimiter.js';
import { SharedPricePacers } from '../pipeline/SharedPricePacers.js';
import { redact } from '../secrets/redact.js';
import { isDatabaseUnavailable, unlessDatabaseAway } from '../db/postgres/DatabaseUnavailableError.js';
import { executeRun } from './executeRun.js';
import { RUN_TASK } from './GraphileRunQueue.js';
import { graphileLogger } from './graphileLogger.js';
import type { DistributedOptions } from './openDistributedWorkspace.js';
import { openDistributedWorkspace } from './openDistributedWorkspace.js';
import { WorkerLease } from './WorkerLease.js';
import type { Workspace } from './Workspace.js';
import { FINISHED_STATUSES } from './WorkspaceData.js';
import { nextUtcMidnight, utcDay } from './nightSummary.js';
import { QuotaLimiter } from './QuotaLimiter.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';

export interface RunWorkerOptions extends Omit<DistributedOptions, 'api'> {
  keys: readonly ApiKeyEntry[];
  baseUrl: string;
  historicalRate?: number | undefined;
  /** COINGECKO_API_KEY of the worker's environment, for books that price with CoinGecko. */
  coingeckoKey?: string | undefined;
  /** A worker silent this long has its run given to another (default 30 s). */
  leaseSeconds?: number;
  /** How often this worker beats and looks for silent ones (default 5 s). */
  beatSeconds?: number;
  /** Fire schedules from this worker too (default true; each tick fires once across the cluster). */
  scheduler?: boolean;
  schedulerEveryMs?: number;
  log: (line: string) => void;
}

/** How long a run waits for the database to come back before it is failed (it is given back to the queue if it does). */
const DATABASE_WAIT_MS = 300_000;

/**
 * `ledgerscan worker`: takes runs from the graphile-worker queue one at a time and executes them with the same
 * `executeRun` as the embedded workspace, with the API key `pickKey` chooses across the cluster and that key's
 * limiter shared on the database. A run it takes up after a dead worker resumes from the store.
 */
export class RunWorker {
  private stopping = false;
  private readonly limiters = new Map<string, Promise<PostgresRateLimiter>>();
  private readonly pricePacers: SharedPricePacers;
  private runner: Runner | undefined;
  private lease: WorkerLease | undefined;
  /** The graphile-worker pool's id, as locked jobs and heartbeats name this worker. */
  workerId = '';

  private constructor(
    readonly workspace: Workspace,
    private readonly options: RunWorkerOptions,
    private readonly utils: WorkerUtils,
  ) {
    this.pricePacers = new SharedPricePacers(options.database);
  }

  static async start(options: RunWorkerOptions): Promise<RunWorker> {
    const first = options.keys[0];
    if (first === undefined) throw new LedgerscanError('a worker needs at least one API key');
    const utils = await makeWorkerUtils({ connectionString: options.database, logger: graphileLogger(options.log) });
    let workspace: Workspace;
    try {
      workspace = await openDistributedWorkspace({ ...options, api: apiAccess(options, first) }, utils);
    } catch (error) {
      await utils.release();
      throw error;
    }
    const worker = new RunWorker(workspace, options, utils);
    await worker.begin();
    return worker;
  }

  private async begin(): Promise<void> {
    const events: WorkerEvents = new EventEmitter();
    // A job's `locked_by` is its worker pool's id (graphile-worker 0.17 fetches for the pool): that is the id
    // that beats and that `forceUnlockWorkers` is given.
    events.on('pool:create', ({ workerPool }) => {
      this.workerId = workerPool.id;
    });
    this.runner = await runGraphile({
      connectionString: this.options.database,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 1000,
      events,
      logger: graphileLogger(this.options.log),
      taskList: { [RUN_TASK]: (payload, helpers) => this.execute((payload as { runId: number }).runId, helpers) },
    });
    this.lease = new WorkerLease(this.options.database, this.workerId, this.utils, {
      leaseSeconds: this.options.leaseSeconds ?? 30,
      beatSeconds: this.options.beatSeconds ?? 5,
      log: this.options.log,
    });
    this.lease.start();
    await this.workspace.start({
      scheduler: this.options.scheduler ?? true,
      ...(this.options.schedulerEveryMs === undefined ? {} : { schedulerEveryMs: this.options.schedulerEveryMs }),
    });
    this.options.log(`worker ${this.workerId} takes runs (keys ${this.options.keys.map((key) => key.name).join(', ')})`);
  }

  /** Finishes nothing new: the run going is stopped within graphile-worker's shutdown delay and given back to the queue. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    await this.runner?.stop();
    await this.lease?.stop();
    await this.workspace.close();
    await this.utils.release();
    for (const limiter of this.limiters.values()) await (await limiter).close();
    await this.pricePacers.close();
  }

  private async execute(runId: number, helpers: JobHelpers): Promise<void> {
    const { data } = this.workspace;
    const run = await data.getRun(runId);
    // Stopped before a worker took it, finished (or deferred) by a worker the lease wrongly thought dead: nothing to do.
    if (run === undefined || FINISHED_STATUSES.includes(run.status) || run.status === 'deferred') return;
    // Stopped by a person while its worker was dead: taken up only to be recorded as stopped.
    if (await data.stopRequested(runId)) {
      await data.updateRun(runId, { status: 'stopped', finishedAt: this.workspace.now().toISOString() });
      await data.appendLog(runId, 'stopped; the store keeps what was fetched');
      return;
    }
    if (run.status === 'running')
      await data.appendLog(runId, `taken up by ${this.workerId}: the worker running it stopped; resuming from the store`);
    // The attempt before this one (on another key, or yesterday's before its deferral) is kept before this one's progress replaces it.
    if (run.apiKeyName !== null && run.startedAt !== null && run.progress.apiCalls > 0)
      await data.nights.keepAttempt(runId, run.startedAt, run.apiKeyName, run.progress.apiCalls);
    // Running first: the key with the fewest runs going is counted over running runs, this one included.
    await data.updateRun(runId, { status: 'running' });
    const day = utcDay(this.workspace.now().toISOString());
    const keyName = await data.assignApiKey(runId, this.options.keys, day);
    if (keyName === null) return this.deferAll(runId);
    const key = this.options.keys.find((candidate) => candidate.name === keyName) ?? this.options.keys[0]!;
    const limiter = await this.limiterOf(key);
    const controller = new AbortController();
    const watch = setInterval(() => {
      void unlessDatabaseAway(async () => {
        if (await data.stopRequested(runId)) controller.abort(new Error('stopped'));
      });
    }, 1000);
    const shutdown = (): void => controller.abort(new Error('worker stopping'));
    helpers.abortSignal.addEventListener('abort', shutdown, { once: true });
    this.options.log(`run ${runId} (${run.request.kind}, book ${run.bookId}) on key ${key.name}`);
    try {
      await executeRun(this.workspace.runContext(apiAccess(this.options, key), limiter, this.pricePacers.pacerFor), run, controller.signal);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      await this.waitForDatabase(runId);
      return await this.giveBack(runId, helpers, `the database went away (${redact((error as Error).message, key.key)})`);
    } finally {
      clearInterval(watch);
      helpers.abortSignal.removeEventListener('abort', shutdown);
    }
    const after = await data.getRun(runId);
    // This key's quota ran out mid-run while another key has calls left today: the run goes on there now, not tomorrow.
    if (after?.status === 'deferred' && helpers.job.attempts < helpers.job.max_attempts && (await this.otherKeyOpen(key.name, day))) {
      if (await data.nights.requeueDeferred(runId)) {
        await data.appendLog(runId, `queued again: key ${key.name} spent its daily quota; another key has calls left today`);
        throw new LedgerscanError(`run ${runId} queued again for another key`);
      }
    }
    if (helpers.abortSignal.aborted && after?.status === 'stopped' && !(await data.stopRequested(runId)))
      return this.giveBack(runId, helpers, `worker ${this.workerId} is stopping`);
    this.options.log(`run ${runId}: ${after?.status ?? 'gone'}`);
  }

  /**
   * Queued again, and the job failed so that graphile-worker tries it again after its delay, on any worker; the
   * store keeps every page fetched. On the job's last try the run fails instead, so no run waits for ever.
   */
  private async giveBack(runId: number, helpers: JobHelpers, reason: string): Promise<never> {
    const { data } = this.workspace;
    if (helpers.job.attempts >= helpers.job.max_attempts) {
      await data.updateRun(runId, {
        status: 'failed',
        error: `${reason}; tried ${helpers.job.attempts} times`,
        finishedAt: this.workspace.now().toISOString(),
      });
      await data.appendLog(runId, `failed: ${reason}, the last of ${helpers.job.max_attempts} tries`);
    } else {
      await data.updateRun(runId, { status: 'queued', error: null, finishedAt: null });
      await data.appendLog(runId, `queued again: ${reason}; the store keeps what was fetched`);
    }
    throw new LedgerscanError(reason);
  }

  /** Polls until a statement goes through again; the run stays locked to this worker meanwhile. */
  private async waitForDatabase(runId: number): Promise<void> {
    const until = Date.now() + DATABASE_WAIT_MS;
    for (;;) {
      try {
        await this.workspace.data.getRun(runId);
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  /** Every key's daily quota is spent: the run waits for the next 00:00 UTC (the schedulers queue it again then). */
  private async deferAll(runId: number): Promise<void> {
    const { data } = this.workspace;
    const reason = `every API key has spent its daily quota (${this.options.keys.map((key) => `${key.name} ${key.dailyQuota ?? '∞'}`).join(', ')})`;
    const resumeAt = nextUtcMidnight(this.workspace.now()).toISOString();
    await data.updateRun(runId, { status: 'deferred', error: reason, resumeAt });
    await data.appendLog(runId, `deferred until ${resumeAt}: ${reason}`);
    this.options.log(`run ${runId}: deferred (every key's daily quota spent)`);
  }

  private async otherKeyOpen(spent: string, day: string): Promise<boolean> {
    const used = await this.workspace.data.nights.keyCalls(day);
    return this.options.keys.some(
      (key) => key.name !== spent && (key.dailyQuota === undefined || (used.get(key.name) ?? 0) < key.dailyQuota),
    );
  }

  /** The key's limiter shared on the database, counting its daily quota when it has one. */
  private async limiterOf(key: ApiKeyEntry): Promise<KeyLimiter> {
    let limiter = this.limiters.get(key.name);
    if (limiter === undefined) {
      limiter = PostgresRateLimiter.open(this.options.database, key.key, key.rate);
      this.limiters.set(key.name, limiter);
    }
    const shared = await limiter;
    return key.dailyQuota === undefined
      ? shared
      : new QuotaLimiter(shared, this.workspace.data.nights, { name: key.name, dailyQuota: key.dailyQuota }, this.workspace.now);
  }
}

/** How a run of this worker reaches the API with one of its keys. */
function apiAccess(options: RunWorkerOptions, key: ApiKeyEntry): ApiAccess {
  return {
    apiKey: key.key,
    baseUrl: options.baseUrl,
    rate: key.rate,
    historicalRate: options.historicalRate,
    coingeckoKey: options.coingeckoKey,
  };
}
