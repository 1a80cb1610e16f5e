import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checksumAddress } from '../../src/config/checksumAddress.js';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { storeContents } from '../support/storeContents.js';
import { runOutput } from '../support/runOutput.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import type { Run } from '../../src/workspace/WorkspaceData.js';

const world = e2eWorld();
/** A finished run's API calls (NaN without a kind's summary). */
const apiCallsOf = (run: Run | undefined): number =>
  run?.summary !== null && run?.summary !== undefined && 'apiCalls' in run.summary ? run.summary.apiCalls : Number.NaN;
const swapCase = (char: string): string => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase());
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: E2E_RATE });
});
afterAll(async () => {
  await sandbox.close();
});

describe('books', () => {
  it('are validated by the CLI job rules, every problem at once, each naming its field', async () => {
    const workspace = openWorkspace(tempDir('books'), sandbox);
    try {
      const bad = { name: '', wallets: [{ address: '0x123' }], chains: [1, 999999], timezone: 'Mars/Base', period: { year: 2025 } };
      let message = '';
      try {
        await workspace.addBook(bad);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^book has 5 problems/);
      for (const field of ['period is not a book field', 'name must be', 'wallets[0].address', 'chains[1]', 'timezone'])
        expect(message).toContain(field);
      expect(await workspace.data.listBooks()).toEqual([]);
      const book = await workspace.addBook(worldBook(world));
      expect((await workspace.data.schedules(book.id)).map((schedule) => [schedule.kind, schedule.cron])).toEqual([
        ['reconcile', '30 2 * * *'],
      ]);
      const checksummed = checksumAddress(world.wallets[0]?.address ?? '');
      const letter = checksummed.search(/[a-fA-F]/);
      const flipped = checksummed.slice(0, letter) + swapCase(checksummed.charAt(letter)) + checksummed.slice(letter + 1);
      await expect(workspace.updateBook(book.id, { wallets: [{ address: flipped }] })).rejects.toThrow(/wallets\[0\]\.address.*EIP-55/);
      expect((await workspace.updateBook(book.id, { wallets: [{ address: checksummed, label: 'Main' }] }))?.data.wallets).toEqual([
        { address: checksummed, label: 'Main' },
      ]);
    } finally {
      await workspace.close();
    }
  });
});

