import { fxSeries, PriceBook } from '../prices/PriceBook.js';
import type { PriceCache, PriceSeries } from '../prices/PriceCache.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';
import type { RowPrices } from '../prices/valueLeg.js';
import { readPriceFile } from './openPriceOracle.js';

/** Rows' prices read from the store's cache alone, before anyone knows which questions the rows ask. */
export interface CacheReader extends RowPrices {
  /**
   * Whether a row needed a key the cache lacked: `prepare` would ask a source for it, so that row's answer here
   * may differ from the prepared one. Otherwise every answer is the prepared one (a cached key never changes).
   */
  readonly missed: boolean;
}

/**
 * A reader that loads each series of the cache whole the first time a row asks for its asset, with the ECB rates
 * when the book converts: a render can price its rows as they come, and the questions are prepared afterwards.
 */
export function openCacheReader(settings: ValuationSettings, store: { prices: PriceCache }): CacheReader {
  const book = new PriceBook(settings, readPriceFile(settings));
  const loaded = new Set<string>();
  const load = (series: PriceSeries): void => {
    for (const record of store.prices.get(series, 0, Number.MAX_SAFE_INTEGER)) book.add(record);
  };
  // USD prices (and a file's USD lines) convert to any other book currency.
  if (settings.currency !== 'USD') for (const currency of settings.currency === 'EUR' ? ['USD'] : ['USD', settings.currency]) load(fxSeries(currency));
  return {
    currency: settings.currency,
    get missed() {
      return book.misses > 0;
    },
    priceAt(query) {
      const asset = `${query.chainId}|${query.asset}`;
      if (!loaded.has(asset)) {
        loaded.add(asset);
        for (const source of settings.sources) {
          const series = source === 'file' ? undefined : book.seriesOf(source, query);
          if (series !== undefined) load(series);
        }
      }
      return book.priceAt(query);
    },
  };
}
