/** The price sources a job may name, in the order the user gives (first price found wins). */
export const PRICE_SOURCES = ['file', 'defillama', 'coingecko', 'etherscan'] as const;
export type PriceSourceName = (typeof PRICE_SOURCES)[number];

/** A source's base URL can be overridden (`--price-url NAME=URL`): the price sources and the ECB's rates. */
export type PriceEndpointName = Exclude<PriceSourceName, 'file'> | 'ecb';

/**
 * A job's (or book's) validated valuation settings: `job.valuation`, `undefined` with `--no-values`.
 * Built by `src/config` from the job file's `valuation` block and the flags.
 */
export interface ValuationSettings {
  /** ISO 4217, upper case: the book's currency. */
  currency: string;
  /** Priority order; never empty. */
  sources: readonly PriceSourceName[];
  /** Absolute path of the price file (the `file` source), when given. */
  priceFile?: string;
  /** Seconds: the file source's oldest usable price before a row. */
  maxAge: number;
  /** Base URLs of the API sources and the ECB, each chosen (explicit flag, the sandbox's own, or the public one). */
  urls: Readonly<Record<PriceEndpointName, string>>;
  /** From COINGECKO_API_KEY only; never written to a file, a log or an error. */
  coingeckoKey?: string;
}
