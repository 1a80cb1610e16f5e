import type { Chain } from '../chains/chains.js';

/** What the ledger rules need to know beyond one transaction's records. */
export interface LedgerContext {
  chain: Chain;
  /** Owned wallets on this chain, by lowercase address. Records of any other wallet are ignored. */
  wallets: ReadonlyMap<string, { label: string }>;
  /** Counterparty labels by lowercase address. */
  labels: Readonly<Record<string, string>>;
  /** Token contracts (any case) never (`allow`) or always (`deny`) flagged as spam. */
  spam: { allow: readonly string[]; deny: readonly string[] };
}
