import type { PriceRecord } from './PriceRecord.js';

/** Where one source's answer for one asset and bucket is kept. */
export interface PriceKey {
  source: string;
  chainId: number;
  asset: string;
  currency: string;
  bucket: number;
}

/**
 * The book store's price cache (SQLite table and its PostgreSQL twin): each source, asset, currency and bucket
 * asked once ever. Synchronous like the rest of the store.
 */
export interface PriceCache {
  /** The stored records among `keys` (missing keys are simply absent). */
  get(keys: readonly PriceKey[]): PriceRecord[];
  /** Stores records in one transaction; a key already stored keeps its first answer. */
  put(records: readonly PriceRecord[]): void;
}
