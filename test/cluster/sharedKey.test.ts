import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld } from '../e2e/e2eWorld.js';
import type { RunView } from '../server/serverProcess.js';
import { api, finishedRun } from '../server/serverProcess.js';
import { describeWithPostgres } from '../support/postgres.js';
import { worldBook } from '../workspace/workspaceHarness.js';
import { Cluster } from './cluster.js';

const KEY = 'shared-key';
/** The key's rate at the sandbox and at the workers alike. */
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

type TimedRun = RunView & { startedAt: string; finishedAt: string };

describeWithPostgres('two workers, one run each on a different book, one key', (serverUrl) => {
  it('never exceed the key\'s rate together, and together reach it', async () => {
    const cluster = await Cluster.start(serverUrl, sandbox, { keys: { ETHERSCAN_API_KEY: KEY }, rate: RATE, workers: 2 });
    try {
      const books = await Promise.all(['A', 'B'].map((name) => api(cluster.url, cluster.token, 'POST', '/api/books', worldBook(world, `Client ${name}`)) as Promise<{ id: number }>));
      const before = { requests: sandbox.stats.requests, rateLimited: sandbox.stats.rateLimited };
      const ids = await Promise.all(books.map(async (book) => ((await api(cluster.url, cluster.token, 'POST', `/api/books/${book.id}/runs`, request)) as { id: number }).id));
      const runs = (await Promise.all(ids.map((id) => finishedRun(cluster.url, cluster.token, id)))) as TimedRun[];
      expect(runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
      // Each on a worker of its own, side by side.
      expect(new Set(ids.map((id) => cluster.workerOf(id)))).toEqual(new Set(cluster.workers));
      const calls = sandbox.stats.requests - before.requests;
      expect(sandbox.stats.rateLimited - before.rateLimited).toBe(0);
      const wall = (Math.max(...runs.map((run) => Date.parse(run.finishedAt))) - Math.min(...runs.map((run) => Date.parse(run.startedAt)))) / 1000;
      expect(wall).toBeGreaterThanOrEqual((calls - 1) / RATE);
      expect(wall).toBeLessThanOrEqual(1.1 * (calls / RATE));
    } finally {
      await cluster.close();
    }
  });
});
