import type { PeriodInput } from './resolvePeriod.js';
import type { Sourced } from './Sourced.js';

/**
 * Raw settings from one source (flags or the job file), named for messages, before validation.
 * `wallets` holds addresses (from --address) or wallet objects (from the file).
 */
export interface JobSettings {
  wallets?: Sourced | undefined;
  chains?: Sourced | undefined;
  period: PeriodInput;
  timezone?: Sourced | undefined;
  templates?: Sourced | undefined;
  templateFiles?: Sourced | undefined;
  out?: Sourced | undefined;
  state?: Sourced | undefined;
  baseUrl?: Sourced | undefined;
  rate?: Sourced | undefined;
  historicalRate?: Sourced | undefined;
  dailyQuota?: Sourced | undefined;
  fees?: Sourced | undefined;
  labels?: Sourced | undefined;
  apiLabels?: Sourced | undefined;
  xlsx?: Sourced | undefined;
  rules?: Sourced | undefined;
  spam?: Sourced | undefined;
  ripeness?: Sourced | undefined;
  currency?: Sourced | undefined;
  priceSources?: Sourced | undefined;
  priceFile?: Sourced | undefined;
  maxAge?: Sourced | undefined;
  priceUrls?: Sourced | undefined;
  /** `false` with --no-values. */
  values?: Sourced | undefined;
  /** The job file's `costBasis` block or `--cost-basis`: given means cost basis is on. */
  costBasis?: Sourced | undefined;
  basisMethod?: Sourced | undefined;
  basisScope?: Sourced | undefined;
  taxProfile?: Sourced | undefined;
  basisChanges?: Sourced | undefined;
  unclassifiedOut?: Sourced | undefined;
  openingLots?: Sourced | undefined;
  /** `--zero-basis-for-missing`, `costBasis.zeroBasisForMissing`. */
  zeroBasisForMissing?: Sourced | undefined;
  /** The journals with lots' account names (the job file's `accounts`). */
  accounts?: Sourced | undefined;
}
