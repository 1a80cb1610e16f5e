/**
 * Worker thread: the asynchronous PostgreSQL client behind `BlockingPostgres`. It serves its port's requests one
 * at a time, in order, and wakes the blocked caller through the shared flag; a posted write has no reply, only
 * the count of posted writes done. Large reads are cursors, each on a connection of its own, the next batch read
 * ahead while the caller works on the last.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { postgresConfig } from './postgresConfig.js';
import { migratePostgres } from './postgresMigrations.js';
import { FLAG_ANSWERED, FLAG_POSTED_DONE, FLAG_POSTED_FAILED, type PostgresReply, type PostgresRequest } from './BlockingPostgres.js';
import type { PostgresThreadData, Statement } from './BlockingPostgres.js';
import { isConnectionLoss } from './DatabaseUnavailableError.js';
import { PostgresCursors } from './PostgresCursors.js';

const { url, port, flag } = workerData as PostgresThreadData & { port: MessagePort };
const ready = new Int32Array(flag);

const config = postgresConfig(url);

/** Queries, transactions and posted writes go through one session, in order; cursors take pool connections. */
let session = newSession();
const pool = new pg.Pool({ ...config, max: 16 });
pool.on('error', () => undefined);
const cursors = new PostgresCursors(pool);
/** Why the session is gone (the server restarted, the connection was cut); the next request outside a transaction opens a new one. */
let lostConnection: Error | null = null;
/** Set when this thread itself failed: its state is not to be trusted, and every later request fails. */
let broken: Error | null = null;
/**
 * Between BEGIN and COMMIT/ROLLBACK. A transaction cut by a lost connection is over (the server rolled it back):
 * its later statements must fail until the caller's ROLLBACK, never run on a new session as if nothing happened.
 */
let inTransaction = false;
/** Whether the session has connected once: a reused thread's `connect` only checks the session is live. */
let connected = false;

function newSession(): pg.Client {
  const client = new pg.Client(config);
  // An idle connection that drops emits 'error'; left unhandled it would end the thread and strand the caller.
  client.on('error', (error) => {
    if (client === session) lostConnection ??= error;
  });
  return client;
}

/** The session, or a new one after a lost connection: a database restart costs the statement in flight, not the process. */
async function liveSession(): Promise<pg.Client> {
  if (lostConnection === null) return session;
  if (inTransaction) throw lostConnection;
  const fresh = newSession();
  try {
    await fresh.connect();
  } catch (error) {
    void fresh.end().catch(() => undefined);
    throw error;
  }
  void session.end().catch(() => undefined);
  session = fresh;
  lostConnection = null;
  return fresh;
}

async function runStatements(statements: readonly Statement[]): Promise<unknown[][]> {
  // A drop already on the socket is heard first (its 'error' sets lostConnection), so no statement is sent into a
  // session the server ended while it was idle, where it would fail as if it had been cut while it ran.
  await new Promise(setImmediate);
  // The caller's ROLLBACK of a transaction a lost connection already ended: there is nothing left to roll back.
  if (inTransaction && lostConnection !== null && statements.length === 1 && statements[0]?.sql === 'ROLLBACK') {
    inTransaction = false;
    return [];
  }
  return onSession(statements, false);
}

async function onSession(statements: readonly Statement[], again: boolean): Promise<unknown[][]> {
  const client = await liveSession();
  let rows: unknown[][] = [];
  for (const [index, statement] of statements.entries()) {
    try {
      const named = statement.name === undefined ? {} : { name: statement.name };
      const result = await client.query({ ...named, text: statement.sql, values: [...statement.params], rowMode: 'array' });
      if (statement.expect !== undefined && result.rowCount !== statement.expect.rows) throw new Error(statement.expect.otherwise);
      rows = result.rows;
    } catch (error) {
      const failure = error as { code?: string; message?: string };
      if (!isConnectionLoss({ code: failure.code ?? '', message: String(failure.message ?? error) })) throw error;
      lostConnection ??= error as Error;
      // A ROLLBACK cut so has still ended its transaction: the server rolled it back.
      if (statement.sql === 'ROLLBACK') inTransaction = false;
      // A session cut while idle can fail the next statement before its 'error' event comes. A first BEGIN that
      // failed so has done nothing and is sent once more on a new session; any other statement may have run.
      if (index === 0 && statement.sql === 'BEGIN' && !again) return onSession(statements, true);
      throw error;
    }
    if (statement.sql === 'BEGIN') inTransaction = true;
    else if (statement.sql === 'COMMIT' || statement.sql === 'ROLLBACK') inTransaction = false;
  }
  return rows;
}

/**
 * The schema brought up to date: a handle's first statements. A thread taken back from the idle ones may hold a
 * session the server ended while it idled, whose notice had not come in yet (a restart, `pg_terminate_backend`);
 * the schema's check then fails as a lost connection and is made once more on a new session. That is safe
 * whatever it had begun: a migration is one transaction, the server rolled it back, and its lock was the session's.
 */
async function migrateLive(): Promise<unknown> {
  try {
    return await migratePostgres(await liveSession());
  } catch (error) {
    const failed = error as { code?: string; message?: string };
    if (inTransaction || !isConnectionLoss({ code: failed.code ?? '', message: String(failed.message ?? error) })) throw error;
    lostConnection ??= error as Error;
    return migratePostgres(await liveSession());
  }
}

