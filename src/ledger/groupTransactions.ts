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

/** A transaction's group while its block is read: the group it becomes, its receipt and index filled as rows bring them. */
interface PendingGroup extends TxGroup {
  transactionIndex: number;
  receipt: LedgerReceipt | null;
  readonly byWallet: Map<string, WalletRecords>;
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
      if (pending.size > 0) {
        yield* inOrder(pending);
        // A new map, not this one cleared: clearing held on to the cleared tables (+35 MB at 1M entries, and slower).
        pending = new Map();
      }
      block = blockNumber;
    }
    add(pending, row, chainId, blockNumber);
  }
  if (pending.size > 0) yield* inOrder(pending);
}

function add(pending: Map<string, PendingGroup>, row: StoredRecord, chainId: number, blockNumber: number): void {
  const hash = normaliseHash(row.record.hash);
  let group = pending.get(hash);
  if (group === undefined) {
    group = {
      chainId,
      txHash: hash,
      blockNumber,
      timestamp: Number(row.record.timeStamp),
      transactionIndex: -1,
      byWallet: new Map(),
      receipt: null,
    };
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
function inOrder(pending: Map<string, PendingGroup>): TxGroup[] {
  const groups = [...pending.values()];
  // Most blocks of a wallet's history hold one of its transactions.
  if (groups.length > 1)
    groups.sort((a, b) => a.transactionIndex - b.transactionIndex || (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0));
  return groups;
}

/** A transaction's hash as its group and its entries carry it: `GENESIS_<address>` pseudo hashes keep their upper-case prefix; real hashes are lowercased. */
export function normaliseHash(hash: string): string {
  return isGenesis(hash) ? hash : hash.toLowerCase();
}
