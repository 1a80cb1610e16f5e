import { getChain } from '../chains/chains.js';
import { walletsOnChain } from '../config/walletsOnChain.js';
import type { Job } from '../config/Job.js';
import { applyOverrides } from '../ledger/applyOverrides.js';
import { buildLedger } from '../ledger/buildLedger.js';
import type { CounterpartyTags } from '../ledger/CounterpartyTag.js';
import { mergeSorted } from '../ledger/compareEntries.js';
import { bridgeLegs } from '../ledger/bridgeLegs.js';
import { BRIDGE_CONTRACTS } from '../ledger/bridgeContracts.js';
import { groupTransactions, type StoredRecord } from '../ledger/groupTransactions.js';
import type { LedgerContext } from '../ledger/LedgerContext.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { LedgerRule } from '../ledger/LedgerRule.js';
import { type BridgePairs, chainsBridged, pairBridges, withBridgePairs } from '../ledger/pairBridges.js';
import type { RecordStore } from '../store/RecordStore.js';

export interface ChainBlocks {
  chainId: number;
  fromBlock: number;
  toBlock: number;
}

/** What the ledger needs of the job: plain data, so a worker thread can be handed it. */
export type LedgerJob = Pick<Job, 'wallets' | 'labels' | 'spam'> & {
  rules?: readonly LedgerRule[];
  /** The API's name tags of counterparties, per chain id (only when the job fetches them). */
  tags?: Readonly<Record<number, CounterpartyTags>>;
};

/**
 * The job's ledger over the given blocks of each chain, streamed from the store: every call
 * re-reads the store, so a million entries pass through without being held. Bridge legs carry their
 * partner on another chain: `pairs` when the caller worked them out over more chains or blocks than these (a
 * part of a ledger cut by chain, the ledger before a period), else they are worked out here once, before the
 * first entry, over every stored block up to these (`pairingChains`).
 */
export function ledgerFromStore(
  store: RecordStore,
  job: LedgerJob,
  chains: readonly ChainBlocks[],
  pairs?: BridgePairs | (() => BridgePairs),
): () => Iterable<LedgerEntry> {
  let known = typeof pairs === 'function' ? undefined : pairs;
  return () => {
    known ??= typeof pairs === 'function' ? pairs() : storeBridgePairs(store, job, pairingChains(chains));
    return withBridgePairs(
      mergeSorted(
        chains.map(({ chainId, fromBlock, toBlock }) => {
          const context = ledgerContext(job, chainId);
          const entries = buildLedger(
            groupTransactions(chainId, store.iterateRecords(chainId, [...context.wallets.keys()], fromBlock, toBlock)),
            context,
          );
          return applyOverrides(entries, { tags: job.tags?.[chainId] ?? {}, rules: job.rules ?? [] });
        }),
      ),
      known,
    );
  };
}

/**
 * The blocks a read of `chains` pairs its bridges over: every stored block from the first up to each chain's last.
 * A bridge's deposit may lie before the read's first block (the period's start) while its arrival lies inside: a
 * pairing over the read's blocks alone would leave both legs unmatched, and the ledger before the period and the
 * period's own would each hold half of a move. Blocks after the read's last stay out: a leg pairs only with one the
 * run also reads.
 */
export function pairingChains(chains: readonly ChainBlocks[]): ChainBlocks[] {
  return chains.map(({ chainId, toBlock }) => ({ chainId, fromBlock: 0, toBlock }));
}

/** The blocks before each chain's first: the ledger before a period whose blocks `chains` are (each wallet's history). */
export function historyBlocks(chains: readonly ChainBlocks[]): ChainBlocks[] {
  return chains.map(({ chainId, fromBlock }) => ({ chainId, fromBlock: 0, toBlock: fromBlock - 1 }));
}

/**
 * The bridge pairs across the given chains. Only the blocks whose rows mention a canonical bridge are read, only
 * transactions touching one become entries, and nothing is read when no two of the chains are bridged.
 */
export function storeBridgePairs(store: RecordStore, job: LedgerJob, chains: readonly ChainBlocks[]): BridgePairs {
  if (!chainsBridged(chains.map((chain) => chain.chainId))) return new Map();
  return pairBridges(
    mergeSorted(
      chains.map(({ chainId, fromBlock, toBlock }) => {
        const context = ledgerContext(job, chainId);
        const wallets = [...context.wallets.keys()];
        const blocks = store.blocksMentioning(chainId, wallets, fromBlock, toBlock, Object.keys(BRIDGE_CONTRACTS[chainId] ?? {}));
        return bridgeLegs(groupTransactions(chainId, recordsOfBlocks(store, chainId, wallets, blocks)), context);
      }),
    ),
  );
}

function* recordsOfBlocks(
  store: RecordStore,
  chainId: number,
  wallets: readonly string[],
  blocks: readonly number[],
): Generator<StoredRecord> {
  for (const block of blocks) yield* store.iterateRecords(chainId, wallets, block, block);
}

function ledgerContext(job: LedgerJob, chainId: number): LedgerContext {
  const wallets = new Map(walletsOnChain(job.wallets, chainId).map((wallet) => [wallet.address, { label: wallet.label }] as const));
  return { chain: getChain(chainId), wallets, labels: job.labels, spam: job.spam };
}
