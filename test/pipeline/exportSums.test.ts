import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';

const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * The whole path — plan, sync, store, ledger, CSV — against the sandbox world, whose truth is
 * computed by the generator from the movements it made: every wallet's in, out and fees per asset
 * must equal the ledger CSV's sums to the last base unit, at the free tier's page cap and a paid one's.
 */
describe.each([1000, 10_000])('export against a sandbox serving pages of up to %i rows', (pageCap) => {
  let world: World;
  let dir: string;
  let ledger: Record<string, string>[];
  let blockRanges: Record<string, { fromBlock: number; toBlock: number }>;
  let stdout: string;

  beforeAll(async () => {
    world = generateWorld({ seed: 1, scale: 1, chains: [1, 10, 42161] });
    const sandbox = await startSandbox({ world, rate: 1000, pageCap });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-sums-'));
    const io = captureIo(dir);
    try {
      const args = [
        'export',
        '--from',
        day(WORLD_START),
        '--to',
        day(WORLD_END - 1),
        '--template',
        'ledger',
        '--out',
        path.join(dir, 'out'),
        '--state',
        path.join(dir, 'state.db'),
        '--base-url',
        sandbox.url,
        '--api-key',
        sandbox.apiKey,
        '--rate',
        '1000',
        '--quiet',
        ...world.wallets.flatMap((wallet) => ['--address', wallet.address]),
        '--chain',
        '1',
        '--chain',
        '10',
        '--chain',
        '42161',
      ];
      expect(await runCli(args, io)).toBe(0);
      expect(sandbox.stats.rateLimited).toBe(0);
    } finally {
      await sandbox.close();
    }
    stdout = io.stdoutText();
    ledger = parse(fs.readFileSync(path.join(dir, 'out', 'ledger.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    blockRanges = (JSON.parse(fs.readFileSync(path.join(dir, 'out', 'manifest.json'), 'utf8')) as { blockRanges: typeof blockRanges })
      .blockRanges;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports what it wrote', () => {
    expect(stdout).toMatch(/ledger: \d+ rows/);
    expect(ledger.length).toBeGreaterThan(3000);
  });

  // Net, not in and out apart: a self-transfer is in and out for the world, and no movement for the ledger (a documented rule).
  it('has per-asset net movement and fees equal to the world for every wallet and chain', () => {
    const actual = new Map<string, { net: bigint; fees: bigint }>();
    for (const row of ledger) {
      const asset = row.asset_contract === '' ? 'native' : row.asset_contract!;
      const key = `${row.chain_id} ${row.wallet} ${asset}`;
      const sums = actual.get(key) ?? { net: 0n, fees: 0n };
      const raw = BigInt(row.amount_raw!);
      if (row.kind === 'fee') sums.fees += raw;
      else if (row.direction === 'in') sums.net += raw;
      else sums.net -= raw;
      actual.set(key, sums);
    }
    const expected = new Map<string, { net: bigint; fees: bigint }>();
    for (const wallet of world.wallets) {
      for (const chainId of wallet.chains) {
        const range = blockRanges[String(chainId)]!;
        for (const [asset, sums] of world.expectedSums(chainId, wallet.address, range.fromBlock, range.toBlock)) {
          if (sums.in !== 0n || sums.out !== 0n || sums.fees !== 0n) {
            expected.set(`${chainId} ${wallet.address} ${asset}`, { net: sums.in - sums.out, fees: sums.fees });
          }
        }
      }
    }
    expect(expected.size).toBeGreaterThan(20);
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  });

  it('keeps the extreme amounts exact and unknown decimals unknown', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(ledger.some((row) => row.amount_raw === max)).toBe(true);
    const unknown = ledger.filter((row) => row.note!.includes('unknown_decimals'));
    expect(unknown.length).toBeGreaterThan(0);
    for (const row of unknown) {
      expect(row.decimals).toBe('');
      expect(row.amount).toBe(row.amount_raw);
    }
    expect(ledger.every((row) => !/e/i.test(row.amount!))).toBe(true);
  });
});
