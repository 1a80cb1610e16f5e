import type { PriceSeries } from './PriceCache.js';

/** ECB rates are cached as a series per currency: units per EUR, bucket the asked day, time the rate's own day. */
export function fxSeries(currency: string): PriceSeries {
  return { source: 'ecb', chainId: 0, asset: currency, currency: 'EUR' };
}

/** The ECB series a conversion into `currency` reads: USD per EUR, and the book's currency per EUR unless EUR. */
export function fxCurrencies(currency: string): string[] {
  return currency === 'EUR' ? ['USD'] : ['USD', currency];
}
