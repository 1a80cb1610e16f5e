import type { AlertSettings } from '../alerts/AlertSettings.js';
import type { Worker } from 'node:worker_threads';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { RateLimiter } from '../etherscan/RateLimiter.js';
import { leaseRateLimiter, rateLimiterFor } from '../etherscan/RateLimiter.js';
import type { WorkerFailure } from '../pipeline/workerCsvPart.js';
import { rebuildFailure } from '../pipeline/workerCsvPart.js';
import { redact } from '../secrets/redact.js';
import { startWorker } from '../startWorker.js';
import type { ApiAccess } from './jobForRun.js';
import type { Run } from './WorkspaceData.js';

/** What a run thread is started with: plain data. The API key is among it, and goes nowhere else (never logged, never written). */
export interface RunThreadData {
  dataDir: string;
  api: ApiAccess;
  alerts: AlertSettings;
}

/** Whose send slot a thread waits for: the key's (with an endpoint's tighter limit, by its rate) or a price source's. */
export type PacerName = { kind: 'key'; endpointRate?: number } | { kind: 'price'; source: string; rate: number };

/** How a run on a thread ended: `executeRun` returned (the run's outcome is recorded) or threw. */
export type RunThreadOutcome = { type: 'done' } | { type: 'failed'; failure: WorkerFailure };

export type RunThreadMessage =
  { type: 'changed'; runId: number | null } | { type: 'acquire'; id: number; pacer: PacerName } | RunThreadOutcome;

/** `clockOffsetMs`: the workspace's clock minus the system's when the run starts; the thread's clock runs on from there. */
export type RunThreadOrder =
  { type: 'run'; run: Run; clockOffsetMs: number } | { type: 'stop'; reason: string } | { type: 'acquired'; id: number; at: number };

/**
 * The embedded workspace's runs, each on a worker thread (`runThread`): a run's sync, ledger, render and the refresh
 * of its book's transactions table take seconds of CPU, and on the server's thread every page and event stream would
 * wait for them. A thread opens `workspace.db` and the books' stores on connections of its own and runs `executeRun`,
 * as a `ledgerscan worker` does, one run at a time; it is kept for the next run (its start, modules and connection,
 * takes seconds on a busy machine, ≈ 7 s under tsx at load 17). What stays here is what the runs share: the key's one
 * limiter and the price sources' pacers (each send slot booked here by message, waited for on the run's thread), the
 * stop (a message), and the announcement of the runs they change to this thread's data (`changeFeed`), which the
 * event streams listen to.
 */
export class RunThreads {
  private readonly listeners = new Set<(runId: number | null) => void>();
  private readonly idle: Worker[] = [];

  constructor(private readonly options: { dataDir: string; api: ApiAccess; alerts: AlertSettings; now: () => Date }) {}

  /** The workspace data's feed of runs changed elsewhere: by the threads, which announce each write of theirs. */
  readonly changeFeed = (emit: (runId: number | null) => void): { close(): Promise<void> } => {
    this.listeners.add(emit);
    return { close: () => Promise.resolve(void this.listeners.delete(emit)) };
  };

  /** Runs `run` on a kept thread or a new one; settles once the thread has recorded the outcome. */
  execute(run: Run, signal: AbortSignal): Promise<void> {
    const { api, now } = this.options;
    const worker = this.idle.pop() ?? this.start();
    worker.ref();
    // Held at the run's rate while it goes, as a run in this process held it (`leaseRateLimiter`).
    const lease = leaseRateLimiter(api.apiKey, api.rate);
    const order = (message: RunThreadOrder): void => worker.postMessage(message);
    const stop = (): void => order({ type: 'stop', reason: signal.reason instanceof Error ? signal.reason.message : 'stopped' });
    order({ type: 'run', run, clockOffsetMs: now().getTime() - Date.now() });
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    return new Promise<void>((resolve, reject) => {
      const settle = (outcome: RunThreadOutcome | undefined): void => {
        worker.off('message', heard);
        worker.off('error', failed);
        worker.off('exit', ended);
        signal.removeEventListener('abort', stop);
        lease.release();
        if (outcome?.type === 'done') resolve();
        else if (outcome === undefined) reject(new LedgerscanError('the run thread stopped'));
        else reject(rebuildFailure(redacted(outcome.failure, api.apiKey)));
      };
      const heard = (message: RunThreadMessage): void => {
        if (message.type === 'changed') for (const listener of this.listeners) listener(message.runId);
        else if (message.type === 'acquire') order({ type: 'acquired', id: message.id, at: this.slotAt(lease.limiter, message.pacer) });
        else {
          // Kept for the next run, without holding the process open meanwhile.
          worker.unref();
          this.idle.push(worker);
          settle(message);
        }
      };
      let failure: RunThreadOutcome | undefined;
      const failed = (error: Error): void => void (failure = { type: 'failed', failure: threadFailure(error) });
      const ended = (): void => settle(failure);
      worker.on('message', heard);
      worker.on('error', failed);
      worker.on('exit', ended);
    });
  }

  private start(): Worker {
    const { dataDir, api, alerts } = this.options;
    const worker = startWorker('runThread', import.meta.url, { workerData: { dataDir, api, alerts } satisfies RunThreadData });
    // A kept thread that fails is dropped; a running one's failure is its run's (`execute`).
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }

  /** Ends the kept threads (none is running: the queue has stopped its runs first). */
  async close(): Promise<void> {
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((worker) => worker.terminate()));
  }

  /**
   * The send slot a thread asked for, booked on this process's limiters, which every run's thread shares, as a time
   * since the epoch: the thread waits for it on its own loop, so this loop's delays never stretch a run's wait twice.
   */
  private slotAt(keyLimiter: RateLimiter, pacer: PacerName): number {
    const { apiKey } = this.options.api;
    if (pacer.kind === 'price') return performance.timeOrigin + rateLimiterFor(`\u0000price source ${pacer.source}`, pacer.rate).reserve();
    const endpoint =
      pacer.endpointRate === undefined ? undefined : rateLimiterFor(`${apiKey}\u0000endpoint ${pacer.endpointRate}`, pacer.endpointRate);
    return performance.timeOrigin + keyLimiter.reserve(endpoint);
  }
}

function threadFailure(error: Error): WorkerFailure {
  return { message: error.message, shortMessage: 'the run thread failed', details: {}, kind: 'internal' };
}

/** A failure from the thread without the key: the thread redacts what it records, and this is what it threw. */
function redacted(failure: WorkerFailure, apiKey: string): WorkerFailure {
  return { ...failure, message: redact(failure.message, apiKey), shortMessage: redact(failure.shortMessage, apiKey) };
}
