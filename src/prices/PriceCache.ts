import type { PriceRecord } from './PriceRecord.js';

/** One source's series of one asset in one currency: the cache's key without the bucket. */
export interface PriceSeries {
  source: string;
  chainId: number;
  asset: string;
  currency: string;
}

/** The buckets `from ≤ bucket ≤ to` of one series. */
export interface PriceSpan {
  series: PriceSeries;
  from: number;
  to: number;
}

/**
 * The store's price cache (SQLite table and its PostgreSQL twin): each source, asset, currency and bucket asked
 * once ever. Prices are facts about an asset, not about a book: PostgreSQL shares one table among all books.
 * Synchronous like the rest of the store.
 */
export interface PriceCache {
  /** The stored records of a series with `from ≤ bucket ≤ to`, by bucket; `from` and `to` are buckets, whole seconds. */
  get(series: PriceSeries, from: number, to: number): PriceRecord[];
  /** What `get` gives for each span, in their order, in one read: a prepare asks for every asset of a source at once. */
  getMany(spans: readonly PriceSpan[]): PriceRecord[];
  /** Stores records in one transaction; a bucket already stored keeps its first answer. */
  put(records: readonly PriceRecord[]): void;
}
