/**
 * Worker thread of `RunThreads`: one run of the embedded workspace through `executeRun`, on connections of its own to
 * `workspace.db` (its book's transactions table included) and the book's store, so the server's event loop never
 * syncs, builds a ledger or renders. Each run it writes is announced to the server; each send slot is asked of it,
 * so every run shares the key's one limiter and the price sources' pacers; a stop arrives as a message.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import { failureOf } from '../pipeline/workerCsvPart.js';
import type { Pacer } from '../priceSources/priceHttp.js';
import { embeddedBookPlaces } from './BookPlaces.js';
import { SqlBookEntries } from './entries/SqlBookEntries.js';
import { executeRun } from './executeRun.js';
import { openSqliteWorkspace } from './openWorkspaceData.js';
import type { PacerName, RunThreadData, RunThreadMessage, RunThreadOrder, RunThreadOutcome } from './RunThreads.js';

const port = parentPort;
if (port === null) throw new Error('runThread runs as a worker thread');
const { dataDir, api, alerts, run, clockOffsetMs } = workerData as RunThreadData;
const post = (message: RunThreadMessage): void => port.postMessage(message);

const controller = new AbortController();
const granted = new Map<number, () => void>();
let asked = 0;
port.on('message', (order: RunThreadOrder) => {
  if (order.type === 'stop') controller.abort(new Error(order.reason));
  else granted.get(order.id)?.();
});

/** Resolves when the server grants the slot; an aborted wait keeps its slot used, as the in-process limiter's does. */
function slot(pacer: PacerName, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  const id = (asked += 1);
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      granted.delete(id);
      reject(signal?.reason);
    };
    granted.set(id, () => {
      granted.delete(id);
      signal?.removeEventListener('abort', abort);
      resolve();
    });
    signal?.addEventListener('abort', abort, { once: true });
    post({ type: 'acquire', id, pacer });
  });
}

const limiter: KeyLimiter = {
  acquire: (signal, also) => slot(also === undefined ? { kind: 'key' } : { kind: 'key', endpointRate: also.rate }, signal),
};
const pricePacerFor = (source: string, rate: number): Pacer => ({ acquire: (signal) => slot({ kind: 'price', source, rate }, signal) });

const { data, db } = openSqliteWorkspace(path.join(dataDir, 'workspace.db'));
data.onRunChange((runId) => post({ type: 'changed', runId }));
let outcome: RunThreadOutcome;
try {
  const context = {
    data,
    stores: embeddedBookPlaces(dataDir),
    entries: new SqlBookEntries(db),
    api,
    alerts,
    now: () => new Date(Date.now() + clockOffsetMs),
    limiter,
    pricePacerFor,
  };
  await executeRun(context, run, controller.signal);
  outcome = { type: 'done' };
} catch (error) {
  outcome = { type: 'failed', failure: failureOf(error, error instanceof Error ? error.message : String(error)) };
}
await data.close();
post(outcome);
