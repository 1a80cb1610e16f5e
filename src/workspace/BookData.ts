/**
 * A book's JSON: the job file's shape without `period`, `templates`, `out` and `api`, plus a name
 * (README, "Workspace"). Kept as given; `validateBook` checks it with the CLI's job validation.
 */
export interface BookData {
  name: string;
  wallets: { address: string; label?: string; chains?: number[] }[];
  chains: number[];
  timezone?: string;
  labels?: Record<string, string>;
  spam?: { allow?: string[]; deny?: string[] };
  /** The job file's `valuation` block: currency, sources, priceFile, maxAge (CoinGecko's key only from the environment). */
  valuation?: { currency?: string; sources?: string[]; priceFile?: string; maxAge?: string | number };
  /** The job file's `costBasis` block as given (its profile's defaults are applied when a run loads the job). */
  costBasis?: {
    method?: string;
    scope?: string;
    profile?: string;
    changes?: { from: string; method?: string; scope?: string }[];
    unclassifiedOut?: string;
    openingLots?: string;
  };
  /** The job file's `accounts`: the journals with lots' account names by role (`gains`, `quickbooks-journal.fees`, …). */
  accounts?: Record<string, string>;
}
