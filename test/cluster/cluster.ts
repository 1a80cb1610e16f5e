import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { runInProcess } from '../support/runLedgerscan.js';
import type { RunView, StartedProcess } from '../support/serverProcess.js';
import { api, finishedRun, startProcess, startServer } from '../support/serverProcess.js';
import { createDatabase, dropDatabase } from '../support/postgres.js';
import { tempDir, worldBook } from '../support/workspaceHarness.js';

export interface ClusterOptions {
  /** The environment with the API key(s): ETHERSCAN_API_KEY or ETHERSCAN_API_KEYS. */
  keys: NodeJS.ProcessEnv;
  rate: number;
  workers: number;
  /** Seconds a silent worker keeps its run (the workers' --lease, 30 unless given). */
  lease?: number;
  /** Extra flags of every worker. */
  workerFlags?: readonly string[];
}

/**
 * The distributed workspace as a firm runs it, every part a real process: a database of its own on the test
 * server, `ledgerscan serve --database`, N × `ledgerscan worker --database`, one shared files dir, an admin token.
 */
export class Cluster {
  readonly workers: StartedProcess[] = [];

  private constructor(
    readonly database: string,
    readonly files: string,
    readonly url: string,
    readonly token: string,
    readonly server: StartedProcess['process'],
    /** The workers' --lease in seconds. */
    readonly lease: number,
  ) {}

  static async start(serverUrl: string, sandbox: Sandbox, options: ClusterOptions): Promise<Cluster> {
    const database = await createDatabase(serverUrl);
    const files = tempDir('cluster-files');
    const env = { LEDGERSCAN_PASSWORD: 'a long enough password' };
    const added = await runInProcess(['users', 'add', 'ops', '--role', 'admin', '--database', database], { env, cwd: files });
    if (added.code !== 0) throw new Error(`users add: ${added.stderr}`);
    const token = (await runInProcess(['users', 'token', 'ops', '--database', database], { cwd: files })).stdout.trim();
    // Server and workers side by side: each start loads the CLI (about 10 s apiece on the loaded test machine, most of a
    // test's time one after another); the database is migrated already (by `users add`).
    const [{ server, url }, ...workers] = await Promise.all([
      startServer(['--database', database, '--files', files, '--base-url', sandbox.url, '--rate', String(options.rate)], options.keys),
      ...Array.from({ length: options.workers }, () => startWorker(database, files, sandbox, options)),
    ]);
    const cluster = new Cluster(database, files, url, token, server, options.lease ?? 30);
    cluster.workers.push(...workers);
    return cluster;
  }

  /** `count` books over the world's wallets (Client 1, Client 2, …), made through the API. */
  addBooks(world: World, count: number): Promise<{ id: number }[]> {
    return Promise.all(
      Array.from(
        { length: count },
        (_, index) => api(this.url, this.token, 'POST', '/api/books', worldBook(world, `Client ${index + 1}`)) as Promise<{ id: number }>,
      ),
    );
  }

  /** The worker whose log says it took run `id`. */
  workerOf(id: number): StartedProcess | undefined {
    return this.workers.find((worker) => worker.log().includes(`run ${id} (`));
  }

  /** `waiting`, or its failure with what the workers logged, the queue's jobs and the runs not settled, for a failing test to show. */
  async explained<T>(waiting: Promise<T>): Promise<T> {
    try {
      return await waiting;
    } catch (error) {
      const jobs = await this.query(
        'SELECT task_identifier, queue_name, attempts, max_attempts, last_error, locked_by FROM graphile_worker.jobs',
      ).catch(() => []);
      const going = await this.query(
        "SELECT id, book_id, status, api_key_name FROM ledgerscan.runs WHERE status IN ('queued', 'running')",
      ).catch(() => []);
      throw new Error(
        `${(error as Error).message}\njobs: ${JSON.stringify(jobs)}\nruns queued or running: ${JSON.stringify(going)}\n${this.workers.map((worker, index) => `worker ${index}:\n${worker.log()}`).join('\n')}`,
      );
    }
  }

  /** Starts `request` on the book through the API and waits for the run to finish (a failure to, explained). */
  async finished(bookId: number, request: unknown): Promise<RunView> {
    const { id } = (await api(this.url, this.token, 'POST', `/api/books/${bookId}/runs`, request)) as { id: number };
    return this.explained(finishedRun(this.url, this.token, id));
  }

  /**
   * Ends the lease of a worker that has died: its last beat and the locks of its jobs are moved back by twice the
   * lease, what the clock would do while it stays silent. The others' next lease check (every sixth of the lease)
   * then gives its jobs back. A test waits for that instead of a short lease, which a starved machine can let run
   * out for a live worker whose heartbeat thread went unscheduled. graphile-worker keeps the locks in its
   * `_private_jobs` table (0.17; `jobs` is a view over it); it frees a lock by itself only after 4 hours.
   */
  async expireLeaseOf(worker: StartedProcess): Promise<void> {
    // Dead first: a live worker would beat again over the moved beat.
    await worker.process.ended;
    const back = `make_interval(secs => ${2 * this.lease})`;
    await this.query(`UPDATE ledgerscan.worker_heartbeats SET beat_at = beat_at - ${back} WHERE worker_id = $1`, [worker.ready]);
    await this.query(`UPDATE graphile_worker._private_jobs SET locked_at = locked_at - ${back} WHERE locked_by = $1`, [worker.ready]);
  }

  runFiles(id: number): string {
    return path.join(this.files, 'runs', String(id), 'files');
  }

  /** Every file under the shared files dir, relative. */
  localFiles(): string[] {
    return (fs.readdirSync(this.files, { recursive: true }) as string[]).sort();
  }

  async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.database });
    await client.connect();
    try {
      return (await client.query<R>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Every record of a book's store as the SQLite `storeContents` lists them (chain, wallet, stream, block, raw), sorted. */
  async storeRecords(bookId: number): Promise<string[]> {
    const rows = await this.query<{ chain_id: number; wallet: string; stream: string; block_number: string; raw: string }>(
      'SELECT chain_id, wallet, stream, block_number::text, raw FROM ledgerscan.records WHERE book_id = $1',
      [String(bookId)],
    );
    return rows.map((row) => JSON.stringify([row.chain_id, row.wallet, row.stream, Number(row.block_number), row.raw])).sort();
  }

  async close(): Promise<void> {
    const live = [...this.workers.map((worker) => worker.process), this.server].filter(
      (child) => child.child.exitCode === null && child.child.signalCode === null,
    );
    for (const child of live) child.child.kill('SIGTERM');
    await Promise.all(live.map((child) => child.ended));
    await dropDatabase(this.database);
  }
}

/** `ledgerscan worker` on the cluster's database and files, once it says it takes runs. */
function startWorker(database: string, files: string, sandbox: Sandbox, options: ClusterOptions): Promise<StartedProcess> {
  const args = [
    'worker',
    '--database',
    database,
    '--files',
    files,
    '--base-url',
    sandbox.url,
    '--rate',
    String(options.rate),
    '--lease',
    String(options.lease ?? 30),
    ...(options.workerFlags ?? []),
  ];
  return startProcess(args, options.keys, /worker (\S+) on /);
}