describe('runs', () => {
  it('write what `ledgerscan export` writes for the same job file, one run per book at a time', async () => {
    const dataDir = tempDir('runs');
    const workspace = openWorkspace(dataDir, sandbox);
    await workspace.start({ scheduler: false });
    try {
      const book = await workspace.addBook(worldBook(world));
      const request: RunRequest = { kind: 'export', period: { year: 2025 }, templates: ['ledger', 'koinly-wallets'] };
      const first = await workspace.startRun(book.id, request);
      const second = await workspace.startRun(book.id, request);
      expect(await workspace.queue.counts()).toEqual({ queued: 1, running: 1 });
      await workspace.queue.idle();
      const [done1, done2] = [await workspace.data.getRun(first?.id ?? 0), await workspace.data.getRun(second?.id ?? 0)];
      expect([done1?.status, done2?.status]).toEqual(['succeeded', 'succeeded']);
      // One after the other: the second started only once the first had finished.
      expect(Date.parse(done2?.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(done1?.finishedAt ?? ''));
      expect(done1?.progress).toMatchObject({ phase: 'done', blocksPercent: 100 });
      expect(apiCallsOf(done2)).toBeLessThan(apiCallsOf(done1));
      expect(done1?.files.map((file) => file.name)).toContain('ledger.csv');
      expect(done1?.files.map((file) => file.name)).toContain('manifest.json');

      const runDir = path.join(dataDir, 'runs', String(first?.id));
      const cliOut = path.join(dataDir, 'cli-out');
      const cli = await runInProcess(
        [
          'export',
          '--config',
          path.join(runDir, 'job.json'),
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
        { env: { ETHERSCAN_API_KEY: sandbox.apiKey }, cwd: dataDir },
      );
      expect(cli.stderr).toBe('');
      expect(cli.code).toBe(0);
      expect(runOutput(path.join(runDir, 'files'))).toEqual(runOutput(cliOut));
      expect(storeContents(path.join(dataDir, 'books', String(book.id), 'state.db')).duplicateKeys).toBe(0);
    } finally {
      await workspace.close();
    }
  });

  it('of different books run side by side, and a run left running by a dead process is queued again and finishes', async () => {
    const dataDir = tempDir('requeue');
    const workspace = openWorkspace(dataDir, sandbox);
    await workspace.start({ scheduler: false });
    const a = await workspace.addBook(worldBook(world, 'A'));
    const b = await workspace.addBook(worldBook(world, 'B'));
    const runA = await workspace.startRun(a.id, { kind: 'sync' });
    const runB = await workspace.startRun(b.id, { kind: 'sync' });
    expect(await workspace.queue.counts()).toEqual({ queued: 0, running: 2 });
    await workspace.queue.idle();
    expect((await workspace.data.getRun(runA?.id ?? 0))?.status).toBe('succeeded');
    expect((await workspace.data.getRun(runB?.id ?? 0))?.status).toBe('succeeded');
    const stale = await workspace.data.addRun(
      a.id,
      { kind: 'export', period: { year: 2025 }, templates: ['ledger'] },
      'manual',
      new Date().toISOString(),
    );
    await workspace.close();

    // What a kill -9 leaves: the row still says running.
    const raw = openSqliteWorkspaceData(path.join(dataDir, 'workspace.db'));
    await raw.updateRun(stale.id, { status: 'running' });
    await raw.close();
    const again = openWorkspace(dataDir, sandbox);
    await again.start({ scheduler: false });
    try {
      await again.queue.idle();
      const run = await again.data.getRun(stale.id);
      expect(run?.status).toBe('succeeded');
      expect((await again.data.runLog(stale.id))[0]).toMatch(/queued again/);
      expect(fs.existsSync(path.join(dataDir, 'runs', String(stale.id), 'files', 'ledger.csv'))).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('a running run stops cleanly: the store keeps what was fetched, and the next run needs fewer calls', async () => {
    const dataDir = tempDir('stop-running');
    // 40/s on the client: the export is still fetching when it is stopped.
    const slow = openWorkspace(dataDir, sandbox, {}, 40);
    await slow.start({ scheduler: false });
    const request: RunRequest = { kind: 'export', period: { year: 2025 }, templates: ['ledger'] };
    const book = await slow.addBook(worldBook(world));
    try {
      const run = await slow.startRun(book.id, request);
      while (((await slow.data.getRun(run?.id ?? 0))?.progress.apiCalls ?? 0) < 30) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await slow.queue.stop(run?.id ?? 0)).toBe(true);
      await slow.queue.idle();
      const stopped = await slow.data.getRun(run?.id ?? 0);
      expect(stopped).toMatchObject({ status: 'stopped', error: null, files: [] });
      const kept = storeContents(path.join(dataDir, 'books', String(book.id), 'state.db'));
      expect(kept.integrity).toBe('ok');
      expect(kept.records.length).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
    // The runs after the stop at the usual rate: what they are compared by is their calls, not their speed.
    const workspace = openWorkspace(dataDir, sandbox);
    await workspace.start({ scheduler: false });
    try {
      const again = await workspace.startRun(book.id, request);
      await workspace.queue.idle();
      const done = await workspace.data.getRun(again?.id ?? 0);
      expect(done?.status).toBe('succeeded');
      expect(storeContents(path.join(dataDir, 'books', String(book.id), 'state.db')).duplicateKeys).toBe(0);
      // The same wallets in a book of their own, from an empty store: what the stopped run's pages saved.
      const cold = await workspace.startRun((await workspace.addBook(worldBook(world, 'cold'))).id, request);
      await workspace.queue.idle();
      expect(apiCallsOf(done)).toBeLessThan(apiCallsOf(await workspace.data.getRun(cold?.id ?? 0)) - 10);
    } finally {
      await workspace.close();
    }
  });

  it('a stopped queued run never starts, and a bad request names its fields', async () => {
    const workspace = openWorkspace(tempDir('stop'), sandbox);
    try {
      const book = await workspace.addBook(worldBook(world));
      await expect(workspace.startRun(book.id, { kind: 'export', period: { year: 1990 }, templates: ['nope'] })).rejects.toThrow(
        /period\.year.*templates\[0\]|templates\[0\].*period\.year/s,
      );
      const run = await workspace.startRun(book.id, { kind: 'sync' });
      expect(await workspace.queue.stop(run?.id ?? 0)).toBe(true);
      expect((await workspace.data.getRun(run?.id ?? 0))?.status).toBe('stopped');
    } finally {
      await workspace.close();
    }
  });
});
