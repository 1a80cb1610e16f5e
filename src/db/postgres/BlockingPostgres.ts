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
}

export type PostgresRequest =
  | { op: 'connect' }
  | { op: 'migrate' }
  | { op: 'query'; statements: readonly Statement[] }
  | { op: 'open'; sql: string; params: readonly unknown[]; batch: number }
  | { op: 'read'; cursor: number }
  | { op: 'close'; cursor: number }
  | { op: 'release' }
  | { op: 'end' };

export type PostgresReply = { ok: true; value: unknown } | { ok: false; message: string; code: string; detail: string };

export interface PostgresThreadData {
  url: string;
  /** Int32 flag the worker sets to 1 and notifies once its reply is on the port. */
  flag: SharedArrayBuffer;
}

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
 * and a workspace worker opens a book's store twice per run. Few, as each holds a thread and a connection.
 */
const idle: PostgresThread[] = [];
const MAX_IDLE = 4;

/**
 * PostgreSQL with the calling convention of better-sqlite3: every call returns its result, the thread waiting
 * while a worker thread (`postgresWorker`) runs it on the `pg` client. The store interface is synchronous
 * because the ledger is a pure, synchronous stream over the store's rows (200,000 entries/s); bridging here,
 * once, keeps that core and every call site as they are. The wait is what an SQLite call costs too: the
 * event loop pauses for one statement's round trip.
 */
export class BlockingPostgres {
  private readonly thread: PostgresThread;
  /** For messages: never the password. */
  private readonly database: string;
  private closed = false;

  /** Takes an idle thread of the same database when there is one (its session revived if the server dropped it), else starts one. */
  constructor(url: string) {
    this.database = redactDatabaseUrl(url);
    const parked = idle.findIndex((thread) => thread.url === url);
    this.thread = parked === -1 ? startThread(url) : (idle.splice(parked, 1)[0] as PostgresThread);
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
  }

  private dispose(): void {
    this.closed = true;
    this.thread.port.close();
    void this.thread.worker.terminate();
  }

  private call(request: PostgresRequest, timeoutMs = Infinity): unknown {
    if (this.closed) throw new LedgerscanError('the database connection is closed');
    const { flag, port } = this.thread;
    Atomics.store(flag, 0, 0);
    port.postMessage(request);
    const deadline = performance.now() + timeoutMs;
    // A wake-up is not an answer: the previous answer's notify can arrive after this request was sent (the
    // thread set the flag, this side read it and moved on, then the notify ran). Only the flag says "answered".
    while (Atomics.load(flag, 0) === 0) {
      if (Atomics.wait(flag, 0, 0, Math.max(0, deadline - performance.now())) === 'timed-out') {
        throw new LedgerscanError('the database thread did not answer', {
          details: { request: request.op, waited: `${timeoutMs / 1000} s` },
        });
      }
    }
    const message = receiveMessageOnPort(port)?.message as PostgresReply | undefined;
    if (message === undefined)
      throw new LedgerscanError('the database thread stopped without answering', { details: { request: request.op } });
    if (message.ok) return message.value;
    if (isConnectionLoss(message)) throw new DatabaseUnavailableError(this.database, message);
    throw new LedgerscanError('the database refused a statement', {
      details: { error: message.message, code: message.code, detail: message.detail, request: request.op },
    });
  }
}

function startThread(url: string): PostgresThread {
  const { port1, port2 } = new MessageChannel();
  const flag = new SharedArrayBuffer(4);
  const worker = startWorker('postgresWorker', import.meta.url, { workerData: { url, flag, port: port2 }, transferList: [port2] });
  // Idle between calls, the thread must not keep the process alive; during a call this thread is blocked anyway.
  worker.unref();
  return { url, worker, port: port1, flag: new Int32Array(flag) };
}
