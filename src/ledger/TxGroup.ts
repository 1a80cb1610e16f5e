import type { LedgerReceipt, LedgerRecordOf } from './LedgerRecord.js';

/**
 * A raw record with its stable reference inside its transaction: the occurrence index among
 * this wallet's rows of this stream for this transaction ("0", "1", …). Identical rows are
 * real (two equal Transfer logs), so the position, not the content, tells them apart.
 */
export interface Sourced<T> {
  record: T;
  ref: string;
}

/** One owned wallet's records of one transaction, each stream in the order the API sent it. */
export interface WalletRecords {
  txlist: Sourced<LedgerRecordOf<'txlist'>>[];
  txlistinternal: Sourced<LedgerRecordOf<'txlistinternal'>>[];
  tokentx: Sourced<LedgerRecordOf<'tokentx'>>[];
  tokennfttx: Sourced<LedgerRecordOf<'tokennfttx'>>[];
  token1155tx: Sourced<LedgerRecordOf<'token1155tx'>>[];
}

/** Everything the store holds about one transaction on one chain, for every owned wallet. */
export interface TxGroup {
  chainId: number;
  /** Lowercase; `GENESIS_…` for genesis allocations. */
  txHash: string;
  blockNumber: number;
  /** Unix seconds. */
  timestamp: number;
  /** -1 when no record of the transaction carries it (internal-only transactions). */
  transactionIndex: number;
  /** Owned wallet (lowercase) → its records of this transaction. */
  byWallet: ReadonlyMap<string, WalletRecords>;
  /** The receipt, when the transaction was sent by an owned wallet and it has been fetched. */
  receipt: LedgerReceipt | null;
}
