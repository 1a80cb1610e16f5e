import type { EtherscanClientOptions } from '../../src/etherscan/EtherscanClient.js';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';

/** A client for a local test server: its own fast limiters (no process-wide pacing) and millisecond backoffs. */
export function fastClient(baseUrl: string, apiKey: string, options: Partial<EtherscanClientOptions> = {}): EtherscanClient {
  return new EtherscanClient({
    baseUrl,
    apiKey,
    rate: 1000,
    limiter: new RateLimiter(1000),
    historicalLimiter: new RateLimiter(1000),
    backoffBaseMs: 1,
    backoffCapMs: 4,
    ...options,
  });
}
