import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { LedgerscanError } from '../../errors/LedgerscanError.js';
import { startWorker } from '../../startWorker.js';
import { DatabaseUnavailableError, isConnectionLoss } from './DatabaseUnavailableError.js';
import type { MigrationReport } from './postgresMigrations.js';
import { redactDatabaseUrl } from '../../secrets/redact.js';

export interface Statement {
  sql: string;
  params: readonly unknown[];
  /**
   * Prepared under this name once per session and planned from then on by PostgreSQL's plan cache: for a statement
   * whose planning costs far more than its execution (one name per SQL text).
   */
  name?: string;
  /** Fails the statement, and its transaction, unless it changed exactly `rows` rows: a guard on what a posted write assumed. */
  expect?: { rows: number; otherwise: string };
}

export type PostgresRequest =
  | { op: 'connect' }
  | { op: 'migrate' }
  | { op: 'query'; statements: readonly Statement[] }
  /** Posted, not awaited: the statements in one transaction (with the posts queued next to it), after every request before them. */
  | { op: 'post'; statements: readonly Statement[] }
  /** Answers once every request before it is done: the failure of a posted write, if one failed. */
  | { op: 'sync' }
  | { op: 'open'; sql: string; params: readonly unknown[]; batch: number }
  | { op: 'read'; cursor: number }
  | { op: 'close'; cursor: number }
  | { op: 'release' }
  | { op: 'end' };

export type PostgresReply =
  | { ok: true; value: unknown }
  /** `posted`: the failure is a posted write's, told at the request after it. */
  | { ok: false; message: string; code: string; detail: string; posted?: true };

export interface PostgresThreadData {
  url: string;
  /** Int32 flags, indexed by the FLAG_ constants. */
  flag: SharedArrayBuffer;
}

/** Set to 1 by the worker, and notified, once its reply is on the port. */
export const FLAG_ANSWERED = 0;
/** How many posted writes the worker has done (or skipped after a failure), ever: notified at each. */
export const FLAG_POSTED_DONE = 1;
/** 1 while a posted write's failure waits to be told. */
export const FLAG_POSTED_FAILED = 2;

/**
 * Posted writes not yet done before `post` waits: a page is at most 1,000 rows (a few MB as a message), so
 * this bounds what waits in memory while letting the caller run a few pages ahead of the database.
 */
const MAX_POSTED = 8;

/**
 * Rows a cursor read brings over at once: large enough that a round trip costs little per row, small enough
 * that a batch and its copy stay small. Reading the ledger of the medium bench store (105k entries), 500 gave
 * 132 MB peak RSS, 2,000 gave 171 MB in the same time, 200 126 MB and no faster.
 */
const CURSOR_BATCH = 500;

/**
 * A thread that fails to load never answers; its first answer (after the connection timeout at most) bounds
 * that wait. Later statements may run long, so they are not timed.
 */
const START_TIMEOUT_MS = 60_000;

/** One worker thread with its session, and the channel a blocked caller waits on. */
interface PostgresThread {
  url: string;
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

/**
 * Threads whose user closed them, kept for the next opener of the same database: starting a thread and its
 * connection is most of what opening a store costs (270–400 ms under tsx against 6 ms for the migration check),
 * and a workspace worker opens a book's store for every run (once since `HeldStore`; a run's ledger parts and the
 * server's table refreshes open more). Few, as each holds a thread and a connection.
 */
const idle: PostgresThread[] = [];
const MAX_IDLE = 4;

/**
 * PostgreSQL with the calling convention of better-sqlite3: every call returns its result, the thread waiting
 * while a worker thread (`postgresWorker`) runs it on the `pg` client. The store interface is synchronous
 * because the ledger is a pure, synchronous stream over the store's rows (200,000 entries/s); bridging here,
 * once, keeps that core and every call site as they are. The wait is what an SQLite call costs too: the
 * event loop pauses for one statement's round trip. Writes whose caller needs no answer (the sync's pages and
 * receipts) are posted instead: the event loop goes on while they commit, and the next call waits for them.
 */
export class BlockingPostgres {
  private readonly thread: PostgresThread;
  /** For messages: never the password. */
  private readonly database: string;
  private closed = false;
  /** The thread's count of posted writes once every write this handle posted is done. */
  private posted: number;
  /** A posted write's failure, once told: the handle is failed, and every later call throws it. */
  private failure: Error | null = null;

  /** Takes an idle thread of the same database when there is one (its session revived if the server dropped it), else starts one. */
  constructor(url: string) {
    this.database = redactDatabaseUrl(url);
    const parked = idle.findIndex((thread) => thread.url === url);
    this.thread = parked === -1 ? startThread(url) : (idle.splice(parked, 1)[0] as PostgresThread);
    this.posted = Atomics.load(this.thread.flag, FLAG_POSTED_DONE);
    try {
      this.call({ op: 'connect' }, START_TIMEOUT_MS);
    } catch (error) {
      this.dispose();
      throw error;
    }
  }

  /** Runs the statements in order in the session; the rows (as arrays) of the last one. */
  query(...statements: Statement[]): unknown[][] {
    return this.call({ op: 'query', statements }) as unknown[][];
  }

