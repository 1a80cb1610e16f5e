import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { api, finishedRun } from '../support/serverProcess.js';
import { describeWithPostgres } from '../support/postgres.js';
import { runOutput } from '../support/runOutput.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import { Cluster } from './cluster.js';

const KEY = 'cluster-key';
const world = e2eWorld();
const request: RunRequest = { kind: 'export', period: { year: 2025 }, templates: ['ledger', 'koinly-wallets', 'cointracking'] };
let sandbox: Sandbox;
/** The embedded workspace's files, made once for both cluster sizes. */
let reference: Promise<Record<string, string>> | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

/** The export through the embedded workspace (SQLite, in-process queue): the reference files. */
async function embeddedExport(): Promise<Record<string, string>> {
  const dataDir = tempDir('embedded-reference');
  const workspace = openWorkspace(dataDir, { url: sandbox.url, apiKey: KEY });
  await workspace.start({ scheduler: false });
  try {
    const book = await workspace.addBook(worldBook(world));
    const run = await workspace.startRun(book.id, request);
    await workspace.queue.idle();
    expect((await workspace.data.getRun(run?.id ?? 0))?.status).toBe('succeeded');
    return runOutput(workspace.stores.outDir(run?.id ?? 0));
  } finally {
    await workspace.close();
  }
}

describeWithPostgres('the distributed workspace', (serverUrl) => {
  it.each([1, 3])(
    'with %i worker(s) writes the files of the embedded workspace, byte for byte, whichever worker runs each book',
    async (workers) => {
      reference ??= embeddedExport();
      const expected = await reference;
      const cluster = await Cluster.start(serverUrl, sandbox, { keys: { ETHERSCAN_API_KEY: KEY }, rate: E2E_RATE, workers });
      try {
        // One book per worker, all queued at once: with 3 workers they run side by side.
        const books = await cluster.addBooks(world, workers);
        const runs = await Promise.all(
          books.map((book) => api(cluster.url, cluster.token, 'POST', `/api/books/${book.id}/runs`, request) as Promise<{ id: number }>),
        );
        for (const { id } of runs) {
          const run = await cluster.explained(finishedRun(cluster.url, cluster.token, id));
          expect({ id, status: run.status, error: run.error }).toEqual({ id, status: 'succeeded', error: null });
          expect(runOutput(cluster.runFiles(id))).toEqual(expected);
        }
        const ran = runs.map(({ id }) => cluster.workers.indexOf(cluster.workerOf(id)!));
        expect(ran.every((index) => index >= 0)).toBe(true);
        if (workers === 3) expect(new Set(ran).size).toBeGreaterThan(1);
        // Served by the server from the shared files, whichever worker wrote them.
        const listed = (await api(cluster.url, cluster.token, 'GET', `/api/runs/${runs[0]!.id}/files`)) as { name: string }[];
        expect(listed.map((file) => file.name)).toContain('ledger.csv');
        const ledger = await fetch(`${cluster.url}/api/runs/${runs[0]!.id}/files/ledger.csv`, {
          headers: { authorization: `Bearer ${cluster.token}` },
        });
        expect(ledger.status).toBe(200);
        expect(await ledger.text()).toBe(fs.readFileSync(path.join(cluster.runFiles(runs[0]!.id), 'ledger.csv'), 'utf8'));
        // Nothing local: the files dir has run folders only, no SQLite file anywhere.
        expect(JSON.stringify(cluster.localFiles())).not.toMatch(/\.db"/);
      } finally {
        await cluster.close();
      }
    },
  );
});
