import type { Worker } from 'node:worker_threads';
import { LedgerscanError } from '../../errors/LedgerscanError.js';
import type { LedgerRule } from '../../ledger/LedgerRule.js';
import type { WorkerFailure } from '../../pipeline/workerCsvPart.js';
import { rebuildFailure } from '../../pipeline/workerCsvPart.js';
import { startWorker } from '../../startWorker.js';
import type { BookRule } from '../WorkspaceData.js';
import type { EntryRefresh, RefreshOutcome } from './refreshEntries.js';

/** The workspace database the thread writes the tables of, on a connection of its own. */
export type RefreshDatabase = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** One refresh asked of the thread: plain data; with `trial`, the rule tried and what to store of it when it passes. */
export interface RefreshRequest {
  id: number;
  refresh: Omit<EntryRefresh, 'now'> & { now: string };
  trial?: { rule: LedgerRule; stored: Omit<BookRule, 'id'> };
}

export type RefreshMessage = { id: number; type: 'done'; outcome: RefreshOutcome } | { id: number; type: 'error'; failure: WorkerFailure };

interface Pending {
  resolve: (outcome: RefreshOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * `refreshEntries` on a worker thread (`refreshWorker`) for the server, embedded or distributed: building a book's
 * ledger takes seconds to minutes of CPU, and showing the new set drops the old one (on SQLite a statement that holds
 * the thread it runs on): on the server's own thread every page would wait for them. One thread, started at the
 * first refresh and kept (its modules and connections loaded once, seconds on a busy machine), takes the refreshes one
 * after another; it holds the process open only while one is asked.
 */
export class RefreshThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private last = 0;

  /** `database`: the server's own (a URL is never shown). */
  constructor(private readonly database: RefreshDatabase) {}

  refresh(refresh: EntryRefresh, trial?: RefreshRequest['trial']): Promise<RefreshOutcome> {
    const worker = this.worker ?? this.start();
    const request: RefreshRequest = {
      id: (this.last += 1),
      refresh: { ...refresh, now: refresh.now.toISOString() },
      ...(trial === undefined ? {} : { trial }),
    };
    if (this.pending.size === 0) worker.ref();
    return new Promise<RefreshOutcome>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startWorker('refreshWorker', import.meta.url, { workerData: { database: this.database } });
    const settle = (id: number, outcome: (pending: Pending) => void): void => {
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (pending !== undefined) outcome(pending);
      if (this.pending.size === 0) worker.unref();
    };
    worker.on('message', (message: RefreshMessage) => {
      settle(message.id, (pending) =>
        message.type === 'done' ? pending.resolve(message.outcome) : pending.reject(rebuildFailure(message.failure)),
      );
    });
    // A thread that failed or ended fails what it was asked; the next refresh starts a new one.
    const failed = (cause: unknown): void => {
      if (this.worker === worker) this.worker = undefined;
      for (const id of [...this.pending.keys()])
        settle(id, (pending) => pending.reject(new LedgerscanError('the refresh thread stopped', { cause })));
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
