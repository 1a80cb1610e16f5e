/** What a job gets for a setting neither its flags nor its file give; on its own so the CLI's help reads it without loading the job's validation. */
export const DEFAULTS = {
  timezone: 'UTC',
  out: 'out',
  state: '.ledgerscan/state.db',
  baseUrl: 'https://api.etherscan.io/v2/api',
  rate: 3,
  /** Etherscan's limit on its historical-balance and name-tag endpoints, on every plan. */
  historicalRate: 2,
  /** The free plan's calls per day. */
  dailyQuota: 100_000,
  fees: 'auto',
} as const;