/** Posted writes: their statements in one transaction, rolled back when one fails (a lost session's server rolled it back). */
async function runPosted(statements: readonly Statement[]): Promise<void> {
  if (broken !== null) throw broken;
  try {
    await runStatements([{ sql: 'BEGIN', params: [] }, ...statements, { sql: 'COMMIT', params: [] }]);
  } catch (error) {
    if (inTransaction) await runStatements([{ sql: 'ROLLBACK', params: [] }]).catch(() => undefined);
    throw error;
  }
}

async function handle(request: Exclude<PostgresRequest, { op: 'post' }>): Promise<unknown> {
  // Closing needs nothing that may be broken: a read's close must not hide the read's own error.
  if (broken !== null && request.op !== 'end' && request.op !== 'close') throw broken;
  switch (request.op) {
    case 'connect':
      // A thread taken back from the idle ones is connected already: it only needs a live session.
      if (connected) await liveSession();
      else await session.connect();
      connected = true;
      return null;
    case 'migrate':
      return migrateLive();
    case 'query':
      return runStatements(request.statements);
    case 'sync':
      return null;
    case 'open':
      return cursors.open(request.sql, request.params, request.batch);
    case 'read':
      return cursors.read(request.cursor);
    case 'close':
      await cursors.close(request.cursor);
      return null;
    case 'release':
      return release();
    case 'end':
      await cursors.closeAll();
      // Closing after the server dropped the session is still a clean close: nothing is left to end.
      await session.end().catch(() => undefined);
      await pool.end();
      return null;
  }
}

/**
 * Readies the thread for its next user: no cursor left open and no session-level advisory lock (a run's lock on
 * its book) kept. False when the session is not to be handed on (a transaction left open, a lost or broken
 * connection): the caller then ends the thread.
 */
async function release(): Promise<boolean> {
  await cursors.closeAll();
  if (inTransaction || lostConnection !== null || broken !== null || postedFailure !== null) return false;
  await session.query('SELECT pg_advisory_unlock_all()');
  return true;
}

/** Whether the request in hand has had its one reply. */
let answered = true;
/**
 * The first posted write that failed, not yet told: the caller hears it at its next request instead of that
 * request's answer, and every write posted after it is skipped, so nothing after a lost page is committed.
 */
let postedFailure: Extract<PostgresReply, { ok: false }> | null = null;
/** Requests are served in order: a read or a transaction sees every write posted before it committed. */
let queue: Promise<void> = Promise.resolve();

function reply(message: PostgresReply): void {
  if (answered) return;
  answered = true;
  port.postMessage(message);
  Atomics.store(ready, FLAG_ANSWERED, 1);
  Atomics.notify(ready, FLAG_ANSWERED);
}

function failure(error: unknown): Extract<PostgresReply, { ok: false }> {
  const failed = error as { message?: string; code?: string; detail?: string };
  return { ok: false, message: String(failed.message ?? error), code: failed.code ?? '', detail: failed.detail ?? '' };
}

/** Also wakes a caller waiting for room among the posted writes: it asks for the failure next. */
function failPosted(error: unknown): void {
  postedFailure ??= { ...failure(error), posted: true };
  Atomics.store(ready, FLAG_POSTED_FAILED, 1);
  Atomics.notify(ready, FLAG_POSTED_DONE);
}

/**
 * The posted writes that came one after another while the thread was busy, committed as one transaction: a cold sync
 * posts a receipt every few milliseconds, and each alone cost its BEGIN, COMMIT and their round trips. One failing
 * drops the others of its batch too, as a failure drops every write posted after it; the run fails either way and
 * the next one fetches them again.
 */
async function servePosted(batch: readonly (readonly Statement[])[]): Promise<void> {
  if (postedFailure === null) await runPosted(batch.flat()).catch(failPosted);
  Atomics.add(ready, FLAG_POSTED_DONE, batch.length);
  Atomics.notify(ready, FLAG_POSTED_DONE);
}

async function serve(request: Exclude<PostgresRequest, { op: 'post' }>): Promise<void> {
  answered = false;
  // Closing a cursor or the handle is not the next call the failure is told to: it is told before (`close` syncs).
  if (postedFailure !== null && request.op !== 'close' && request.op !== 'release' && request.op !== 'end') {
    Atomics.store(ready, FLAG_POSTED_FAILED, 0);
    reply(postedFailure);
    postedFailure = null;
    return;
  }
  reply(await handle(request).then((value): PostgresReply => ({ ok: true, value }), failure));
}

/** The posted writes waiting at the end of the queue, which a write posted next joins; none once anything else is queued. */
let openBatch: (readonly Statement[])[] | null = null;

port.on('message', (request: PostgresRequest) => {
  if (request.op !== 'post') {
    openBatch = null;
    queue = queue.then(() => serve(request));
    return;
  }
  if (openBatch === null) {
    const batch: (readonly Statement[])[] = [];
    openBatch = batch;
    queue = queue.then(() => {
      if (openBatch === batch) openBatch = null;
      return servePosted(batch);
    });
  }
  openBatch.push(request.statements);
});

// The caller waits without a timeout: whatever else goes wrong on this thread must answer it, never end the thread
// silently. The connections are then not to be trusted: every later request fails at once, none waits behind it.
process.on('uncaughtException', (error) => {
  broken ??= error;
  reply(failure(error));
  failPosted(error);
  queue = Promise.resolve();
});
