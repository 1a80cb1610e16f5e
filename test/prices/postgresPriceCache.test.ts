import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { openPriceOracle } from '../../src/pipeline/openPriceOracle.js';
import { SharedPricePacers } from '../../src/pipeline/SharedPricePacers.js';
import type { PriceQuery } from '../../src/prices/PriceQuery.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { sandboxValuation } from '../support/sandboxValuation.js';

describeWithPostgres('the price cache on PostgreSQL', (serverUrl) => {
  let url: string;
  let sandbox: Sandbox;

  beforeAll(async () => {
    url = await createDatabase(serverUrl);
    sandbox = await startSandbox({ world: generateWorld({ seed: 9, scale: 0, chains: [1, 42161] }) });
  });
  afterAll(async () => {
    await sandbox.close();
    await dropDatabase(url);
  });

  it('serves a warm prepare with 0 calls, to another book too (a price is a fact about an asset)', async () => {
    const start = Date.parse('2025-08-01T00:00:00Z') / 1000;
    const queries: PriceQuery[] = Array.from({ length: 40 }, (_, n) => ({
      chainId: n % 2 === 0 ? 1 : 42161,
      asset: 'native',
      time: start + n * 2000,
    }));
    const first = openPostgresStore(url, 'book-a');
    const second = openPostgresStore(url, 'book-b');
    try {
      const cold = openPriceOracle(sandboxValuation(sandbox, { currency: 'CHF' }), first);
      await cold.prepare(queries);
      expect(cold.stats().calls).toBeGreaterThan(0);
      const calls = { ...sandbox.stats.priceCalls };
      for (const store of [first, second]) {
        const warm = openPriceOracle(sandboxValuation(sandbox, { currency: 'CHF' }), store);
        await warm.prepare(queries);
        expect(warm.stats()).toMatchObject({ calls: 0, expectedCalls: 0 });
        expect(warm.stats().cacheHits).toBeGreaterThan(0);
        for (const query of queries) expect(warm.priceAt(query)).toEqual(cold.priceAt(query));
      }
      expect(sandbox.stats.priceCalls).toEqual(calls);
      expect(cold.priceAt(queries[0]!)).toMatchObject({
        found: true,
        currency: 'CHF',
        fx: { usdPerEur: expect.any(String), bookPerEur: expect.any(String) },
      });
    } finally {
      first.close();
      second.close();
    }
  });

  it("paces a source across workers sharing the database, as one key's rate", async () => {
    const workers = [new SharedPricePacers(url), new SharedPricePacers(url)];
    try {
      const rate = 10;
      const pacers = workers.map((worker) => worker.pacerFor('defillama', rate));
      await Promise.all(pacers.map((pacer) => pacer.acquire()));
      const started = performance.now();
      await Promise.all(pacers.flatMap((pacer) => [pacer.acquire(), pacer.acquire(), pacer.acquire()]));
      // Six more sends after the first two, one interval apart whoever sends them.
      expect(performance.now() - started).toBeGreaterThanOrEqual((6 / rate) * 1000 - 20);
    } finally {
      for (const worker of workers) await worker.close();
    }
  });
});
