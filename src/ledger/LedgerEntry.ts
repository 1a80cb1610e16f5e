import type { AccountantCategory } from './accountantCategories.js';

/**
 * The unified ledger entry: one movement of one asset for one owned wallet.
 * Domain type: numbers parsed, addresses lowercase, amounts exact.
 */
export type Direction = 'in' | 'out';
export type EntryKind = 'native' | 'internal' | 'erc20' | 'erc721' | 'erc1155' | 'fee';
export type Category =
  | 'transfer'
  | 'own_transfer'
  | 'trade'
  | 'fee'
  | 'failed_fee'
  | 'mint'
  | 'burn'
  | 'genesis'
  | 'liquidity_add'
  | 'liquidity_remove'
  | 'wrap'
  | 'unwrap'
  | 'bridge'
  | AccountantCategory;

/** Which raw record an entry came from, so an accountant can trace every row. */
export interface Provenance {
  /** `txlist`, `txlistinternal`, `tokentx`, `tokennfttx`, `token1155tx` or `receipt`. */
  stream: string;
  /** The record's position in its stream for this wallet, or a trace id for internal rows. */
  ref: string;
}

export interface LedgerEntry {
  /** Stable across runs: derived from chain, tx hash, wallet, source record and leg. */
  entryId: string;
  /** Unix seconds. */
  timestamp: number;
  chainId: number;
  blockNumber: number;
  txHash: string;
  transactionIndex: number;
  /** Order inside the transaction, for a stable sort. */
  order: number;
  wallet: string;
  walletLabel: string;
  direction: Direction;
  kind: EntryKind;
  /** Symbol; the native symbol for native, internal and fee entries; '' when unknown. */
  asset: string;
  /** Lowercase contract address; '' for native, internal and fee. */
  assetContract: string;
  tokenId: string;
  /** Integer base units, always positive. */
  amountRaw: bigint;
  /** `null` when the token's decimals are unknown; then `amount` is the raw integer. */
  decimals: number | null;
  /** Exact plain decimal, never exponent notation. */
  amount: string;
  counterparty: string;
  counterpartyLabel: string;
  category: Category;
  status: 'ok' | 'failed';
  /** `functionName` of the transaction, when known. */
  method: string;
  /** Why the row looks like spam (empty when it does not); spam is flagged, never dropped. */
  spam: string;
  /** Screening labels of the counterparty from the API (`ofac-sanctioned`, `phish-hack`): inputs for the user's rules, never a verdict. Absent means none. */
  screening?: string;
  /** A user rule said to leave the entry out of tax templates; the unified ledger keeps it. Absent means false. */
  ignored?: boolean;
  /** Free text flags, e.g. `unknown_decimals`. */
  note: string;
  provenance: Provenance;
}
