import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import type { CliChild } from '../support/runLedgerscan.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { storeContents } from '../support/storeContents.js';
import { runOutput } from '../support/runOutput.js';
import { tempDir, worldBook } from '../support/workspaceHarness.js';
import { api, finishedRun, runUnderWay, startServer } from '../support/serverProcess.js';

const KEY = 'durability-key';
/** The first server's rate: slow enough that the export is still fetching when it is killed (≈ 250 calls at 60/s). */
const RATE = 60;
const world = e2eWorld();
let sandbox: Sandbox;

beforeAll(async () => {
  // Above the first server's rate: the restarted server and the reference run need no slowness, and no call is refused.
  sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

async function startDataServer(dataDir: string, rate: number): Promise<{ server: CliChild; url: string }> {
  return startServer(['--data', dataDir, '--base-url', sandbox.url, '--rate', String(rate)], { ETHERSCAN_API_KEY: KEY });
}

describe('a server killed with SIGKILL during an export', () => {
  it('re-queues the run at restart; it finishes with the files of an uninterrupted run and no duplicate store rows', async () => {
    const dataDir = tempDir('durability');
    const added = await runInProcess(['users', 'add', 'ops', '--role', 'admin', '--data', dataDir], {
      env: { LEDGERSCAN_PASSWORD: 'a long enough password' },
      cwd: dataDir,
    });
    expect(added).toMatchObject({ code: 0, stdout: 'added ops (admin)\n' });
    const token = (await runInProcess(['users', 'token', 'ops', '--data', dataDir], { cwd: dataDir })).stdout.trim();
    const request = { kind: 'export', period: { year: 2025 }, templates: ['ledger', 'koinly-wallets'] };

    let { server, url } = await startDataServer(dataDir, RATE);
    const book = (await api(url, token, 'POST', '/api/books', worldBook(world))) as { id: number };
    const { id } = (await api(url, token, 'POST', `/api/books/${book.id}/runs`, request)) as { id: number };
    const before = await runUnderWay(url, token, id, 40);
    expect(before.status).toBe('running');
    server.child.kill('SIGKILL');
    expect((await server.ended).signal).toBe('SIGKILL');

    ({ server, url } = await startDataServer(dataDir, E2E_RATE));
    try {
      const after = await finishedRun(url, token, id);
      expect(after.status).toBe('succeeded');
      const log = (await api(url, token, 'GET', `/api/runs/${id}/log`)) as string[];
      expect(log.some((line) => line.startsWith('queued again'))).toBe(true);

      // The same job, uninterrupted, through the CLI into a fresh store.
      const cliOut = path.join(dataDir, 'cli-out');
      const cli = await runInProcess(
        [
          'export',
          '--config',
          path.join(dataDir, 'runs', String(id), 'job.json'),
          '--out',
          cliOut,
          '--state',
          path.join(dataDir, 'cli.db'),
          '--base-url',
          sandbox.url,
          '--rate',
          String(E2E_RATE),
          '--quiet',
        ],
        { env: { ETHERSCAN_API_KEY: KEY }, cwd: dataDir },
      );
      expect(cli.code).toBe(0);
      expect(runOutput(path.join(dataDir, 'runs', String(id), 'files'))).toEqual(runOutput(cliOut));
      const store = storeContents(path.join(dataDir, 'books', String(book.id), 'state.db'));
      const reference = storeContents(path.join(dataDir, 'cli.db'));
      expect(store.integrity).toBe('ok');
      expect(store.duplicateKeys).toBe(0);
      expect(store.records).toEqual(reference.records);
      expect(store.receipts).toBe(reference.receipts);
    } finally {
      server.child.kill('SIGTERM');
      await server.ended;
    }
  });
});
