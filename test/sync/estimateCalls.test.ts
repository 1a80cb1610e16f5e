import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { SPANNING_START, WORLD_END } from '../../src/sandbox/worldSpan.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';
import { estimateCalls } from '../../src/sync/estimateCalls.js';
import { planBlockRanges } from '../../src/sync/planBlockRanges.js';
import { syncJob } from '../../src/sync/syncJob.js';

const PERIOD = { startTime: SPANNING_START, endTime: WORLD_END };

function client(baseUrl: string, apiKey: string): EtherscanClient {
  return new EtherscanClient({
    baseUrl,
    apiKey,
    rate: 1000,
    limiter: new RateLimiter(1000),
    historicalLimiter: new RateLimiter(1000),
    backoffBaseMs: 1,
    backoffCapMs: 4,
    maxRetries: 1,
  });
}

/** The estimate is checked against what the sync then really does, on a world spanning London. */
describe('estimateCalls', () => {
  let world: World;
  let sandbox: Sandbox;
  let dir: string;
  let store: SqliteStore;

  beforeAll(async () => {
    world = generateWorld({ seed: 7, scale: 0.2, chains: [1, 10, 42161], spanFeeMarket: true });
    sandbox = await startSandbox({ world, rate: 1000 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-estimate-'));
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['auto', 'receipts'] as const)(
    'counts exactly the receipts a cold sync with %s fees fetches, then skips a warm store',
    async (fees) => {
      store = openSqliteStore(path.join(dir, `${fees}.db`));
      try {
        const api = client(sandbox.url, sandbox.apiKey);
        const wallets = world.wallets.map((wallet) => ({ address: wallet.address, chains: [...wallet.chains] }));
        const plan = await planBlockRanges(api, world.chainIds, PERIOD);
        const before = sandbox.stats.byAction['proxy.eth_getTransactionCount'] ?? 0;
        const result = await estimateCalls({ api, store, plan, wallets, fees });
        if (!('estimate' in result)) throw new Error(`no estimate: ${JSON.stringify(result)}`);
        expect((sandbox.stats.byAction['proxy.eth_getTransactionCount'] ?? 0) - before).toBe(result.estimate.ownCalls);
        const report = await syncJob({ api, store, plan, wallets, fees });
        expect(result.estimate.receipts).toBe(report.receiptCalls);
        expect(result.estimate.receipts).toBeGreaterThan(100);
        // Pages: one per key and stream at least, so never above what the sync needed.
        expect(result.estimate.listPages).toBeLessThanOrEqual(report.listCalls);
        expect(result.estimate.listPages).toBeGreaterThanOrEqual(report.perKey.length);
        expect(await estimateCalls({ api, store, plan, wallets, fees })).toEqual({ warm: true });
      } finally {
        store.close();
      }
    },
  );
});

describe('estimateCalls against an explorer without eth_getTransactionCount', () => {
  it('says the estimate is unavailable instead of failing the run', async () => {
    const server = http.createServer((request, response) => {
      const action = new URL(request.url ?? '/', 'http://localhost').searchParams.get('action');
      const body =
        action === 'eth_getTransactionCount'
          ? { status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Action name' }
          : { jsonrpc: '2.0', id: 1, result: '0x10' };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const store = openSqliteStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-estimate-')), 'state.db'));
    try {
      const api = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api`, 'estimate-key');
      const plan = { ranges: [{ chainId: 1, startBlock: 13_000_000, endBlock: 14_000_000, headBlock: 15_000_000 }], skippedChains: [] };
      const result = await estimateCalls({ api, store, plan, wallets: [{ address: `0x${'ab'.repeat(20)}`, chains: null }], fees: 'auto' });
      expect(result).toEqual({ unavailable: expect.stringMatching(/invalid.action/i) });
    } finally {
      store.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
