/**
 * Worker thread of `RunThreads`: the embedded workspace's runs it is given, one at a time, each through `executeRun`
 * on connections of its own to `workspace.db` (its book's transactions table included) and the books' stores, so the
 * server's event loop never syncs, builds a ledger or renders. Each run it writes is announced to the server; each
 * send slot is asked of it, so every run shares the key's one limiter and the price sources' pacers; a stop arrives
 * as a message.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import { sleep } from '../etherscan/sleep.js';
import { failureOf } from '../pipeline/workerCsvPart.js';
import type { Pacer } from '../priceSources/priceHttp.js';
import { embeddedBookPlaces } from './BookPlaces.js';
import { SqlBookEntries } from './entries/SqlBookEntries.js';
import { executeRun } from './executeRun.js';
import { openSqliteWorkspace } from './openWorkspaceData.js';
import type { PacerName, RunThreadData, RunThreadMessage, RunThreadOrder, RunThreadOutcome } from './RunThreads.js';
import type { Run } from './WorkspaceData.js';

const port = parentPort;
if (port === null) throw new Error('runThread runs as a worker thread');
const { dataDir, api, alerts } = workerData as RunThreadData;
const post = (message: RunThreadMessage): void => port.postMessage(message);

let controller = new AbortController();
const granted = new Map<number, (at: number) => void>();
let asked = 0;
/**
 * Resolves at the slot the server booked (a time since the epoch), waited for here; an aborted wait keeps its slot
 * used, as the in-process limiter's does.
 */
async function slot(pacer: PacerName, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  const id = (asked += 1);
  const at = await new Promise<number>((resolve, reject) => {
    const abort = (): void => {
      granted.delete(id);
      reject(signal?.reason);
    };
    granted.set(id, (booked) => {
      granted.delete(id);
      signal?.removeEventListener('abort', abort);
      resolve(booked);
    });
    signal?.addEventListener('abort', abort, { once: true });
    post({ type: 'acquire', id, pacer });
  });
  const wait = at - (performance.timeOrigin + performance.now());
  // Rounded up: timers fire on whole milliseconds and must never fire early.
  if (wait > 0) await sleep(Math.ceil(wait), signal);
}

const limiter: KeyLimiter = {
  acquire: (signal, also) => slot(also === undefined ? { kind: 'key' } : { kind: 'key', endpointRate: also.rate }, signal),
};
const pricePacerFor = (source: string, rate: number): Pacer => ({ acquire: (signal) => slot({ kind: 'price', source, rate }, signal) });

const { data, db } = openSqliteWorkspace(path.join(dataDir, 'workspace.db'));
data.onRunChange((runId) => post({ type: 'changed', runId }));
const stores = embeddedBookPlaces(dataDir);
const entries = new SqlBookEntries(db);

async function execute(run: Run, clockOffsetMs: number): Promise<void> {
  controller = new AbortController();
  const now = (): Date => new Date(Date.now() + clockOffsetMs);
  let outcome: RunThreadOutcome;
  try {
    await executeRun({ data, stores, entries, api, alerts, now, limiter, pricePacerFor }, run, controller.signal);
    outcome = { type: 'done' };
  } catch (error) {
    outcome = { type: 'failed', failure: failureOf(error, error instanceof Error ? error.message : String(error)) };
  }
  post(outcome);
}

port.on('message', (order: RunThreadOrder) => {
  if (order.type === 'run') void execute(order.run, order.clockOffsetMs);
  else if (order.type === 'stop') controller.abort(new Error(order.reason));
  else granted.get(order.id)?.(order.at);
});
