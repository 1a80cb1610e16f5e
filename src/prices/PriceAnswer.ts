import type { Decimal } from '../ledger/money.js';
import type { WrittenAnswer } from './writtenPrice.js';

/**
 * Why a row has no price; kept per row so "no price anywhere" is never confused with "rate-limited". `not fetched`:
 * only a reader of the cache alone says it (the transactions table), for a key no run has asked yet.
 */
export type MissingState = 'not found' | 'rate-limited' | 'low confidence' | 'source failed' | 'not fetched';

/**
 * The ECB's rates that turned a USD price into the book's currency, as the ECB publishes them (units per 1 EUR),
 * with their date: the book's price is `usd × bookPerEur ÷ usdPerEur`, which files write to a bounded number of
 * digits and value exactly (`writtenOf`).
 */
export interface FxUsed {
  /** USD per 1 EUR, the published text (`1.0345`). */
  usdPerEur: string;
  /** The book's currency per 1 EUR, the published text; absent for a EUR book. */
  bookPerEur?: string;
  /** YYYY-MM-DD: the rates' own date (the last earlier one on weekends and TARGET holidays). */
  date: string;
  /** The source's USD price that was converted. */
  usd: Decimal;
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
