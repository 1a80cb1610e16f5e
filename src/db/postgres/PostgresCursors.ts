import type pg from 'pg';
import Cursor from 'pg-cursor';

interface OpenCursor {
  client: pg.PoolClient;
  cursor: Cursor<unknown[]>;
  batch: number;
  ahead: Promise<unknown[][]> | null;
  /** Set when the server dropped the connection: a read then pending may never settle, so none is awaited. */
  broken: boolean;
  /** Rejects the read in flight, so a read waiting on a dropped connection ends. */
  abort: (error: Error) => void;
  onError: () => void;
}

/**
 * The open cursors of a `postgresWorker` thread, each on a pool connection of its own (the session stays free for
 * queries and posted writes), the next batch read ahead while the caller works on the last.
 */
export class PostgresCursors {
  private readonly cursors = new Map<number, OpenCursor>();
  private nextCursor = 1;

  constructor(private readonly pool: pg.Pool) {}

  async open(sql: string, params: readonly unknown[], batch: number): Promise<number> {
    const client = await this.pool.connect();
    const cursor = client.query(new Cursor<unknown[]>(sql, [...params], { rowMode: 'array' }));
    const id = this.nextCursor++;
    const open: OpenCursor = {
      client,
      cursor,
      batch,
      ahead: null,
      broken: false,
      abort: () => undefined,
      onError: () => {
        open.broken = true;
        open.abort(droppedRead());
      },
    };
    open.ahead = readAhead(open);
    // A dropped connection emits 'error' (often twice); unhandled, it would end the thread.
    client.on('error', open.onError);
    this.cursors.set(id, open);
    return id;
  }

  async read(id: number): Promise<unknown[][]> {
    const open = this.cursors.get(id);
    if (open === undefined || open.ahead === null) return [];
    const rows = await open.ahead;
    open.ahead = rows.length < open.batch ? null : readAhead(open);
    return rows;
  }

  async close(id: number): Promise<void> {
    const open = this.cursors.get(id);
    if (open === undefined) return;
    this.cursors.delete(id);
    let failed = open.broken;
    if (!failed) {
      try {
        await open.ahead;
        await open.cursor.close();
      } catch {
        failed = true;
      }
    }
    open.client.off('error', open.onError);
    // A connection whose cursor failed may be mid-protocol: destroy it rather than hand it out again.
    open.client.release(failed);
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.cursors.keys()]) await this.close(id);
  }
}

/**
 * The next batch, read while the caller works on the last. Its failure is handed to the `read` that awaits it;
 * until then it must not count as unhandled, which would end the thread and leave the caller waiting.
 *
 * A dropped connection rejects it through `abort`, which only this batch's promise holds. Racing each batch
 * against one promise that rejects on a drop would not do: that promise never settles on a healthy read, and
 * every race leaves on it a reaction holding its own result, so each batch read stayed reachable until the
 * cursor closed (650 MB peak RSS for a 1M-entry ledger, see docs/performance.md).
 */
function readAhead(open: OpenCursor): Promise<unknown[][]> {
  const ahead = open.broken
    ? Promise.reject(droppedRead())
    : new Promise<unknown[][]>((resolve, reject) => {
        open.abort = reject;
        open.cursor.read(open.batch).then(resolve, reject);
      });
  ahead.catch(() => undefined);
  return ahead;
}

function droppedRead(): Error {
  return new Error('the server closed the connection of this read');
}
