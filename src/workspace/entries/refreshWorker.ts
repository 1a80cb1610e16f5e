/**
 * Worker thread of `RefreshThread`: each refresh of a book's transactions table asked of it (`refreshEntries`: the
 * ledger built, valued and written, a tried rule checked and stored when it passes, the set shown and the old one
 * dropped), one at a time, on connections of its own to the workspace database and the books' stores, so the server's
 * event loop never builds a ledger nor drops a set.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { failureOf } from '../../pipeline/workerCsvPart.js';
import { openPostgresWorkspaceData, openSqliteWorkspace } from '../openWorkspaceData.js';
import { refreshEntries } from './refreshEntries.js';
import type { RefreshDatabase, RefreshMessage, RefreshRequest } from './RefreshThread.js';
import { SqlBookEntries } from './SqlBookEntries.js';

const port = parentPort;
if (port === null) throw new Error('refreshWorker runs as a worker thread');
const { database } = workerData as { database: RefreshDatabase };
const post = (message: RefreshMessage): void => port.postMessage(message);

const opened = Promise.resolve()
  .then(() => (database.kind === 'sqlite' ? openSqliteWorkspace(database.file) : openPostgresWorkspaceData(database.url)))
  .then(({ data, db }) => ({ data, entries: new SqlBookEntries(db) }));
// A database that cannot be opened fails each refresh asked (awaited below), not the thread.
opened.catch(() => undefined);
let queue: Promise<void> = Promise.resolve();
port.on('message', ({ id, refresh, trial }: RefreshRequest) => {
  queue = queue.then(async () => {
    try {
      const { data, entries } = await opened;
      const save = trial === undefined ? undefined : { rule: trial.rule, save: () => data.addBookRule(refresh.bookId, trial.stored) };
      post({ id, type: 'done', outcome: await refreshEntries({ ...refresh, now: new Date(refresh.now) }, entries, save) });
    } catch (error) {
      post({ id, type: 'error', failure: failureOf(error, 'the transactions table was not refreshed') });
    }
  });
});
