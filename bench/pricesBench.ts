/**
 * `npm run bench -- --prices`: the price calls a valued export needs. The small sandbox world (~10k ledger
 * entries) is exported, its ledger read back from the store, and every row that would be valued (spam never,
 * NFTs only from a price file) asked of a cold oracle (DefiLlama, EUR via ECB) and then a warm one on the same
 * store. Figures: rows, the distinct (asset, hour) buckets they need, price calls per 10,000 rows against
 * buckets per 10,000 rows, and the warm run's calls (the target: 0). Merged into results.json under `prices`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ledgerFromStore } from '../src/pipeline/ledgerFromStore.js';
import { openPriceOracle } from '../src/pipeline/openPriceOracle.js';
import { runExport } from '../src/pipeline/runExport.js';
import { hourOf } from '../src/prices/buckets.js';
import type { PriceQuery } from '../src/prices/PriceQuery.js';
import { createProgress } from '../src/sync/progress.js';
import { generateWorld } from '../src/sandbox/generateWorld.js';
import { startSandbox } from '../src/sandbox/startSandbox.js';
import { openSqliteStore } from '../src/store/openSqliteStore.js';
import { RateLimiter } from '../src/etherscan/RateLimiter.js';
import { benchJob } from './benchJob.js';

export async function pricesBench(resultsPath: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-prices-'));
  const world = generateWorld({ seed: 1, scale: 1 });
  const sandbox = await startSandbox({ world, rate: 100 });
  try {
    const outline = { chainIds: [...world.chainIds], wallets: world.wallets.map((wallet) => ({ ...wallet, chains: [...wallet.chains] })) };
    const job = benchJob(outline, dir, {
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      rate: 100,
      out: path.join(dir, 'out'),
      state: path.join(dir, 'state.db'),
      spanFeeMarket: false,
    });
    const result = await runExport(job, { command: 'bench prices', progress: createProgress({ output: process.stderr, quiet: true }) });
    const store = openSqliteStore(job.state);
    try {
      const queries: PriceQuery[] = [];
      for (const entry of ledgerFromStore(store, job, result.sync.chains)()) {
        if (entry.spam !== '') continue;
        queries.push({
          chainId: entry.chainId,
          asset: entry.assetContract === '' ? 'native' : entry.assetContract,
          time: entry.timestamp,
          ...(entry.tokenId === '' ? {} : { nft: true }),
        });
      }
      const buckets = new Set(
        queries.filter((query) => query.nft !== true).map((query) => `${query.chainId}|${query.asset}|${hourOf(query.time)}`),
      ).size;
      const valuation = { ...job.valuation!, currency: 'EUR' };
      // The sandbox answers at any pace: the bench counts calls, it does not wait out DefiLlama's rate.
      const pacers = new Map<string, RateLimiter>();
      const pacerFor = (source: string) => pacers.get(source) ?? pacers.set(source, new RateLimiter(50)).get(source)!;
      const started = performance.now();
      const cold = openPriceOracle(valuation, store, { pacerFor });
      await cold.prepare(queries);
      const coldSeconds = (performance.now() - started) / 1000;
      const warm = openPriceOracle(valuation, store, { pacerFor });
      await warm.prepare(queries);
      const valued = queries.filter((query) => cold.priceAt(query).found).length;
      const per10k = (count: number) => Math.round((count / queries.length) * 10_000 * 10) / 10;
      const figures = {
        measuredAt: new Date().toISOString(),
        rows: queries.length,
        buckets,
        cold: cold.stats(),
        coldSeconds,
        warm: warm.stats(),
        callsPer10kRows: per10k(cold.stats().calls),
        bucketsPer10kRows: per10k(buckets),
        valuedShare: Math.round((valued / queries.length) * 1000) / 1000,
      };
      process.stdout.write(
        `prices: ${figures.rows} rows need ${buckets} (asset, hour) buckets; cold ${figures.cold.calls} calls (expected ${figures.cold.expectedCalls}) in ${coldSeconds.toFixed(1)} s = ${figures.callsPer10kRows} per 10,000 rows against ${figures.bucketsPer10kRows} buckets; warm ${figures.warm.calls} calls, ${figures.warm.cacheHits} cache hits; ${(figures.valuedShare * 100).toFixed(1)} % valued\n`,
      );
      const results = JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(resultsPath, `${JSON.stringify({ ...results, prices: figures }, null, 2)}\n`);
    } finally {
      store.close();
    }
  } finally {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
