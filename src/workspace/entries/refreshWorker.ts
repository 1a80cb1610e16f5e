/**
 * Worker thread: one refresh of a book's transactions table (`refreshInThread`), on connections of its own to the
 * workspace database and the book's store, so the server's event loop never builds a ledger.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgresPool } from '../../db/postgres/openPostgresPool.js';
import { failureOf } from '../../pipeline/workerCsvPart.js';
import { postgresKysely } from '../openWorkspaceData.js';
import { refreshEntries } from './refreshEntries.js';
import type { RefreshMessage, ThreadRefresh } from './refreshInThread.js';
import { SqlBookEntries } from './SqlBookEntries.js';

const port = parentPort;
if (port === null) throw new Error('refreshWorker runs as a worker thread');
const { database, refresh } = workerData as ThreadRefresh;
const post = (message: RefreshMessage): void => port.postMessage(message);

try {
  const db = postgresKysely(await openPostgresPool(database, { max: 1 }), database);
  try {
    const outcome = await refreshEntries({ ...refresh, now: new Date(refresh.now) }, new SqlBookEntries(db));
    post({ type: 'done', entries: outcome.entries });
  } finally {
    await db.destroy();
  }
} catch (error) {
  post({ type: 'error', failure: failureOf(error, 'the transactions table was not refreshed') });
}
