/**
 * Worker thread: the asynchronous PostgreSQL client behind `BlockingPostgres`. It answers one request at a
 * time on its port and wakes the blocked caller through the shared flag; large reads are cursors, each on a
 * connection of its own, the next batch read ahead while the caller works on the last.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { postgresConfig } from './postgresConfig.js';
import { migratePostgres } from './postgresMigrations.js';
import type { PostgresReply, PostgresRequest, PostgresThreadData } from './BlockingPostgres.js';

const { url, port, flag } = workerData as PostgresThreadData & { port: MessagePort };
const ready = new Int32Array(flag);

const config = postgresConfig(url);

/** Queries and transactions go through one session, in order; cursors take pool connections. */
const session = new pg.Client(config);
const pool = new pg.Pool({ ...config, max: 16 });
let lostConnection: Error | null = null;
// An idle connection that drops emits 'error'; left unhandled it would end the thread and strand the caller.
session.on('error', (error) => (lostConnection = error));
pool.on('error', () => undefined);

interface OpenCursor {
  client: pg.PoolClient;
  cursor: Cursor<unknown[]>;
  batch: number;
  ahead: Promise<unknown[][]> | null;
}
const cursors = new Map<number, OpenCursor>();
let nextCursor = 1;

async function handle(request: PostgresRequest): Promise<unknown> {
  if (lostConnection !== null && request.op !== 'end') throw lostConnection;
  switch (request.op) {
    case 'connect':
      await session.connect();
      return null;
    case 'migrate':
      return migratePostgres(session);
    case 'query': {
      let rows: unknown[][] = [];
      for (const statement of request.statements) rows = (await session.query({ text: statement.sql, values: [...statement.params], rowMode: 'array' })).rows;
      return rows;
    }
    case 'open': {
      const client = await pool.connect();
      const cursor = client.query(new Cursor<unknown[]>(request.sql, [...request.params], { rowMode: 'array' }));
      const id = nextCursor++;
      cursors.set(id, { client, cursor, batch: request.batch, ahead: cursor.read(request.batch) });
      return id;
    }
    case 'read': {
      const open = cursors.get(request.cursor);
      if (open === undefined || open.ahead === null) return [];
      const rows = await open.ahead;
      open.ahead = rows.length < open.batch ? null : open.cursor.read(open.batch);
      return rows;
    }
    case 'close':
      await closeCursor(request.cursor);
      return null;
    case 'end':
      for (const id of [...cursors.keys()]) await closeCursor(id);
      // Closing after the server dropped the session is still a clean close: nothing is left to end.
      await session.end().catch(() => undefined);
      await pool.end();
      return null;
  }
}

async function closeCursor(id: number): Promise<void> {
  const open = cursors.get(id);
  if (open === undefined) return;
  cursors.delete(id);
  let failed = false;
  try {
    await open.ahead;
    await open.cursor.close();
  } catch {
    failed = true;
  }
  // A connection whose cursor failed may be mid-protocol: destroy it rather than hand it out again.
  open.client.release(failed);
}

function reply(message: PostgresReply): void {
  port.postMessage(message);
  Atomics.store(ready, 0, 1);
  Atomics.notify(ready, 0);
}

port.on('message', (request: PostgresRequest) => {
  handle(request).then(
    (value) => reply({ ok: true, value }),
    (error: unknown) => {
      const failure = error as { message?: string; code?: string; detail?: string };
      reply({ ok: false, message: String(failure.message ?? error), code: failure.code ?? '', detail: failure.detail ?? '' });
    },
  );
});
