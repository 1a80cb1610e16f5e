import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { RunView } from '../support/serverProcess.js';
import { api, finishedRun, runUnderWay, waitFor } from '../support/serverProcess.js';
import { ownPostgresCluster, POSTGRES_SCRIPT } from '../support/ownPostgresCluster.js';
import { describeWithPostgres } from '../support/postgres.js';
import { runOutput } from '../support/runOutput.js';
import { Cluster } from './cluster.js';

const KEY = 'restart-key';
const RATE = 50;
const world = e2eWorld();
const request = { kind: 'export', period: { year: 2025 }, templates: ['ledger', 'koinly-wallets'] };
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: RATE, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

/**
 * A PostgreSQL server of this test's own (the shared one serves other test files at the same time): restarting
 * it drops every connection of the server process and the worker in the middle of a run.
 */
describeWithPostgres('PostgreSQL restarted during a run', () => {
  const own = ownPostgresCluster('restart');

  it('loses no committed page and writes no partial file: the run waits, is queued again and finishes with the files of an uninterrupted one', async () => {
    const cluster = await Cluster.start(own.url(), sandbox, { keys: { ETHERSCAN_API_KEY: KEY }, rate: RATE, workers: 1 });
    try {
      const [first, second] = await cluster.addBooks(world, 2);
      // The uninterrupted run first, on its own book.
      const reference = (await api(cluster.url, cluster.token, 'POST', `/api/books/${first!.id}/runs`, request)) as { id: number };
      expect((await cluster.explained(finishedRun(cluster.url, cluster.token, reference.id))).status).toBe('succeeded');

      const { id } = (await api(cluster.url, cluster.token, 'POST', `/api/books/${second!.id}/runs`, request)) as { id: number };
      await runUnderWay(cluster.url, cluster.token, id, 60);
      const committed = await cluster.storeRecords(second!.id);
      // Down for three seconds, so that statements of the run fail (a quick restart may fall between two).
      execFileSync(POSTGRES_SCRIPT, ['stop', own.dir()]);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      execFileSync(POSTGRES_SCRIPT, ['restart', own.dir()], { stdio: 'pipe' });

      // The server answers again once it has reconnected; the run finishes on the same worker.
      const after = await cluster.explained(
        waitFor(
          async () => {
            try {
              const run = (await api(cluster.url, cluster.token, 'GET', `/api/runs/${id}`)) as RunView;
              return ['succeeded', 'failed', 'stopped'].includes(run.status) ? run : undefined;
            } catch {
              return undefined;
            }
          },
          'the run to finish after the restart',
          60_000,
        ),
      );
      expect({ status: after.status, error: after.error }).toEqual({ status: 'succeeded', error: null });
      const log = (await api(cluster.url, cluster.token, 'GET', `/api/runs/${id}/log`)) as string[];
      expect(log.join('\n')).toContain('queued again: the database went away');
      expect(runOutput(cluster.runFiles(id))).toEqual(runOutput(cluster.runFiles(reference.id)));
      const records = await cluster.storeRecords(second!.id);
      expect(records).toEqual(await cluster.storeRecords(first!.id));
      expect(committed.length).toBeGreaterThan(0);
      expect(committed.filter((record) => !records.includes(record))).toEqual([]);
    } finally {
      await cluster.close();
    }
  });
});