  /**
   * Runs the statements in one transaction on the session without waiting for them: write-behind, so the caller
   * goes on (its API calls) while PostgreSQL commits. They run after everything asked before and before
   * everything asked after, so a later call sees them; a failure is thrown by the next call (or `flush`, `close`),
   * and every write posted after a failed one is dropped. Posts that queue up while the thread is busy share one
   * transaction (`postgresWorker`), so a failure drops those posted just before it too. Waits only when
   * `MAX_POSTED` are not done yet.
   */
  post(...statements: Statement[]): void {
    this.checkUsable('post');
    const { flag, port } = this.thread;
    for (;;) {
      if (Atomics.load(flag, FLAG_POSTED_FAILED) === 1) this.call({ op: 'sync' });
      const done = Atomics.load(flag, FLAG_POSTED_DONE);
      if (this.posted - done < MAX_POSTED) break;
      Atomics.wait(flag, FLAG_POSTED_DONE, done);
    }
    port.postMessage({ op: 'post', statements } satisfies PostgresRequest);
    this.posted += 1;
  }

  /** `body` inside BEGIN … COMMIT on the session; rolled back when it throws. */
  transaction<T>(body: () => T): T {
    this.query({ sql: 'BEGIN', params: [] });
    try {
      const result = body();
      this.query({ sql: 'COMMIT', params: [] });
      return result;
    } catch (error) {
      try {
        this.query({ sql: 'ROLLBACK', params: [] });
      } catch {
        // The connection is gone, and with it the transaction: the server rolled it back. The first error is the one to tell.
      }
      throw error;
    }
  }

  /** The rows of one query, streamed through a cursor on a connection of its own; closed when the loop ends early. */
  *cursor(sql: string, params: readonly unknown[]): Generator<unknown[]> {
    const cursor = this.call({ op: 'open', sql, params, batch: CURSOR_BATCH }) as number;
    try {
      for (;;) {
        const rows = this.call({ op: 'read', cursor }) as unknown[][];
        yield* rows;
        if (rows.length < CURSOR_BATCH) return;
      }
    } finally {
      if (!this.closed) this.call({ op: 'close', cursor });
    }
  }

  /** Waits for every posted write; throws the first that failed (as the next call would). */
  flush(): void {
    this.call({ op: 'sync' });
  }

  migrate(): MigrationReport {
    return this.call({ op: 'migrate' }) as MigrationReport;
  }

  /**
   * Ends this handle; the thread, its cursors closed and its session-level locks released, waits for the next
   * opener of the database, or ends when that cannot be done cleanly or enough threads wait already.
   */
  close(): void {
    if (this.closed) return;
    let released = false;
    const told = this.failure;
    try {
      // Every posted write done before the session is handed on; a failure not told yet is thrown below.
      this.call({ op: 'sync' });
    } catch {
      // Thrown below when a posted write failed; any other failure ends the thread below too.
    }
    try {
      released = this.call({ op: 'release' }) === true && idle.length < MAX_IDLE;
      if (!released) this.call({ op: 'end' });
    } catch {
      // A thread that cannot say it released its session is not handed on; ending it ends the session and its locks.
    } finally {
      if (released) {
        this.closed = true;
        idle.push(this.thread);
      } else this.dispose();
    }
    if (this.failure !== null && this.failure !== told) throw this.failure;
  }

  private dispose(): void {
    this.closed = true;
    this.thread.port.close();
    void this.thread.worker.terminate();
  }

  /** Closing a cursor or the handle still works on a failed handle: the session is rolled back and can be handed on. */
  private checkUsable(op: PostgresRequest['op']): void {
    if (this.closed) throw new LedgerscanError('the database connection is closed');
    if (this.failure !== null && op !== 'close' && op !== 'release' && op !== 'end') throw this.failure;
  }

  private call(request: Exclude<PostgresRequest, { op: 'post' }>, timeoutMs = Infinity): unknown {
    this.checkUsable(request.op);
    const { flag, port } = this.thread;
    Atomics.store(flag, FLAG_ANSWERED, 0);
    port.postMessage(request);
    const deadline = performance.now() + timeoutMs;
    // A wake-up is not an answer: the previous answer's notify can arrive after this request was sent (the
    // thread set the flag, this side read it and moved on, then the notify ran). Only the flag says "answered".
    while (Atomics.load(flag, FLAG_ANSWERED) === 0) {
      if (Atomics.wait(flag, FLAG_ANSWERED, 0, Math.max(0, deadline - performance.now())) === 'timed-out') {
        throw new LedgerscanError('the database thread did not answer', {
          details: { request: request.op, waited: `${timeoutMs / 1000} s` },
        });
      }
    }
    const message = receiveMessageOnPort(port)?.message as PostgresReply | undefined;
    if (message === undefined)
      throw new LedgerscanError('the database thread stopped without answering', { details: { request: request.op } });
    if (message.ok) return message.value;
    const error = isConnectionLoss(message)
      ? new DatabaseUnavailableError(this.database, message)
      : new LedgerscanError('the database refused a statement', {
          details: { error: message.message, code: message.code, detail: message.detail, request: message.posted ? 'post' : request.op },
        });
    if (message.posted) this.failure = error;
    throw error;
  }
}

function startThread(url: string): PostgresThread {
  const { port1, port2 } = new MessageChannel();
  const flag = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const worker = startWorker('postgresWorker', import.meta.url, { workerData: { url, flag, port: port2 }, transferList: [port2] });
  // Idle between calls, the thread must not keep the process alive; during a call this thread is blocked anyway.
  worker.unref();
  return { url, worker, port: port1, flag: new Int32Array(flag) };
}
