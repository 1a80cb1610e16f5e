import { PostgresRateLimiter } from '../etherscan/PostgresRateLimiter.js';
import type { Pacer } from '../priceSources/priceHttp.js';

/**
 * Each price source's rate shared by every worker on a PostgreSQL database, as the Etherscan key's is: the
 * limiter rows are named by a hash of `price-source:NAME`. `pacerFor` is `openPriceOracle`'s option.
 */
export class SharedPricePacers {
  private readonly limiters = new Map<string, Promise<PostgresRateLimiter>>();

  constructor(private readonly databaseUrl: string) {}

  readonly pacerFor = (source: string, rate: number): Pacer => ({
    acquire: async (signal?: AbortSignal) => (await this.limiter(source, rate)).acquire(signal),
  });

  async close(): Promise<void> {
    for (const limiter of this.limiters.values()) await (await limiter).close();
  }

  private limiter(source: string, rate: number): Promise<PostgresRateLimiter> {
    let limiter = this.limiters.get(source);
    if (limiter === undefined) {
      limiter = PostgresRateLimiter.open(this.databaseUrl, `price-source:${source}`, rate);
      this.limiters.set(source, limiter);
    }
    return limiter;
  }
}
