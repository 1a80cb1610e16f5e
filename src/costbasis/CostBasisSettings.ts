/** How lots leave a pool: oldest first, newest first, highest unit cost first, one running average, or HMRC's matching. */
export const BASIS_METHODS = ['fifo', 'lifo', 'hifo', 'average', 'uk'] as const;
export type BasisMethod = (typeof BASIS_METHODS)[number];

/** One pool per asset for all the job's wallets, or one per wallet and asset (US filers from 2025). */
export const BASIS_SCOPES = ['universal', 'wallet'] as const;
export type BasisScope = (typeof BASIS_SCOPES)[number];

/** A jurisdiction's defaults: method, scope and its changes, the term rule and the tax year. */
export const TAX_PROFILES = ['generic', 'us', 'uk', 'de'] as const;
export type TaxProfile = (typeof TAX_PROFILES)[number];

/** From `from` (a calendar day in the job's time zone) on, lots leave by another method or scope. */
export interface BasisChange {
  /** YYYY-MM-DD. */
  from: string;
  method?: BasisMethod;
  scope?: BasisScope;
}

/**
 * A job's (or book's) cost-basis settings, validated, with the profile's defaults applied: what the replay reads.
 * `undefined` on the job when cost basis is off.
 */
export interface CostBasisSettings {
  method: BasisMethod;
  scope: BasisScope;
  profile: TaxProfile;
  /** Ascending by `from`; the profile's own changes (`us`: per wallet from 2025-01-01) included. */
  changes: readonly BasisChange[];
  /** `transfer`/`burn` out and other uncategorised outflows: lots leave without a gain, or are sold at value. */
  unclassifiedOut: 'remove' | 'dispose';
  /** Absolute path of the opening lots CSV, when given. */
  openingLots?: string;
  /** `--zero-basis-for-missing`: a tax form writes an unknown cost basis as 0, said so on its row (unknown proceeds never). */
  zeroBasisForMissing?: true;
}
