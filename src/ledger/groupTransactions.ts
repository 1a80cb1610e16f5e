import type { Stream } from '../etherscan/wire.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { isGenesis } from './isGenesis.js';
import type { LedgerReceipt, LedgerRecord } from './LedgerRecord.js';
import type { Sourced, TxGroup, WalletRecords } from './TxGroup.js';

/** One stored raw record as the store hands it to the ledger. */
export interface StoredRecord {
  /** The owned wallet whose stream returned the record (any case; lowercased here). */
  wallet: string;
  stream: Stream;
  /** A whole wire record, or the fields of it the ledger reads. */
  record: LedgerRecord;
  /** The receipt of the record's transaction, carried by any of its rows (the store puts it on txlist rows). */
  receipt?: LedgerReceipt | null;
}

interface PendingGroup {
  hash: string;
  timestamp: number;
  transactionIndex: number;
  byWallet: Map<string, WalletRecords>;
  receipt: LedgerReceipt | null;
}

/**
 * Turns the store's rows (ordered by block; each (wallet, stream) in API order) into one TxGroup per
 * transaction. Only one block is buffered, so memory stays bounded however long the history is.
 * Groups of a block come out ordered by transaction index (internal-only ones, -1, first), then hash.
 */
export function* groupTransactions(chainId: number, rows: Iterable<StoredRecord>): Generator<TxGroup> {
  let block = -1;
  let pending = new Map<string, PendingGroup>();
  for (const row of rows) {
    const blockNumber = Number(row.record.blockNumber);
    if (blockNumber !== block) {
      if (!Number.isSafeInteger(blockNumber) || blockNumber < block) {
        throw new LedgerscanError(blockNumber < block ? 'stored rows are not in block order' : 'stored row without a block number', {
          details: { chain: chainId, previousBlock: block, block: row.record.blockNumber, tx: row.record.hash },
        });
      }
      yield* inOrder(chainId, block, pending);
      block = blockNumber;
      pending = new Map();
    }
    add(pending, row);
  }
  yield* inOrder(chainId, block, pending);
}

function add(pending: Map<string, PendingGroup>, row: StoredRecord): void {
  const hash = normaliseHash(row.record.hash);
  let group = pending.get(hash);
  if (group === undefined) {
    group = { hash, timestamp: Number(row.record.timeStamp), transactionIndex: -1, byWallet: new Map(), receipt: null };
    pending.set(hash, group);
  }
  if (group.receipt === null && row.receipt !== undefined && row.receipt !== null) group.receipt = row.receipt;
  if (group.transactionIndex === -1 && 'transactionIndex' in row.record && row.record.transactionIndex !== '') {
    group.transactionIndex = Number(row.record.transactionIndex);
  }
  const wallet = row.wallet.toLowerCase();
  let records = group.byWallet.get(wallet);
  if (records === undefined) {
    records = { txlist: [], txlistinternal: [], tokentx: [], tokennfttx: [], token1155tx: [] };
    group.byWallet.set(wallet, records);
  }
  // The record's type matches its stream by the store's contract; the wire union cannot express that link.
  const list = records[row.stream] as Sourced<LedgerRecord>[];
  list.push({ record: row.record, ref: String(list.length) });
}

/** One block's groups by transaction index, then hash. An array, not a nested generator: one resumption less per group. */
function inOrder(chainId: number, blockNumber: number, pending: Map<string, PendingGroup>): TxGroup[] {
  const groups = [...pending.values()].sort(
    (a, b) => a.transactionIndex - b.transactionIndex || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0),
  );
  return groups.map((group) => ({
    chainId,
    txHash: group.hash,
    blockNumber,
    timestamp: group.timestamp,
    transactionIndex: group.transactionIndex,
    byWallet: group.byWallet,
    receipt: group.receipt,
  }));
}

/** `GENESIS_<address>` pseudo hashes keep their upper-case prefix; real hashes are lowercased. */
function normaliseHash(hash: string): string {
  return isGenesis(hash) ? hash : hash.toLowerCase();
}
