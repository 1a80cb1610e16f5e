import { childMap } from '../childMap.js';
import { DAY, dayOf } from '../prices/buckets.js';
import type { AssetSeries } from '../prices/PriceBook.js';
import { PriceBook } from '../prices/PriceBook.js';
import { fxCurrencies, fxSeries } from '../prices/fxSeries.js';
import type { PriceCache } from '../prices/PriceCache.js';
import type { PriceAnswer } from '../prices/PriceAnswer.js';
import type { PriceQuery } from '../prices/PriceQuery.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';
import type { RowPrices } from '../prices/valueLeg.js';
import { readPriceFile } from './readPriceFile.js';

/** Rows' prices read from the store's cache alone, before anyone knows which questions the rows ask. */
export interface CacheReader extends RowPrices {
  /** What the lookups so far used of the cache. */
  use(): CacheUse;
}

/** What a reader's lookups used of the cache: when it missed nothing, what a prepare of the same questions would count. */
export interface CacheUse {
  /**
   * Whether a row needed a key the cache lacked: `prepare` would ask a source for it, so that row's answer here
   * may differ from the prepared one. Otherwise every answer is the prepared one (a cached key never changes).
   */
  missed: boolean;
  /** Distinct cached buckets used, per series (lookups in ascending time per asset). */
  buckets: number;
  /** ECB days the conversions used, per source (`source|day`): threads share the rates, so these are merged, not summed. */
  fxDays: string[];
}

/** The span of an asset's records a reader holds, and the asset's series in its book. */
interface AssetWindow {
  from: number;
  to: number;
  series: AssetSeries;
}

/** How much of a series a reader holds at once: rows come in time order, so each record is read once. */
const WINDOW = 30 * DAY;

/**
 * A reader that loads the cache's records of an asset a month at a time, as the rows' times reach them (with the
 * ECB rates whole when the book converts): a render can price its rows as they come, and the questions are prepared
 * afterwards. Holding a window rather than every record keeps a million-row export's heap, and so each of its
 * garbage collections, small.
 */
export function openCacheReader(settings: ValuationSettings, store: { prices: PriceCache }): CacheReader {
  const book = new PriceBook(settings, readPriceFile(settings));
  // chain → asset → the times [from, to) its loaded window covers and its series in the book (no key string built,
  // and no map of the book's looked up, per row).
  const windows = new Map<number, Map<string, AssetWindow>>();
  // Read at the first window, not when the reader opens: an export opens it before its sync has fetched (warmed) prices.
  let fxRead = settings.currency === 'USD';
  const load = (query: PriceQuery): AssetWindow => {
    if (!fxRead) {
      // USD prices (and a file's USD lines) convert to any other book currency.
      for (const currency of fxCurrencies(settings.currency)) {
        for (const record of store.prices.get(fxSeries(currency), 0, Number.MAX_SAFE_INTEGER)) book.add(record);
      }
      fxRead = true;
    }
    const from = dayOf(query.time);
    const window = { from, to: from + WINDOW, series: book.assetSeries(query.chainId, query.asset) };
    for (const source of settings.sources) {
      const series = source === 'file' ? undefined : book.seriesOf(source, query);
      if (series !== undefined)
        book.replaceSeries(series, store.prices.get(series, book.bucketOf(source, window.from - 1), book.bucketOf(source, window.to - 1)));
    }
    return window;
  };
  // The last question, by its parts, and its answer: a row's tally asks, then its cells ask the same question. Kept
  // as numbers and the asset's one string (`contractAddress`), never the question object: storing a young object into
  // this long-lived closure took a write barrier's slow path on every row.
  let lastTime = NaN;
  let lastChain = -1;
  let lastAsset = '';
  let lastNft = false;
  let lastAnswer: PriceAnswer | undefined;
  // The window the last question used: neighbouring rows often ask for the same asset.
  let recent: AssetWindow | undefined;
  return {
    currency: settings.currency,
    use: () => ({ missed: book.misses > 0, buckets: book.bucketsUsed, fxDays: [...book.fxDaysUsed] }),
    priceAt(query) {
      const nft = query.nft === true;
      if (query.time === lastTime && query.asset === lastAsset && query.chainId === lastChain && nft === lastNft)
        return lastAnswer as PriceAnswer;
      // Asset names are one string per contract (`contractAddress`): compared by identity.
      let window = lastAsset === query.asset && lastChain === query.chainId ? recent : childMap(windows, query.chainId).get(query.asset);
      if (window === undefined || query.time < window.from || query.time >= window.to)
        childMap(windows, query.chainId).set(query.asset, (window = load(query)));
      recent = window;
      lastTime = query.time;
      lastChain = query.chainId;
      lastAsset = query.asset;
      lastNft = nft;
      lastAnswer = book.priceAt(query, undefined, window.series);
      return lastAnswer;
    },
  };
}
