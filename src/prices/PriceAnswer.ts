import type { Decimal } from '../ledger/money.js';
import type { WrittenAnswer } from './writtenPrice.js';

/**
 * Why a row has no price; kept per row so "no price anywhere" is never confused with "rate-limited". `not fetched`:
 * only a reader of the cache alone says it (the transactions table), for a key no run has asked yet.
 */
export type MissingState = 'not found' | 'rate-limited' | 'low confidence' | 'source failed' | 'not fetched';

/** The ECB rate that turned a USD price into the book's currency, and the date of that rate. */
export interface FxUsed {
  /** Book currency per 1 USD: 1 / (USD per EUR) for EUR, (GBP per EUR) / (USD per EUR) for GBP. */
  rate: Decimal;
  /** YYYY-MM-DD: the rate's own date (the last earlier one on weekends and TARGET holidays). */
  date: string;
  source: 'ecb';
}

/** The oracle's answer for one row: a price in the book's currency, or the reason there is none (never 0). */
export type PriceAnswer =
  | {
      found: true;
      /** Per whole unit, in the book currency. */
      price: Decimal;
      currency: string;
      /** The price record's own unix seconds (not the row's). */
      time: number;
      /** 'file' | 'defillama' | 'coingecko' | 'etherscan' */
      source: string;
      fx?: FxUsed;
      /** Set by `writtenOf` the first time a row writes this answer. */
      written?: WrittenAnswer;
    }
  | { found: false; state: MissingState };
