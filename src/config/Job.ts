/** A validated job: what to export, for whom, over which period. Built by `loadJob`. */
import type { LedgerRule } from '../ledger/LedgerRule.js';
import type { CostBasisSettings } from '../costbasis/CostBasisSettings.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';

export interface JobWallet {
  /** Lowercase. */
  address: string;
  label: string;
  /** Chains this wallet is exported on; `null` means every chain of the job. */
  chains: readonly number[] | null;
}

export interface JobPeriod {
  /** First day, `YYYY-MM-DD`, in the job's time zone. */
  from: string;
  /** Last day (inclusive), `YYYY-MM-DD`, in the job's time zone. */
  to: string;
  /** Unix seconds of the first instant of `from` in the time zone. */
  startTime: number;
  /** Unix seconds of the first instant after `to` in the time zone (exclusive end). */
  endTime: number;
}

/** Where fees come from: `auto` fetches a receipt only where the txlist row lacks the exact fee; `receipts` always. */
export type FeeSource = 'auto' | 'receipts';

export interface Job {
  wallets: readonly JobWallet[];
  chains: readonly number[];
  period: JobPeriod;
  /** IANA zone name deciding which day a row belongs to. */
  timezone: string;
  templates: readonly string[];
  templateFiles: readonly string[];
  out: string;
  state: string;
  /** `dailyQuota`: calls the key may make per UTC day, for the plan's estimate of how many days a sync takes. */
  /** `historicalRate`: calls per second of the historical-balance and name-tag endpoints, within `rate`. */
  api: { baseUrl: string; rate: number; historicalRate: number; dailyQuota: number; apiKey: string };
  fees: FeeSource;
  /** Counterparty labels by lowercase address. */
  labels: Readonly<Record<string, string>>;
  /** Fetch counterparty name tags from the API (`getaddresstag`, Pro Plus); off unless asked, as it costs calls. */
  apiLabels: boolean;
  /** Templates that offer it (`xlsx` in the template) and the tie-out also as `.xlsx` beside their CSVs; the CSVs stay as they are. */
  xlsx: boolean;
  /** User overrides, in order; the first that matches an entry applies. */
  rules: readonly LedgerRule[];
  /** Token contracts (lowercase) always or never treated as spam. */
  spam: { allow: readonly string[]; deny: readonly string[] };
  /** Per-chain override of the blocks kept behind the head as unripe. */
  ripeness: Readonly<Record<number, number>>;
  /** How rows are valued; `undefined` with `--no-values` (every file then as without valuation). */
  valuation?: ValuationSettings | undefined;
  /** Lots, realised gains and income; `undefined` unless asked (`costBasis` in the job file, `--cost-basis`). Needs values. */
  costBasis?: CostBasisSettings | undefined;
  /** Account names of the journals with lots instead of their defaults, by role or `<template>.<role>` (`resolveJournalAccounts`). */
  accounts?: Readonly<Record<string, string>>;
  quiet: boolean;
}
