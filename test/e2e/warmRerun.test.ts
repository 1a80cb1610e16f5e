import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';

const KEY = 'warm-key';
const world = e2eWorld();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 400, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

/** The sandbox's requests of one run, by action. */
async function requestsOf(args: readonly string[], cwd: string): Promise<Record<string, number>> {
  const before = { ...sandbox.stats.byAction };
  const outcome = await runInProcess(args, { cwd });
  expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
  return Object.fromEntries(
    Object.entries(sandbox.stats.byAction)
      .map(([action, count]) => [action, count - (before[action] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
}

describe('a warm re-run of a finished period', () => {
  it('asks the API nothing: blocks of past instants, the head and period-end chain balances are kept', async () => {
    const dir = tempDir('warm');
    const state = path.join(dir, 'state.db');
    // hledger asserts every holding against the chain's balance at the period's last block.
    const run = (out: string) =>
      exportArgs(world, { url: sandbox.url, apiKey: KEY, out: path.join(dir, out), state }, ['--template', 'hledger']);
    const cold = await requestsOf(run('cold'), dir);
    expect(cold['block.getblocknobytime']).toBeGreaterThan(0);
    expect((cold['account.balancehistory'] ?? 0) + (cold['account.tokenbalancehistory'] ?? 0)).toBeGreaterThan(0);
    expect(await requestsOf(run('warm'), dir)).toEqual({});
  }, 120_000);
});
