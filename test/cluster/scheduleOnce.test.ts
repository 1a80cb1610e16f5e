import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { nextTick } from '../../src/workspace/Scheduler.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { api, waitFor } from '../support/serverProcess.js';
import { describeWithPostgres } from '../support/postgres.js';
import { Cluster } from './cluster.js';

const KEY = 'schedule-key';
const world = e2eWorld();
/** Every 2 seconds (croner's optional seconds field), so a test sees several ticks. */
const CRON = '*/2 * * * * *';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

describeWithPostgres('a schedule with 3 workers (and the server) looking at it', (serverUrl) => {
  it('fires exactly once per tick', async () => {
    const cluster = await Cluster.start(serverUrl, sandbox, {
      keys: { ETHERSCAN_API_KEY: KEY },
      rate: E2E_RATE,
      workers: 3,
      workerFlags: ['--scheduler-every', '0.2'],
    });
    try {
      const book = (await cluster.addBooks(world, 1))[0]!;
      const [set] = (await api(cluster.url, cluster.token, 'PUT', `/api/books/${book.id}/schedules`, [
        { kind: 'sync', cron: CRON, zone: 'UTC' },
      ])) as { lastFiredAt: string }[];
      // The ticks fired since the schedule was set, up to its last fired one.
      const ticksSinceSet = async (): Promise<Date[]> => {
        const [schedule] = (await api(cluster.url, cluster.token, 'GET', `/api/books/${book.id}/schedules`)) as { lastFiredAt: string }[];
        const ticks: Date[] = [];
        for (
          let tick = nextTick({ cron: CRON, zone: 'UTC' }, 'UTC', new Date(set!.lastFiredAt));
          tick !== null && tick <= new Date(schedule!.lastFiredAt);
          tick = nextTick({ cron: CRON, zone: 'UTC' }, 'UTC', tick)
        )
          ticks.push(tick);
        return ticks;
      };
      // Until three ticks have fired (6 s on a quiet machine), not a fixed time a loaded one may fire fewer in.
      await waitFor(async () => ((await ticksSinceSet()).length >= 3 ? true : undefined), 'three ticks of the schedule', 60_000);
      for (const worker of cluster.workers) worker.process.child.kill('SIGTERM');
      await Promise.all(cluster.workers.map((worker) => worker.process.ended));

      // The server still looks every 15 s: a tick it has claimed but not yet enqueued is read again a moment later.
      const settled = async (): Promise<{ ticks: Date[]; runs: { createdAt: string }[] }> => {
        for (let look = 0; ; look += 1) {
          const ticks = await ticksSinceSet();
          const runs = (
            (await api(cluster.url, cluster.token, 'GET', `/api/books/${book.id}/runs`)) as { trigger: string; createdAt: string }[]
          ).filter((run) => run.trigger === 'schedule');
          if (runs.length === ticks.length || look === 20) return { ticks, runs };
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      const { ticks, runs } = await settled();
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      // One run per tick, each created after its tick and before the next one.
      expect(runs.length).toBe(ticks.length);
      const created = runs.map((run) => new Date(run.createdAt).getTime()).sort((a, b) => a - b);
      ticks.forEach((tick, index) => {
        expect(created[index]).toBeGreaterThanOrEqual(tick.getTime());
        expect(created[index]).toBeLessThan(tick.getTime() + 2_000);
      });
    } finally {
      await cluster.close();
    }
  });
});
