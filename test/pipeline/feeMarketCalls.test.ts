import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { getChain } from '../../src/chains/chains.js';
import { runCli } from '../../src/cli/main.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { SPANNING_START, WORLD_END } from '../../src/sandbox/worldSpan.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';

const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const LONDON = getChain(1).feeMarketBlock ?? 0;

/** One cold export of the Main wallet's whole mainnet history; the calls it cost and the files it wrote. */
async function exportMain(
  world: World,
  dir: string,
  fees: 'auto' | 'receipts',
): Promise<{ calls: number; receiptCalls: number; out: string; stderr: string }> {
  const sandbox = await startSandbox({ world, rate: 1000 });
  const out = path.join(dir, fees, 'out');
  const io = captureIo(dir);
  try {
    const main = world.wallets.find((wallet) => wallet.label === 'Main')!;
    const args = [
      'export',
      '--from',
      day(SPANNING_START),
      '--to',
      day(WORLD_END - 1),
      '--template',
      'ledger',
      '--template',
      'koinly',
      '--out',
      out,
      '--state',
      path.join(dir, fees, 'state.db'),
      '--base-url',
      sandbox.url,
      '--api-key',
      sandbox.apiKey,
      '--rate',
      '1000',
      '--address',
      main.address,
      '--chain',
      '1',
      '--fees',
      fees,
    ];
    expect(await runCli(args, io)).toBe(0);
    return {
      calls: sandbox.stats.requests,
      receiptCalls: sandbox.stats.byAction['proxy.eth_getTransactionReceipt'] ?? 0,
      out,
      stderr: io.stderrText(),
    };
  } finally {
    await sandbox.close();
  }
}

const csvFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.csv'))
    .sort();

/**
 * A mainnet wallet active since 2019, in a world spanning London: its fees before London come from the
 * txlist rows, so a cold export needs far fewer calls than with a receipt for every fee, and writes the
 * same files, each fee exact to the wei.
 */
describe('fees across the London fee market', () => {
  let world: World;
  let dir: string;
  let auto: Awaited<ReturnType<typeof exportMain>>;
  let receipts: Awaited<ReturnType<typeof exportMain>>;

  beforeAll(async () => {
    world = generateWorld({ seed: 5, scale: 0.4, chains: [1, 10, 42161], spanFeeMarket: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-london-'));
    auto = await exportMain(world, dir, 'auto');
    receipts = await exportMain(world, dir, 'receipts');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('spans London on chain 1, with legacy-priced and 1559-priced transactions on every chain', () => {
    const mainnet = world.chain(1)!;
    expect(mainnet.firstBlock).toBeLessThan(LONDON);
    expect(mainnet.headBlock).toBeGreaterThan(LONDON);
    expect(world.timestampOf(1, mainnet.firstBlock)).toBe(SPANNING_START);
    for (const chainId of world.chainIds) {
      const { txs } = world.chain(chainId)!;
      const types = new Set<number>();
      for (let tx = 0; tx < txs.length; tx++) {
        const type = txs.get('type', tx);
        types.add(type);
        const block = txs.get('block', tx);
        if (chainId === 1 && block > 0 && block < LONDON) expect(type).toBe(0);
        // A legacy-priced transaction paid its txlist gasPrice, so its receipt agrees with gasUsed × gasPrice.
        if (type === 0 && getChain(chainId).feeModel !== 'arbitrum') expect(txs.get('effectiveGasPrice', tx)).toBe(txs.get('gasPrice', tx));
        // After the fee market the txlist shows a type-2 transaction's bid: only its receipt has the fee.
        if (type === 2) expect(txs.get('gasPrice', tx)).toBeGreaterThan(txs.get('effectiveGasPrice', tx));
      }
      expect(types).toContain(0);
      expect(types).toContain(2);
    }
  });

  it('makes at least 40 % fewer calls than with a receipt for every fee', () => {
    expect(receipts.receiptCalls).toBeGreaterThan(500);
    expect(auto.calls).toBeLessThanOrEqual(0.6 * receipts.calls);
  });

  it('says before the sync how many receipts it will fetch, exactly', () => {
    for (const run of [auto, receipts])
      expect(run.stderr).toMatch(
        new RegExp(
          `plan: about \\d+ calls for this cold sync \\(\\d+ list pages or more, ${run.receiptCalls} receipts; 2 calls counted them\\)`,
        ),
      );
  });

  it('writes the same files either way', () => {
    expect(csvFiles(auto.out)).toEqual(csvFiles(receipts.out));
    expect(csvFiles(auto.out).length).toBeGreaterThan(1);
    for (const file of csvFiles(auto.out))
      expect(fs.readFileSync(path.join(auto.out, file), 'utf8')).toBe(fs.readFileSync(path.join(receipts.out, file), 'utf8'));
  });

  it('books every fee exactly, before and after London', () => {
    const main = world.wallets.find((wallet) => wallet.label === 'Main')!;
    const rows = parse(fs.readFileSync(path.join(auto.out, 'ledger.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    const fees = rows.filter((row) => row.kind === 'fee');
    expect(fees.filter((row) => Number(row.block_number) < LONDON).length).toBeGreaterThan(100);
    expect(fees.filter((row) => Number(row.block_number) >= LONDON).length).toBeGreaterThan(100);
    expect(fees.filter((row) => row.note!.includes('fee_from_list'))).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(auto.out, 'manifest.json'), 'utf8')) as {
      blockRanges: Record<string, { fromBlock: number; toBlock: number }>;
    };
    const range = manifest.blockRanges['1']!;
    const truth = world.expectedSums(1, main.address, range.fromBlock, range.toBlock).get('native')!;
    expect(fees.reduce((sum, row) => sum + BigInt(row.amount_raw!), 0n)).toBe(truth.fees);
  });
});
