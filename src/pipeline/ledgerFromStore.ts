import { getChain } from '../chains/chains.js';
import { walletsOnChain } from '../config/walletsOnChain.js';
import type { Job } from '../config/Job.js';
import { buildLedger } from '../ledger/buildLedger.js';
import { mergeSorted } from '../ledger/compareEntries.js';
import { groupTransactions } from '../ledger/groupTransactions.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { LedgerRow, Store } from '../store/Store.js';
import type { StoredRecord } from '../ledger/groupTransactions.js';
import type { LedgerReceipt } from '../ledger/LedgerRecord.js';

function* withReceipts(rows: Iterable<LedgerRow>, receipts: Map<string, LedgerReceipt>): Generator<StoredRecord> {
  for (const row of rows) {
    if (row.receipt !== null) receipts.set(row.record.hash.toLowerCase(), row.receipt);
    yield row;
  }
}

export interface ChainBlocks {
  chainId: number;
  fromBlock: number;
  toBlock: number;
}

/**
 * The job's ledger over the given blocks of each chain, streamed from the store: every call
 * re-reads the store, so a million entries pass through without being held.
 */
export function ledgerFromStore(store: Store, job: Job, chains: readonly ChainBlocks[]): () => Iterable<LedgerEntry> {
  return () =>
    mergeSorted(
      chains.map(({ chainId, fromBlock, toBlock }) => {
        // Receipts ride on their txlist rows; grouping reads a block whole before it asks for them.
        const receipts = new Map<string, LedgerReceipt>();
        const wallets = new Map(
          walletsOnChain(job.wallets, chainId).map((wallet) => [wallet.address, { label: wallet.label }] as const),
        );
        const groups = groupTransactions(chainId, withReceipts(store.iterateRecords(chainId, [...wallets.keys()], fromBlock, toBlock), receipts), (hash) => {
          const receipt = receipts.get(hash) ?? null;
          receipts.delete(hash);
          return receipt;
        });
        return buildLedger(groups, { chain: getChain(chainId), wallets, labels: job.labels, spam: job.spam });
      }),
    );
}
