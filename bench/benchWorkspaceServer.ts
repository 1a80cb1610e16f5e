import type { AddressInfo } from 'node:net';
import { createServer } from '../src/server/createServer.js';
import type { ApiAccess } from '../src/workspace/jobForRun.js';
import { openDistributedWorkspace } from '../src/workspace/openDistributedWorkspace.js';
import { hashPassword, randomToken, tokenDigest } from '../src/workspace/secrets.js';
import { Workspace } from '../src/workspace/Workspace.js';

export interface BenchServerOptions {
  /** The embedded data dir, or the distributed files dir. */
  dir: string;
  /** Distributed: the database (runs go to `ledgerscan worker` processes); else embedded with `workers` run slots. */
  database?: string;
  api: ApiAccess;
  workers: number;
}

/** A request as one side saw it: its route (ids as N), when it began (ms after the runs were posted) and how long it took. */
export interface TimedRequest {
  route: string;
  at?: number;
  ms: number;
}

export interface BenchServer {
  url: string;
  /** An admin's bearer token. */
  token: string;
  /** The slowest requests as the server timed them (from its first look at a request to its last byte written). */
  slowest(): TimedRequest[];
  close(): Promise<void>;
}

/** The header of the requests that warm the server up before the measured window (not counted). */
export const WARM_UP = 'x-bench-warm-up';

/** The `count` slowest of `requests`, slowest first. */
export const slowestOf = (requests: readonly TimedRequest[], count = 5): TimedRequest[] =>
  [...requests].sort((a, b) => b.ms - a.ms).slice(0, count);

/** The workspace server as `ledgerscan serve` runs it (embedded with `workers` run slots, or on PostgreSQL), with an admin token. */
export async function serveBenchWorkspace(options: BenchServerOptions): Promise<BenchServer> {
  const { dir, database, api, workers } = options;
  const workspace =
    database === undefined
      ? new Workspace({ dataDir: dir, api, maxRunning: workers })
      : await openDistributedWorkspace({ database, filesDir: dir, api });
  if (database === undefined) await workspace.start({ scheduler: false });
  const app = await createServer(workspace);
  let slowest: TimedRequest[] = [];
  app.addHook('onResponse', async (request, reply) => {
    // Event streams last as long as their run; warm-up requests come before the measured window.
    if (request.headers[WARM_UP] !== undefined || request.url.endsWith('/events')) return;
    if (slowest.length < 5 || reply.elapsedTime > slowest.at(-1)!.ms)
      slowest = slowestOf([...slowest, { route: request.url.replace(/\d+/g, 'N'), ms: reply.elapsedTime }]);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await workspace.data.addUser('bench', 'admin', await hashPassword('bench password'));
  const token = randomToken();
  await workspace.data.addToken(user.id, tokenDigest(token));
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    token,
    slowest: () => slowest,
    async close() {
      await app.close();
      await workspace.close();
    },
  };
}
