/**
 * The `export`/`sync`/`reconcile` flags as yargs hands them over (camel-cased). Values stay loose
 * (`string | number`, one value or many) so that `loadJob` reports a bad value with the flag's name
 * instead of yargs silently turning it into `NaN`.
 */
export type FlagList = string | number | readonly (string | number)[] | undefined;

export interface JobFlags {
  /** Path of a job file; its values apply where no flag is given. */
  config?: string | undefined;
  address?: FlagList;
  chain?: FlagList;
  year?: string | number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  timezone?: string | undefined;
  template?: FlagList;
  templateFile?: FlagList;
  out?: string | undefined;
  state?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  rate?: string | number | undefined;
  historicalRate?: string | number | undefined;
  apiLabels?: boolean | undefined;
  xlsx?: boolean | undefined;
  dailyQuota?: string | number | undefined;
  fees?: string | undefined;
  quiet?: boolean | undefined;
  currency?: string | undefined;
  priceSource?: FlagList;
  priceFile?: string | undefined;
  priceUrl?: FlagList;
  /** `false` with --no-values: every file as without valuation. */
  values?: boolean | undefined;
  /** A cost-basis method; turns cost basis on. */
  costBasis?: string | undefined;
  basisScope?: string | undefined;
  taxProfile?: string | undefined;
  openingLots?: string | undefined;
  zeroBasisForMissing?: boolean | undefined;
}
