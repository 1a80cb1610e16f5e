import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { BookData } from '../../src/workspace/BookData.js';
import { runJobFile } from '../../src/workspace/jobForRun.js';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { storeContents } from '../support/storeContents.js';
import { api, finishedRun, runUnderWay } from '../support/serverProcess.js';
import { describeWithPostgres } from '../support/postgres.js';
import { runOutput } from '../support/runOutput.js';
import { tempDir, worldBook } from '../support/workspaceHarness.js';
import { Cluster } from './cluster.js';

const KEY = 'killed-worker-key';
/** Slow enough that the export is still fetching when its worker is killed (≈ 250 calls at 50/s). */
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

describeWithPostgres('a worker killed with SIGKILL in the middle of a run', (serverUrl) => {
  // Three ledgerscan processes and a reference export: 30 s on a quiet machine, over jest's 120 s on one loaded 10×.
  it('has its run finished by another worker after the lease: the files of an uninterrupted run, no duplicate rows, ≤ 1.05 × its calls', async () => {
    // The uninterrupted run: the CLI with the same job into a fresh SQLite store; its calls counted by the sandbox.
    const cli = tempDir('killed-worker-reference');
    const jobFile = path.join(cli, 'job.json');
    const callsBefore = sandbox.stats.requests;
    fs.writeFileSync(jobFile, JSON.stringify(runJobFile(worldBook(world) as unknown as BookData, request as RunRequest, new Date())));
    const reference = await runInProcess(
      [
        'export',
        '--config',
        jobFile,
        '--out',
        path.join(cli, 'out'),
        '--state',
        path.join(cli, 'state.db'),
        '--base-url',
        sandbox.url,
        '--rate',
        String(RATE),
        '--quiet',
      ],
      { env: { ETHERSCAN_API_KEY: KEY }, cwd: cli },
    );
    expect(reference.code).toBe(0);
    const uninterruptedCalls = sandbox.stats.requests - callsBefore;

    // The default lease (30 s): long enough that no beat of the live workers, however starved the machine, comes late.
    const cluster = await Cluster.start(serverUrl, sandbox, { keys: { ETHERSCAN_API_KEY: KEY }, rate: RATE, workers: 2 });
    try {
      const created = (await cluster.addBooks(world, 1))[0]!;
      const start = sandbox.stats.requests;
      const { id } = (await api(cluster.url, cluster.token, 'POST', `/api/books/${created.id}/runs`, request)) as { id: number };
      await runUnderWay(cluster.url, cluster.token, id, 60);
      const victim = cluster.workerOf(id);
      expect(victim).toBeDefined();
      victim!.process.child.kill('SIGKILL');
      expect((await victim!.process.ended).signal).toBe('SIGKILL');
      // Its silence outlasting the lease, without waiting for it: the survivor's next lease check gives its run back.
      await cluster.expireLeaseOf(victim!);

      const after = await cluster.explained(finishedRun(cluster.url, cluster.token, id));
      expect({ status: after.status, error: after.error }).toEqual({ status: 'succeeded', error: null });
      const survivor = cluster.workers.find((worker) => worker !== victim)!;
      expect(survivor.log()).toContain(`run ${id} (`);
      expect(survivor.log()).toContain(`gave back the jobs of ${victim!.ready}: silent for over ${cluster.lease} s`);
      const log = (await api(cluster.url, cluster.token, 'GET', `/api/runs/${id}/log`)) as string[];
      expect(log.some((line) => line.startsWith('taken up by'))).toBe(true);

      expect(runOutput(cluster.runFiles(id))).toEqual(runOutput(path.join(cli, 'out')));
      const store = storeContents(path.join(cli, 'state.db'));
      expect(await cluster.storeRecords(created.id)).toEqual([...store.records].sort());
      const [receipts] = await cluster.query<{ n: string }>('SELECT count(*) AS n FROM ledgerscan.receipts WHERE book_id = $1', [
        String(created.id),
      ]);
      expect(Number(receipts?.n)).toBe(store.receipts);
      const spent = sandbox.stats.requests - start;
      expect(spent).toBeGreaterThan(uninterruptedCalls * 0.5);
      expect(spent).toBeLessThanOrEqual(Math.floor(uninterruptedCalls * 1.05));
    } finally {
      await cluster.close();
    }
  }, 300_000);
});
