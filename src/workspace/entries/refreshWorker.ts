/**
 * Worker thread: the heavy half of a refresh of a book's transactions table (`writeInThread`: the ledger built,
 * valued and written unshown, a tried rule checked), on connections of its own to the workspace database and the
 * book's store, so the server's event loop never builds a ledger.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgresPool } from '../../db/postgres/openPostgresPool.js';
import { failureOf } from '../../pipeline/workerCsvPart.js';
import { postgresKysely } from '../openWorkspaceData.js';
import { writeEntrySet } from './refreshEntries.js';
import type { RefreshMessage, ThreadRefresh } from './writeInThread.js';
import { SqlBookEntries } from './SqlBookEntries.js';

const port = parentPort;
if (port === null) throw new Error('refreshWorker runs as a worker thread');
const { database, refresh, rule } = workerData as ThreadRefresh;
const post = (message: RefreshMessage): void => port.postMessage(message);

try {
  const db = postgresKysely(await openPostgresPool(database, { max: 1 }), database);
  try {
    post({ type: 'done', written: await writeEntrySet({ ...refresh, now: new Date(refresh.now) }, new SqlBookEntries(db), rule) });
  } finally {
    await db.destroy();
  }
} catch (error) {
  post({ type: 'error', failure: failureOf(error, 'the transactions table was not refreshed') });
}
