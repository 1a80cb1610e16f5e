import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { RunView } from '../support/serverProcess.js';
import { api, finishedRun, runUnderWay } from '../support/serverProcess.js';
import { describeWithPostgres } from '../support/postgres.js';
import { Cluster } from './cluster.js';

const KEY = 'stop-key';
/** Slow enough that the export is still going when it is stopped. */
const RATE = 40;
const world = e2eWorld();
const request = { kind: 'export', period: { year: 2025 }, templates: ['ledger'] };
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: RATE, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

describeWithPostgres('stopping runs of the distributed workspace from the server', (serverUrl) => {
  it("removes a queued run's job, and stops a run going on a worker within seconds, keeping what it fetched", async () => {
    const cluster = await Cluster.start(serverUrl, sandbox, { keys: { ETHERSCAN_API_KEY: KEY }, rate: RATE, workers: 1 });
    try {
      const [first, second] = await cluster.addBooks(world, 2);
      const going = (await api(cluster.url, cluster.token, 'POST', `/api/books/${first!.id}/runs`, request)) as { id: number };
      await runUnderWay(cluster.url, cluster.token, going.id, 40);
      // The only worker is busy: the second book's run waits in the queue.
      const queued = (await api(cluster.url, cluster.token, 'POST', `/api/books/${second!.id}/runs`, request)) as { id: number };
      expect(((await api(cluster.url, cluster.token, 'GET', `/api/runs/${queued.id}`)) as RunView).status).toBe('queued');
      await api(cluster.url, cluster.token, 'POST', `/api/runs/${queued.id}/stop`);
      expect(((await api(cluster.url, cluster.token, 'GET', `/api/runs/${queued.id}`)) as RunView).status).toBe('stopped');
      expect(await cluster.query("SELECT key FROM graphile_worker.jobs WHERE key = 'ledgerscan_run_' || $1", [String(queued.id)])).toEqual(
        [],
      );

      const callsBefore = sandbox.stats.requests;
      await api(cluster.url, cluster.token, 'POST', `/api/runs/${going.id}/stop`);
      const stopped = await cluster.explained(finishedRun(cluster.url, cluster.token, going.id, 10_000));
      expect({ status: stopped.status, error: stopped.error }).toEqual({ status: 'stopped', error: null });
      expect(sandbox.stats.requests - callsBefore).toBeLessThan(2 * RATE);
      expect(
        Number(
          (await cluster.query<{ n: string }>('SELECT count(*) AS n FROM ledgerscan.records WHERE book_id = $1', [String(first!.id)]))[0]
            ?.n,
        ),
      ).toBeGreaterThan(0);
      // Neither run comes back: the worker takes nothing more.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (const id of [going.id, queued.id])
        expect(((await api(cluster.url, cluster.token, 'GET', `/api/runs/${id}`)) as RunView).status).toBe('stopped');
      expect(cluster.workers[0]!.log()).not.toContain(`run ${queued.id} (`);
    } finally {
      await cluster.close();
    }
  });
});
