import type { WorkerFailure } from '../../pipeline/workerCsvPart.js';
import { rebuildFailure } from '../../pipeline/workerCsvPart.js';
import { LedgerscanError } from '../../errors/LedgerscanError.js';
import { startWorker } from '../../startWorker.js';
import type { EntryRefresh } from './refreshEntries.js';

/** What the refresh thread is handed: plain data (the database URL is the server's own, never shown). */
export interface ThreadRefresh {
  database: string;
  refresh: Omit<EntryRefresh, 'now'> & { now: string };
}

export type RefreshMessage = { type: 'done'; entries: number } | { type: 'error'; failure: WorkerFailure };

/**
 * A refresh of the distributed workspace's table on a worker thread (`refreshWorker`): building a book's ledger
 * takes seconds to minutes of CPU, and on the server's own thread every page would wait for it. The number of entries.
 */
export function refreshInThread(database: string, refresh: EntryRefresh): Promise<number> {
  const workerData: ThreadRefresh = { database, refresh: { ...refresh, now: refresh.now.toISOString() } };
  const worker = startWorker('refreshWorker', import.meta.url, { workerData });
  return new Promise<number>((resolve, reject) => {
    let answered = false;
    worker.once('message', (message: RefreshMessage) => {
      answered = true;
      if (message.type === 'done') resolve(message.entries);
      else reject(rebuildFailure(message.failure));
      void worker.terminate();
    });
    worker.once('error', (error) => reject(new LedgerscanError('the refresh thread failed', { cause: error })));
    worker.once('exit', (code) => {
      if (!answered) reject(new LedgerscanError('the refresh thread stopped early', { details: { 'exit code': code } }));
    });
  });
}
