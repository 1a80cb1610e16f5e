import { getChain } from '../chains/chains.js';
import { walletsOnChain } from '../config/walletsOnChain.js';
import type { Job } from '../config/Job.js';
import { buildLedger } from '../ledger/buildLedger.js';
import { mergeSorted } from '../ledger/compareEntries.js';
import { groupTransactions } from '../ledger/groupTransactions.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { BookStore } from '../store/BookStore.js';

export interface ChainBlocks {
  chainId: number;
  fromBlock: number;
  toBlock: number;
}

/** What the ledger needs of the job: plain data, so a worker thread can be handed it. */
export type LedgerJob = Pick<Job, 'wallets' | 'labels' | 'spam'>;

/**
 * The job's ledger over the given blocks of each chain, streamed from the store: every call
 * re-reads the store, so a million entries pass through without being held.
 */
export function ledgerFromStore(store: BookStore, job: LedgerJob, chains: readonly ChainBlocks[]): () => Iterable<LedgerEntry> {
  return () =>
    mergeSorted(
      chains.map(({ chainId, fromBlock, toBlock }) => {
        const wallets = new Map(
          walletsOnChain(job.wallets, chainId).map((wallet) => [wallet.address, { label: wallet.label }] as const),
        );
        const groups = groupTransactions(chainId, store.iterateRecords(chainId, [...wallets.keys()], fromBlock, toBlock));
        return buildLedger(groups, { chain: getChain(chainId), wallets, labels: job.labels, spam: job.spam });
      }),
    );
}
