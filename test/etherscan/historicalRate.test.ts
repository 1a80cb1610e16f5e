import { describe, expect, it } from '@jest/globals';
import { DEFAULTS } from '../../src/config/DEFAULTS.js';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';

/**
 * The historical-balance endpoints are paced at `historicalRate` on top of the plan's rate: Etherscan's 2 calls/s by
 * default, more where the explorer allows it. Each client has a key of its own, so no other test's limiter is shared.
 */
async function timeFiveHistoricalCalls(key: string, historicalRate?: number): Promise<number> {
  const answer = JSON.stringify({ status: '1', message: 'OK', result: '1000' });
  const client = new EtherscanClient({
    baseUrl: 'https://api.etherscan.io/v2/api',
    apiKey: key,
    rate: 1000,
    limiter: new RateLimiter(1000),
    ...(historicalRate === undefined ? {} : { historicalRate }),
    fetch: (async () => new Response(answer, { headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch,
  });
  const started = performance.now();
  for (let block = 1; block <= 5; block += 1) await client.balanceHistory(1, '0x00000000000000000000000000000000000000aa', block);
  return (performance.now() - started) / 1000;
}

describe('the historical-balance rate', () => {
  it("holds five calls to Etherscan's 2 a second by default, and to a raised rate when given one", async () => {
    expect(DEFAULTS.historicalRate).toBe(2);
    // Four gaps of half a second at the least; load can only make it slower.
    expect(await timeFiveHistoricalCalls('HISTORICALDEFAULTKEY1')).toBeGreaterThanOrEqual(1.9);
    // At 1,000 a second the same calls are not held for the 2 s the default would take.
    expect(await timeFiveHistoricalCalls('HISTORICALRAISEDKEY1', 1000)).toBeLessThan(1.5);
  });
});
