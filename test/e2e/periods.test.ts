import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';

const KEY = 'periods-key';
const world = e2eWorld();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 400, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

/** `export` over `period` flags instead of `--year 2025`. */
function periodArgs(dir: string, period: readonly string[]): string[] {
  const args = exportArgs(world, { url: sandbox.url, apiKey: KEY, out: path.join(dir, 'out'), state: path.join(dir, 'state.db') });
  const year = args.indexOf('--year');
  args.splice(year, 2, ...period);
  return args;
}

/**
 * Periods that have not happened. The sandbox's chains end at their head (1 March 2026, the generated world's
 * end), long before any test runs; 2099 has not begun whatever the clock says.
 */
describe('a period that has not happened', () => {
  it('starting in the future is exit 2 before any API call, nothing written', async () => {
    const dir = tempDir('periods-future');
    const calls = sandbox.stats.requests;
    const outcome = await runInProcess(periodArgs(dir, ['--year', '2099']), { cwd: dir });
    expect(outcome).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(
        /^ledgerscan: the period starts on 2099-01-01, after today \(\d{4}-\d\d-\d\d\): no chain has a block in it yet \(fix: choose a period that has begun/,
      ),
    });
    expect(sandbox.stats.requests).toBe(calls);
    expect(fs.existsSync(path.join(dir, 'state.db'))).toBe(false);
    // Refused: not even the --out folder it would have written to is left behind.
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it("starting after the explorer's newest block names that cause, not --base-url", async () => {
    const dir = tempDir('periods-after-data');
    const outcome = await runInProcess(periodArgs(dir, ['--from', '2026-06-01', '--to', '2026-06-30']), { cwd: dir });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(
      /^ledgerscan: chain 1 has no block at or after the period's start 2026-06-01T00:00:00Z: the explorer's data ends before it \(fix: choose a period that starts before the chain's newest block\)\n$/,
    );
    expect(outcome.stderr).not.toContain('--base-url');
  });

  it('ending after the head is exported up to the head, and the summary and manifest say so', async () => {
    const dir = tempDir('periods-to-head');
    const outcome = await runInProcess(periodArgs(dir, ['--from', '2026-01-01', '--to', '2099-12-31']), { cwd: dir });
    expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    expect(outcome.stdout).toContain("the period has not ended on chain 1, 10: exported up to the chain's head");
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'out', 'manifest.json'), 'utf8')) as {
      blockRanges: Record<string, { fromBlock: number; toBlock: number; upToHead?: boolean }>;
    };
    for (const chainId of world.chainIds) {
      const range = manifest.blockRanges[String(chainId)]!;
      expect(range.upToHead).toBe(true);
      expect(range.fromBlock).toBeLessThanOrEqual(range.toBlock);
      expect(range.toBlock).toBeLessThanOrEqual(world.chain(chainId)!.headBlock);
    }
  });
});
