import type { ValuationSettings } from '../prices/ValuationSettings.js';
import { coingeckoPrices } from '../priceSources/coingeckoPrices.js';
import { defillamaCalls, defillamaPrices } from '../priceSources/defillamaPrices.js';
import { etherscanDailyPrices } from '../priceSources/etherscanDailyPrices.js';
import type { PriceHttp } from '../priceSources/priceHttp.js';
import type { Emit, SeriesAsk } from '../priceSources/SourceResult.js';

/** One API source as the oracle drives it: the calls a set of asks costs, and the asking. */
export interface PriceFetcher {
  calls(asks: readonly SeriesAsk[]): number;
  fetch(asks: readonly SeriesAsk[], emit: Emit): Promise<void>;
}

const DAY = 86400;

/** The API sources of a job, each on its base URL and pacer; CoinGecko only with a key, Etherscan with the job's API. */
export function priceFetchers(
  settings: ValuationSettings,
  etherscan: { baseUrl: string; apiKey: string } | undefined,
  http: (source: string) => PriceHttp,
  now: () => number,
): Record<string, PriceFetcher> {
  const fetchers: Record<string, PriceFetcher> = {
    defillama: { calls: defillamaCalls, fetch: (asks, emit) => defillamaPrices(http('defillama'), settings.urls.defillama, asks, emit) },
  };
  const key = settings.coingeckoKey;
  if (key !== undefined) {
    fetchers.coingecko = {
      calls: (asks) => asks.reduce((sum, ask) => sum + spans(ask.buckets, 89 * DAY), 0),
      fetch: (asks, emit) =>
        coingeckoPrices(http('coingecko'), { baseUrl: settings.urls.coingecko, key, now: now() }, settings.currency, asks, emit),
    };
  }
  if (etherscan !== undefined) {
    fetchers.etherscan = {
      calls: (asks) =>
        asks.reduce((sum, ask) => sum + (ask.chainId === 1 && ask.asset === 'native' ? spans(ask.buckets, 365 * DAY - 1) : 0), 0),
      fetch: (asks, emit) => etherscanDailyPrices(http('etherscan'), { baseUrl: etherscan.baseUrl, apiKey: etherscan.apiKey }, asks, emit),
    };
  }
  return fetchers;
}

/** How many windows of `width` seconds the sorted buckets fall into, each opened by its first bucket. */
function spans(buckets: readonly number[], width: number): number {
  let count = 0;
  let start = Number.NEGATIVE_INFINITY;
  for (const bucket of [...buckets].sort((a, b) => a - b)) {
    if (bucket - start > width) {
      count++;
      start = bucket;
    }
  }
  return count;
}
