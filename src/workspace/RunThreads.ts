import type { AlertSettings } from '../alerts/AlertSettings.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { RateLimiter } from '../etherscan/RateLimiter.js';
import { leaseRateLimiter, rateLimiterFor } from '../etherscan/RateLimiter.js';
import type { WorkerFailure } from '../pipeline/workerCsvPart.js';
import { rebuildFailure } from '../pipeline/workerCsvPart.js';
import { redact } from '../secrets/redact.js';
import { startWorker } from '../startWorker.js';
import type { ApiAccess } from './jobForRun.js';
import type { Run } from './WorkspaceData.js';

/** What a run's thread is given: plain data. The API key is among it, and goes nowhere else (never logged, never written). */
export interface RunThreadData {
  dataDir: string;
  api: ApiAccess;
  alerts: AlertSettings;
  run: Run;
  /** The workspace's clock minus the system's when the thread starts: the thread's clock runs on from there. */
  clockOffsetMs: number;
}

/** Whose send slot a thread waits for: the key's (with an endpoint's tighter limit, by its rate) or a price source's. */
export type PacerName = { kind: 'key'; endpointRate?: number } | { kind: 'price'; source: string; rate: number };

/** How a run's thread ended: `executeRun` returned (the run's outcome is recorded) or threw. */
export type RunThreadOutcome = { type: 'done' } | { type: 'failed'; failure: WorkerFailure };

export type RunThreadMessage =
  { type: 'changed'; runId: number | null } | { type: 'acquire'; id: number; pacer: PacerName } | RunThreadOutcome;

export type RunThreadOrder = { type: 'stop'; reason: string } | { type: 'acquired'; id: number };

/**
 * The embedded workspace's runs, each on a worker thread of its own (`runThread`): a run's sync, ledger, render and
 * the refresh of its book's transactions table take seconds of CPU, and on the server's thread every page and event
 * stream would wait for them. The thread opens `workspace.db` and the book's store on connections of its own and
 * runs `executeRun`, as a `ledgerscan worker` does; what stays here is what the runs share: the key's one limiter
 * and the price sources' pacers (each send slot asked by message), and the announcement of the runs they change to
 * this thread's data (`changeFeed`), which the event streams listen to.
 */
export class RunThreads {
  private readonly listeners = new Set<(runId: number | null) => void>();

  constructor(private readonly options: { dataDir: string; api: ApiAccess; alerts: AlertSettings; now: () => Date }) {}

  /** The workspace data's feed of runs changed elsewhere: by the threads, which announce each write of theirs. */
  readonly changeFeed = (emit: (runId: number | null) => void): { close(): Promise<void> } => {
    this.listeners.add(emit);
    return { close: () => Promise.resolve(void this.listeners.delete(emit)) };
  };

  /** Runs `run` on a new thread; settles once the thread has recorded the outcome and ended. */
  execute(run: Run, signal: AbortSignal): Promise<void> {
    const { dataDir, api, alerts, now } = this.options;
    const workerData: RunThreadData = { dataDir, api, alerts, run, clockOffsetMs: now().getTime() - Date.now() };
    const worker = startWorker('runThread', import.meta.url, { workerData });
    // Held at the run's rate while it goes, as a run in this process held it (`leaseRateLimiter`).
    const lease = leaseRateLimiter(api.apiKey, api.rate);
    const order = (message: RunThreadOrder): void => worker.postMessage(message);
    const stop = (): void => order({ type: 'stop', reason: signal.reason instanceof Error ? signal.reason.message : 'stopped' });
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    return new Promise<void>((resolve, reject) => {
      let outcome: RunThreadOutcome | undefined;
      worker.on('message', (message: RunThreadMessage) => {
        if (message.type === 'changed') for (const listener of this.listeners) listener(message.runId);
        else if (message.type === 'acquire')
          void this.slot(lease.limiter, message.pacer).then(() => order({ type: 'acquired', id: message.id }));
        else {
          // The outcome is recorded and the thread's connections closed: nothing of the run is left to wait for.
          outcome = message;
          void worker.terminate();
        }
      });
      worker.on('error', (error) => (outcome ??= { type: 'failed', failure: threadFailure(error) }));
      worker.on('exit', () => {
        signal.removeEventListener('abort', stop);
        lease.release();
        if (outcome?.type === 'done') resolve();
        else if (outcome === undefined) reject(new LedgerscanError('the run thread stopped'));
        else reject(rebuildFailure(redacted(outcome.failure, api.apiKey)));
      });
    });
  }

  /** The send slot a thread asked for, on this process's limiters, which every run's thread shares. */
  private slot(keyLimiter: RateLimiter, pacer: PacerName): Promise<void> {
    const { apiKey } = this.options.api;
    if (pacer.kind === 'price') return rateLimiterFor(`\u0000price source ${pacer.source}`, pacer.rate).acquire();
    const endpoint =
      pacer.endpointRate === undefined ? undefined : rateLimiterFor(`${apiKey}\u0000endpoint ${pacer.endpointRate}`, pacer.endpointRate);
    return keyLimiter.acquire(undefined, endpoint);
  }
}

function threadFailure(error: Error): WorkerFailure {
  return { message: error.message, shortMessage: 'the run thread failed', details: {}, kind: 'internal' };
}

/** A failure from the thread without the key: the thread redacts what it records, and this is what it threw. */
function redacted(failure: WorkerFailure, apiKey: string): WorkerFailure {
  return { ...failure, message: redact(failure.message, apiKey), shortMessage: redact(failure.shortMessage, apiKey) };
}
