import type { ErrorDetails, ErrorKind } from '../errors/LedgerscanError.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { CsvBatch, CsvTally } from '../templates/CsvBatch.js';
import type { CsvPart } from '../templates/CsvPart.js';
import type { Template } from '../templates/Template.js';
import type { BridgePairs } from '../ledger/pairBridges.js';
import { startWorker } from '../startWorker.js';
import type { StoreLocation } from '../store/StoreLocation.js';
import type { TalliedPrices } from '../prices/PriceTally.js';
import type { CacheUse } from './openCacheReader.js';
import type { ThreadPrices } from './RenderValuation.js';
import type { ChainBlocks, LedgerJob } from './ledgerFromStore.js';
import type { OutputPassSpec } from './OutputPass.js';

/** What a worker renders: one template over some chains of the store's ledger. Plain data (no API key). */
export interface CsvPartSpec {
  /** The thread opens the store again there, on a connection of its own. */
  store: StoreLocation;
  ledger: LedgerJob;
  chains: readonly ChainBlocks[];
  template: Template;
  /** Worked out over every chain of the ledger, not only this part's. */
  bridgePairs: BridgePairs;
  /** A valued export's prices for these chains (the thread opens no oracle and makes no price call). */
  prices?: ThreadPrices;
  /** With the cache's prices, a collecting render's: the rows are tallied, these balance instants asked, and the tally sent back. */
  tallyInstants?: readonly number[];
  /** The export's outputs, fed this part's entries on the thread; their states sent back with its counts. */
  outputs?: OutputPassSpec;
}

/** A collecting part's tally, sent with its counts. */
export interface PartTally {
  tallied: TalliedPrices;
  use: CacheUse;
}

/** An error as it crosses back from the worker: the base error's fields, rebuilt on this side. */
export interface WorkerFailure {
  message: string;
  shortMessage: string;
  details: ErrorDetails;
  kind: ErrorKind;
}

export type WorkerMessage =
  | { type: 'batch'; batch: CsvBatch }
  | { type: 'done'; tally: CsvTally; prices?: PartTally; outputs?: unknown[] }
  | { type: 'error'; failure: WorkerFailure };

/** What the parent hears of a part besides its batches: a collecting part's price tally, the outputs' states. */
export interface PartListeners {
  onTally?: (part: PartTally) => void;
  onOutputs?: (states: unknown[]) => void;
}

/**
 * Batches a worker may send before this thread took them: enough to keep it busy, few enough that a
 * slower merge does not pile them up (16 cost ≈ 30 MB more peak RSS at 1M entries than 2, for no speed).
 */
export const WORKER_AHEAD = 2;

/**
 * A worker streams: what it allocates for a batch is garbage once the batch is posted, if the batch dies young.
 * At 1M entries in parts, with batches of 250 rows, a 16 MB young generation spent 0.4–0.6 s of the worker's
 * ≈ 8 s in the collector, where 4 MB spent 1.0–1.9 s promoting rows that then died old. 32 MB halves the
 * worker's scavenges (554 → 281 at 1M valued) and took less CPU in 8 of 9 alternated pairs (median −0.25 s, the
 * helpers' share of the collections −0.1 s in every pair of a round) for 14 MB more peak (183 → 197 MB, run as users
 * run it); 48 MB saved no more. The old generation is left unbounded, so no ledger can run it out of memory.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 32 };

/**
 * A thread for a part, started before its part is known: its isolate boots and loads `csvPartWorker`'s modules on
 * another core while this thread weighs the parts, and waits for the spec of what it renders.
 */
export interface CsvPartThread {
  /**
   * The part this thread renders: a `CsvPart` whose batches queue here as they arrive; each taken batch gives the
   * worker room for one more. A collecting part's tally and the outputs' states go to the listeners before its end.
   */
  render(spec: CsvPartSpec, listeners?: PartListeners): CsvPart;
  /** Ends a thread that got no part. */
  stop(): Promise<void>;
}

export function workerCsvPart(): CsvPartThread {
  const worker = startWorker('csvPartWorker', import.meta.url, { resourceLimits: WORKER_LIMITS }, true);
  const queue: CsvBatch[] = [];
  let listeners: PartListeners = {};
  let tally: CsvTally | null = null;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const settle = (): void => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'batch') queue.push(message.batch);
    else if (message.type === 'done') {
      tally = message.tally;
      if (message.prices !== undefined) listeners.onTally?.(message.prices);
      if (message.outputs !== undefined) listeners.onOutputs?.(message.outputs);
    } else failure = rebuildFailure(message.failure);
    settle();
  });
  // Listened to from the start: a thread that fails while it loads its modules must not throw in this one.
  worker.on('error', (error) => {
    failure = new LedgerscanError('the rendering thread failed', { cause: error });
    settle();
  });
  worker.on('exit', (code) => {
    if (tally === null && failure === null)
      failure = new LedgerscanError('the rendering thread stopped early', { details: { 'exit code': code } });
    settle();
  });
  const ready = (): boolean => queue.length > 0 || tally !== null || failure !== null;
  const stop = async (): Promise<void> => {
    await worker.terminate();
  };
  return {
    render(spec, partListeners = {}) {
      listeners = partListeners;
      worker.postMessage(spec);
      return {
        local: false,
        get ready() {
          return ready();
        },
        async next() {
          while (!ready()) await new Promise<void>((resolve) => (wake = resolve));
          if (failure !== null) throw failure;
          const batch = queue.shift();
          if (batch === undefined) return null;
          worker.postMessage('credit');
          return batch;
        },
        tally() {
          if (tally === null) throw new LedgerscanError('a rendering thread was asked for its counts before it finished');
          return tally;
        },
        cancel: stop,
      };
    },
    stop,
  };
}

/** An error of a worker thread as it crosses to its parent: plain data. */
export function failureOf(error: unknown, shortMessage: string): WorkerFailure {
  const known = error instanceof LedgerscanError ? error : null;
  return {
    message: error instanceof Error ? error.message : String(error),
    shortMessage: known?.shortMessage ?? shortMessage,
    details: known?.details ?? {},
    kind: known?.kind ?? 'internal',
  };
}

export function rebuildFailure(failure: WorkerFailure): LedgerscanError {
  return new LedgerscanError(failure.shortMessage, { details: failure.details, kind: failure.kind, cause: new Error(failure.message) });
}
