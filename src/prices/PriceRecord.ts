/**
 * One cached answer of a price source for one asset and time bucket, as the book's store keeps it: the price
 * found (a plain decimal string, in `currency`) or a true `not found` (`price` null). Rate-limited or failed
 * answers are never cached, so a later run asks again.
 */
export interface PriceRecord {
  /** 'defillama' | 'coingecko' | 'etherscan' | 'ecb' */
  source: string;
  chainId: number;
  /** 'native', a lowercase contract, or for 'ecb' the currency code. */
  asset: string;
  currency: string;
  /** Unix seconds at the start of the bucket (an hour for API sources, a day for ECB rates). */
  bucket: number;
  /** Plain decimal; null = the source has no price for this bucket. */
  price: string | null;
  /** The record's own unix seconds (or the ECB rate's day at 00:00 UTC). */
  time: number | null;
  /** DefiLlama's confidence, when the source gives one. */
  confidence: number | null;
}
