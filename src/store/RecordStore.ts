import type { Stream, WireReceipt, WireRecord } from '../etherscan/wire.js';
import type { StoredRecord } from '../ledger/groupTransactions.js';
import type { LedgerReceipt } from '../ledger/LedgerRecord.js';
import type { SyncedRange } from './SyncedRange.js';

/** One page of one (chain, wallet, stream), as the sync commits it. */
export interface PageCommit {
  chainId: number;
  wallet: string;
  stream: Stream;
  /** The blocks the page covers completely: every row of the key in them is in `records`. */
  fromBlock: number;
  toBlock: number;
  /** In API order. */
  records: readonly WireRecord[];
}

export interface MissingReceipt {
  txHash: string;
  sender: string;
  /** The block of the stored rows; the receipt's fields are copied onto them there. */
  block: number;
}

/** A record as the ledger reads it, with the receipt of its transaction when it is a txlist row whose receipt is stored. */
export interface LedgerRow extends StoredRecord {
  receipt: LedgerReceipt | null;
}

/** A record exactly as the API sent it. */
export interface RawRow {
  wallet: string;
  stream: Stream;
  record: WireRecord;
}

/**
 * One book's durable state as the sync and the ledger use it: raw records, receipts and synced ranges.
 * `Store` keeps it in an SQLite file (the embedded default), `PostgresStore` in a PostgreSQL schema shared by
 * every book. Both give the same guarantees: a page is committed with its range advance in one transaction
 * (a failure or a killed process leaves the previous state); a receipt is stored once, kept as sent (a schema
 * step re-derives the ledger's fields of it); every wire record reads back exactly as sent; `iterateRecords`
 * yields in export order, streamed. Addresses and hashes are compared lowercase. Reads may run while an iteration
 * is open; writes may not.
 */
export interface RecordStore {
  /**
   * Replaces the key's rows in the page's block span with the page's rows and extends the synced range.
   * Replacing (never de-duplicating by content) keeps two identical rows when the API sends two, and makes
   * re-fetching a span idempotent.
   */
  commitPage(page: PageCommit): void;
  syncedRange(chainId: number, wallet: string, stream: Stream): SyncedRange | null;
  /**
   * The wallets' rows in blocks [fromBlock, toBlock], ordered by block, wallet, stream and API order, read
   * lazily so memory stays bounded; each txlist row carries its receipt's fields.
   */
  iterateRecords(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number): Generator<LedgerRow>;
  /** How many rows `iterateRecords` would yield; at most `limit`, which stops the count there. */
  countLedgerRows(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number, limit?: number): number;
  /** The blocks whose ledger rows of the wallets name any of `addresses`, canonical bridges (bridge pairing reads only those), ascending. */
  blocksMentioning(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number, addresses: readonly string[]): number[];
  /** The records exactly as the API sent them (the provenance of every ledger row), in the order of iterateRecords. */
  rawRecords(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number): Generator<RawRow>;
  /** Which of the transactions (lowercase hashes) have a stored receipt: one read for a page's worth. */
  storedReceipts(chainId: number, txHashes: readonly string[]): Set<string>;
  /** Stores the receipt and copies its fields onto the stored txlist rows of the transaction in `block`. */
  putReceipt(chainId: number, txHash: string, block: number, receipt: WireReceipt): void;
  /** Stored txlist transactions sent by one of `senders` that have no receipt yet (lowercase). */
  missingReceipts(chainId: number, senders: readonly string[], fromBlock: number, toBlock: number): MissingReceipt[];
  countRecords(filter?: { chainId?: number; wallet?: string; stream?: Stream }): number;
  countReceipts(): number;
  /**
   * Returns once every write made so far is committed, and throws the first that failed: what `close` does first, for
   * a store that stays open after the command that wrote it (a write posted to PostgreSQL is otherwise told at the
   * store's next call).
   */
  flush(): void;
  close(): void;
}
