import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { startProcess } from '../support/serverProcess.js';
import { ownPostgresCluster, POSTGRES_SCRIPT } from '../support/ownPostgresCluster.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import type { CliChild } from '../support/runLedgerscan.js';
import { spawnLedgerscan } from '../support/runLedgerscan.js';

const KEY = 'signals-key';
/** What the issue asks of every stop: the process is gone within this, whatever its database or API does. */
const BOUND_MS = 10_000;
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const world = e2eWorld();
let sandbox: Sandbox;
// Every case starts real processes (tsx compiles each one), on a machine that may be busy.
jest.setTimeout(300_000);

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 400, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

/** Sends `signal` and measures how long the process takes to end; a process still alive after twice the bound is killed. */
async function stopWith(
  started: CliChild,
  signal: NodeJS.Signals,
): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const sent = Date.now();
  started.child.kill(signal);
  const killer = setTimeout(() => started.child.kill('SIGKILL'), 2 * BOUND_MS);
  const end = await started.ended;
  clearTimeout(killer);
  return { ms: Date.now() - sent, code: end.code, signal: end.signal, stderr: end.stderr };
}

/** Until the sandbox has answered `calls` requests in all; a child that ended before is a failure. */
async function callsReach(calls: number, started: CliChild): Promise<void> {
  let ended = false;
  void started.ended.then(() => (ended = true));
  while (sandbox.stats.requests < calls) {
    if (ended) throw new Error(`ledgerscan ended before it was under way: ${(await started.ended).stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a state path that cannot be created', () => {
  it('is exit 2 at once naming --state, not a spin deaf to signals', async () => {
    const dir = tempDir('signals-state');
    const started = spawnLedgerscan(
      exportArgs(world, { url: sandbox.url, apiKey: KEY, out: path.join(dir, 'out'), state: '/proc/nope/state.db' }),
    );
    const killer = setTimeout(() => started.child.kill('SIGKILL'), 60_000);
    const end = await started.ended;
    clearTimeout(killer);
    expect({ code: end.code, stderr: end.stderr.trim() }).toEqual({
      code: 2,
      stderr: expect.stringMatching(
        /^ledgerscan: cannot create the folder of --state \/proc\/nope\/state\.db \(fix: choose another --state\)$/,
      ),
    });
  });

  it('as serve --data (the folder of workspace.db) is exit 2 at once naming --data', async () => {
    const started = spawnLedgerscan(['serve', '--port', '0', '--data', '/proc/nope', '--base-url', sandbox.url], {
      ETHERSCAN_API_KEY: KEY,
    });
    const killer = setTimeout(() => started.child.kill('SIGKILL'), 60_000);
    const end = await started.ended;
    clearTimeout(killer);
    expect({ code: end.code, stderr: end.stderr.trim() }).toEqual({
      code: 2,
      stderr: 'ledgerscan: cannot open the workspace database (path: /proc/nope/workspace.db; fix: point --data at a writable folder)',
    });
  });
});

describe.each(SIGNALS)('%s stops every long-running command within the bound', (signal) => {
  it.each(['export', 'sync', 'reconcile'])('%s mid-sync: exit 130 (stopped, what was fetched kept), the lock released', async (command) => {
    const dir = tempDir(`signals-${command}`);
    const state = path.join(dir, 'state.db');
    // Three calls a second: the cold sync would take more than a minute.
    const args = exportArgs(world, { url: sandbox.url, apiKey: KEY, out: path.join(dir, 'out'), state });
    args[args.indexOf('--rate') + 1] = '3';
    const calls = sandbox.stats.requests;
    const started = spawnLedgerscan([command, ...args.slice(1)]);
    await callsReach(calls + 3, started);
    const end = await stopWith(started, signal);
    expect(end).toEqual({ ms: expect.any(Number), code: 130, signal: null, stderr: expect.stringContaining(`stopped by ${signal}`) });
    expect(end.ms).toBeLessThan(BOUND_MS);
    expect(fs.existsSync(`${state}.lock`)).toBe(false);
  });

  it('serve (embedded)', async () => {
    const dir = tempDir('signals-serve');
    const { process: server } = await startProcess(
      ['serve', '--port', '0', '--data', dir, '--base-url', sandbox.url],
      { ETHERSCAN_API_KEY: KEY },
      /listening on (http:\/\/\S+)/,
    );
    const end = await stopWith(server, signal);
    expect(end.signal).toBeNull();
    expect(end.ms).toBeLessThan(BOUND_MS);
  });
});

describeWithPostgres('serve and worker on PostgreSQL', (serverUrl) => {
  it.each(SIGNALS)('%s stops a worker within the bound', async (signal) => {
    const database = await createDatabase(serverUrl);
    try {
      const worker = await startProcess(
        ['worker', '--database', database, '--files', tempDir('signals-worker'), '--base-url', sandbox.url],
        { ETHERSCAN_API_KEY: KEY },
        /worker (\S+) on /,
      );
      const end = await stopWith(worker.process, signal);
      expect(end.signal).toBeNull();
      expect(end.ms).toBeLessThan(BOUND_MS);
    } finally {
      await dropDatabase(database);
    }
  });

  /** A cluster of this test's own, stopped under the running processes (the shared one serves other test files). */
  describe('while their database is being stopped', () => {
    const own = ownPostgresCluster('signals');

    it('serve --database and worker --database exit within the bound on SIGTERM', async () => {
      const files = tempDir('signals-pg-files');
      const env = { ETHERSCAN_API_KEY: KEY };
      const { process: server } = await startProcess(
        ['serve', '--port', '0', '--database', own.url(), '--files', files, '--base-url', sandbox.url],
        env,
        /listening on (http:\/\/\S+)/,
      );
      const { process: worker } = await startProcess(
        ['worker', '--database', own.url(), '--files', files, '--base-url', sandbox.url, '--scheduler-every', '1'],
        env,
        /worker (\S+) on /,
      );
      execFileSync(POSTGRES_SCRIPT, ['stop', own.dir()], { stdio: 'pipe' });
      const [serverEnd, workerEnd] = await Promise.all([stopWith(server, 'SIGTERM'), stopWith(worker, 'SIGTERM')]);
      expect({ server: serverEnd.signal, worker: workerEnd.signal }).toEqual({ server: null, worker: null });
      expect(serverEnd.ms).toBeLessThan(BOUND_MS);
      expect(workerEnd.ms).toBeLessThan(BOUND_MS);
    });
  });
});
