import type { ReportFigures } from '../outputs/reportFiguresOutput.js';

/** One wallet's holding of one asset at the period's start and end, as the reconciliation rolled it forward. */
export interface HoldingFact {
  chain: string;
  wallet: string;
  walletLabel: string;
  /** The coin's or token's name; an NFT's collection's. */
  asset: string;
  /** Lowercase; '' for the chain's coin. */
  assetContract: string;
  /** An NFT's token id (the report counts a collection's tokens on one row); `null` for a coin or fungible token. */
  tokenId: string | null;
  /** Units, exact (an NFT's: how many of that token id, an integer). */
  opening: string;
  closing: string;
  /** In the book's currency, rounded to its minor unit; `null` without a price (never 0 in its place). */
  openingValue: string | null;
  closingValue: string | null;
}

/** An asset whose ledger balance differs from the chain's. */
export interface DifferenceFact {
  chain: string;
  wallet: string;
  asset: string;
  ledger: string;
  onChain: string;
  difference: string;
  firstDivergentBlock: number | null;
}

/** A file the report summarises, as the manifest (or, for the reconcile's, its own hash) records it. */
export interface ReportFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** Everything the year report says, gathered from the export's and the reconcile's typed results. */
export interface YearReportFacts {
  client: string;
  generatedAt: string;
  toolVersion: string;
  period: { label: string; from: string; to: string; timezone: string };
  wallets: readonly { address: string; label: string; chains: string }[];
  chains: readonly string[];
  valuation: { currency: string; sources: readonly string[]; fx: string | null };
  costBasis: { method: string; scope: string; profile: string; changes: readonly string[] };
  holdings: readonly HoldingFact[];
  /** The export's rows without a value (every chain and asset of `prices-missing.csv`). */
  unvaluedRows: number;
  figures: ReportFigures;
  reconcile: {
    allMatch: boolean;
    /** Non-spam assets of the roll-forward; those whose balance equals the chain's; those with no chain balance (NFTs). */
    assets: number;
    matching: number;
    notCompared: number;
    differences: readonly DifferenceFact[];
    /** Balance actions the API refused (`balancemulti on chain 10: …`). */
    unavailable: readonly string[];
  };
  files: readonly ReportFile[];
}
