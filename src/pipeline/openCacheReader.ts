import { fxSeries, PriceBook } from '../prices/PriceBook.js';
import type { PriceCache, PriceSeries } from '../prices/PriceCache.js';
import type { PriceAnswer } from '../prices/PriceAnswer.js';
import type { PriceQuery } from '../prices/PriceQuery.js';
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
  // chain → assets whose series are loaded (no key string built per row).
  const loaded = new Map<number, Set<string>>();
  const load = (series: PriceSeries): void => {
    for (const record of store.prices.get(series, 0, Number.MAX_SAFE_INTEGER)) book.add(record);
  };
  // USD prices (and a file's USD lines) convert to any other book currency.
  if (settings.currency !== 'USD') for (const currency of settings.currency === 'EUR' ? ['USD'] : ['USD', settings.currency]) load(fxSeries(currency));
  // The last question and its answer: a row noted for `prepare` is answered there, then its render asks again.
  let last: PriceQuery | undefined;
  let lastAnswer: PriceAnswer | undefined;
  return {
    currency: settings.currency,
    get missed() {
      return book.misses > 0;
    },
    priceAt(query) {
      if (last !== undefined && query.time === last.time && query.asset === last.asset && query.chainId === last.chainId && query.nft === last.nft) return lastAnswer as PriceAnswer;
      let assets = loaded.get(query.chainId);
      if (assets === undefined) loaded.set(query.chainId, (assets = new Set()));
      if (!assets.has(query.asset)) {
        assets.add(query.asset);
        for (const source of settings.sources) {
          const series = source === 'file' ? undefined : book.seriesOf(source, query);
          if (series !== undefined) load(series);
        }
      }
      last = query;
      lastAnswer = book.priceAt(query);
      return lastAnswer;
    },
  };
}
