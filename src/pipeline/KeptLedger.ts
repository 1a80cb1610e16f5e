import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { ChainBlocks, LedgerJob } from './ledgerFromStore.js';

/**
 * Entries kept at most: a firm's book is mostly small, while a large book's ledger must not sit whole in the
 * worker's heap; it is read again, as before any was kept.
 */
const MAX_KEPT = 50_000;

/**
 * A run's whole ledger, kept for the refresh of the book's transactions table after it (`HeldStore`, `refreshEntries`):
 * a warm reconcile reads every stored block to roll the book forward, and the refresh then read the same rows of the
 * same store again and built the same entries (on PostgreSQL its cursors, bridge pairing's read and the build: a
 * quarter of a warm run, after its last call). Kept only when the ledger was read to its end, and handed only to a
 * read of the same job's ledger over the same blocks; the store is not written between them.
 */
export class KeptLedger {
  private kept: { key: string; entries: readonly LedgerEntry[] } | undefined;

  /** `read`, its entries kept as they pass when there are at most `MAX_KEPT`; once kept, a call gives them again. */
  keep(job: LedgerJob, chains: readonly ChainBlocks[], read: () => Iterable<LedgerEntry>): () => Iterable<LedgerEntry> {
    const key = ledgerKey(job, chains);
    return () => (this.kept?.key === key ? this.kept.entries : this.tee(key, read()));
  }

  /** The entries of `job`'s ledger over `chains` when a read of the same kept them. */
  entries(job: LedgerJob, chains: readonly ChainBlocks[]): readonly LedgerEntry[] | undefined {
    const kept = this.kept;
    return kept !== undefined && kept.key === ledgerKey(job, chains) ? kept.entries : undefined;
  }

  private *tee(key: string, entries: Iterable<LedgerEntry>): Generator<LedgerEntry> {
    let all: LedgerEntry[] | null = [];
    for (const entry of entries) {
      if (all !== null && all.length === MAX_KEPT) all = null;
      all?.push(entry);
      yield entry;
    }
    if (all !== null) this.kept = { key, entries: all };
  }
}

/** What a ledger is built from besides the store's rows: the job's parts `ledgerFromStore` reads, and the blocks. */
function ledgerKey(job: LedgerJob, chains: readonly ChainBlocks[]): string {
  const blocks = [...chains].sort((a, b) => a.chainId - b.chainId).map(({ chainId, fromBlock, toBlock }) => [chainId, fromBlock, toBlock]);
  return JSON.stringify([blocks, job.wallets, job.labels, job.spam, job.rules ?? [], job.tags ?? {}]);
}
