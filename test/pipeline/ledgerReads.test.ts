import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Job } from '../../src/config/Job.js';
import { loadJob } from '../../src/config/loadJob.js';
import { runExport, type ExportResult } from '../../src/pipeline/runExport.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { SqliteStore } from '../../src/store/SqliteStore.js';
import { createProgress } from '../../src/sync/progress.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import { sandboxValuation } from '../support/sandboxValuation.js';

const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const CHAINS = [1, 10, 42161];

/** One `iterateRecords` call: a chain's blocks read from the store. */
interface Read {
  chainId: number;
  fromBlock: number;
  toBlock: number;
}

/**
 * How often an export reads its period's ledger from the store: every range read of a chain is counted (the bridge
 * pairs' reads of single blocks and the opening balances' history before the period apart). Three templates — two
 * CSVs and a journal with balances — valued, with the outputs: one read of the period and one of its history feed
 * them all. A cold run reads the period once more, to fetch its prices from the stored lists while the receipts sync.
 */
describe('reads of the ledger per export', () => {
  let dir: string;
  let sandbox: Sandbox;
  let job: Job;
  let reads: Read[] = [];
  const original = SqliteStore.prototype.iterateRecords;
  const spy = jest.spyOn(SqliteStore.prototype, 'iterateRecords');

  beforeAll(async () => {
    spy.mockImplementation(function (this: SqliteStore, chainId, wallets, fromBlock, toBlock) {
      reads.push({ chainId, fromBlock, toBlock });
      return original.call(this, chainId, wallets, fromBlock, toBlock);
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-reads-'));
    sandbox = await startSandbox({ world: generateWorld({ seed: 1, scale: 0.1, chains: CHAINS }), rate: 2000 });
    const flags = {
      address: sandbox.world.wallets.map((wallet) => wallet.address),
      chain: CHAINS,
      from: day(WORLD_START + 90 * 86400),
      to: day(WORLD_END - 1),
      template: ['ledger', 'koinly', 'hledger'],
      out: path.join(dir, 'out'),
      state: path.join(dir, 'state.db'),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      rate: 2000,
      quiet: true,
    };
    job = { ...loadJob({ flags, env: {}, knownTemplates: builtinTemplateNames(), cwd: dir }), valuation: sandboxValuation(sandbox) };
  }, 60_000);

  afterEach(() => {
    reads = [];
  });

  afterAll(async () => {
    spy.mockRestore();
    await sandbox?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const exportOnce = (): Promise<ExportResult> =>
    runExport(job, { command: 'test reads', progress: createProgress({ output: process.stderr, quiet: true }) });

  /** Per chain: reads of the period's blocks, and of the history before them. */
  function counted(result: ExportResult): { period: Record<number, number>; history: Record<number, number> } {
    const period: Record<number, number> = {};
    const history: Record<number, number> = {};
    for (const chain of result.sync.chains) {
      period[chain.chainId] = reads.filter(
        (r) => r.chainId === chain.chainId && r.fromBlock === chain.fromBlock && r.toBlock === chain.toBlock,
      ).length;
      history[chain.chainId] = reads.filter(
        (r) => r.chainId === chain.chainId && r.fromBlock === 0 && r.toBlock === chain.fromBlock - 1,
      ).length;
    }
    return { period, history };
  }

  const each = (count: number): Record<number, number> => Object.fromEntries(CHAINS.map((chainId) => [chainId, count]));

  it('reads the period once more on a cold run (the warming read of the listed rows)', async () => {
    const result = await exportOnce();
    expect(counted(result)).toEqual({ period: each(2), history: each(1) });
  }, 120_000);

  it('reads the period once on a warm run, for every template, the tie-out and the outputs', async () => {
    const result = await exportOnce();
    expect(result.templates.map((template) => template.template)).toEqual(['ledger', 'koinly', 'hledger']);
    expect(counted(result)).toEqual({ period: each(1), history: each(1) });
  }, 60_000);
});
