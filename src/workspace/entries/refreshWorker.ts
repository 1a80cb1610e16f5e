/**
 * Worker thread of `RefreshThread`: the heavy half of each refresh of a book's transactions table asked of it
 * (`writeEntrySet`: the ledger built, valued and written unshown, a tried rule checked), one at a time, on
 * connections of its own to the workspace database and the books' stores, so the server's event loop never builds a ledger.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgresPool } from '../../db/postgres/openPostgresPool.js';
import { failureOf } from '../../pipeline/workerCsvPart.js';
import { openSqliteWorkspace, postgresKysely } from '../openWorkspaceData.js';
import { writeEntrySet } from './refreshEntries.js';
import type { RefreshDatabase, RefreshMessage, RefreshRequest } from './RefreshThread.js';
import { SqlBookEntries } from './SqlBookEntries.js';

const port = parentPort;
if (port === null) throw new Error('refreshWorker runs as a worker thread');
const { database } = workerData as { database: RefreshDatabase };
const post = (message: RefreshMessage): void => port.postMessage(message);

const entries =
  database.kind === 'sqlite'
    ? Promise.resolve().then(() => new SqlBookEntries(openSqliteWorkspace(database.file).db))
    : openPostgresPool(database.url, { max: 1 }).then((pool) => new SqlBookEntries(postgresKysely(pool, database.url)));
// A database that cannot be opened fails each refresh asked (awaited below), not the thread.
entries.catch(() => undefined);
let queue: Promise<void> = Promise.resolve();
port.on('message', ({ id, refresh, rule }: RefreshRequest) => {
  queue = queue.then(async () => {
    try {
      post({ id, type: 'done', written: await writeEntrySet({ ...refresh, now: new Date(refresh.now) }, await entries, rule) });
    } catch (error) {
      post({ id, type: 'error', failure: failureOf(error, 'the transactions table was not refreshed') });
    }
  });
});
