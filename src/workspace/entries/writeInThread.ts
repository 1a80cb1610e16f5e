import { LedgerscanError } from '../../errors/LedgerscanError.js';
import type { LedgerRule } from '../../ledger/LedgerRule.js';
import type { WorkerFailure } from '../../pipeline/workerCsvPart.js';
import { rebuildFailure } from '../../pipeline/workerCsvPart.js';
import { startWorker } from '../../startWorker.js';
import type { EntryRefresh, WrittenSet } from './refreshEntries.js';

/** What the refresh thread is handed: plain data (the database URL is the server's own, never shown). */
export interface ThreadRefresh {
  database: string;
  refresh: Omit<EntryRefresh, 'now'> & { now: string };
  rule?: LedgerRule;
}

export type RefreshMessage = { type: 'done'; written: WrittenSet } | { type: 'error'; failure: WorkerFailure };

/**
 * `writeEntrySet` on a worker thread (`refreshWorker`) for the distributed server: building a book's ledger takes
 * seconds to minutes of CPU, and on the server's own thread every page would wait for it. The caller shows the set
 * (`showEntrySet`: a tried rule stored first), which is a few statements.
 */
export function writeInThread(database: string, refresh: EntryRefresh, rule?: LedgerRule): Promise<WrittenSet> {
  const workerData: ThreadRefresh = { database, refresh: { ...refresh, now: refresh.now.toISOString() }, ...(rule === undefined ? {} : { rule }) };
  const worker = startWorker('refreshWorker', import.meta.url, { workerData });
  return new Promise<WrittenSet>((resolve, reject) => {
    let answered = false;
    worker.once('message', (message: RefreshMessage) => {
      answered = true;
      if (message.type === 'done') resolve(message.written);
      else reject(rebuildFailure(message.failure));
      void worker.terminate();
    });
    worker.once('error', (error) => reject(new LedgerscanError('the refresh thread failed', { cause: error })));
    worker.once('exit', (code) => {
      if (!answered) reject(new LedgerscanError('the refresh thread stopped early', { details: { 'exit code': code } }));
    });
  });
}
