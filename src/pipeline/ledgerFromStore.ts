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
import type { TxGroup } from '../ledger/TxGroup.js';
import { type BridgePairs, chainsBridged, pairBridges, withBridgePairs } from '../ledger/pairBridges.js';
import type { LedgerRow, RecordStore } from '../store/RecordStore.js';

export interface ChainBlocks {
  chainId: number;
  fromBlock: number;
  toBlock: number;
  /**
   * A ledger cut by wallet: the owned wallets (lowercase) whose entries this read keeps; absent, every one on the chain.
   * Their own rows are read, and the other owned wallets' rows in the blocks both have rows in: a transaction's entries
   * (their order, categories, method) come from all its rows. A wallet's spam history is grown by its own entries
   * alone, so the kept entries are those of the whole chain's ledger.
   */
  wallets?: readonly string[];
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
        chains.map((chain) => {
          const context = ledgerContext(job, chain.chainId);
          const groups = groupTransactions(chain.chainId, chainRows(store, chain, [...context.wallets.keys()]));
          const kept = chain.wallets === undefined ? buildLedger(groups, context) : walletsLedger(groups, context, new Set(chain.wallets));
          return applyOverrides(kept, { tags: job.tags?.[chain.chainId] ?? {}, rules: job.rules ?? [] });
        }),
      ),
      known,
    );
  };
}

/** The rows a read of the chain's blocks needs: every owned wallet's, or the cut's wallets' and the others' where both have rows. */
function chainRows(
  store: RecordStore,
  { chainId, fromBlock, toBlock, wallets }: ChainBlocks,
  owned: readonly string[],
): Iterable<LedgerRow> {
  if (wallets === undefined) return store.iterateRecords(chainId, owned, fromBlock, toBlock);
  const others = owned.filter((wallet) => !wallets.includes(wallet));
  const shared = others.length === 0 ? [] : store.blocksShared(chainId, wallets, others, fromBlock, toBlock);
  return mergeRows(store.iterateRecords(chainId, wallets, fromBlock, toBlock), store.iterateRecordsIn(chainId, others, shared));
}

/** Two row streams of disjoint wallets, each ordered by block then wallet, as one (the store's order). */
function* mergeRows(first: Iterable<LedgerRow>, second: Iterable<LedgerRow>): Generator<LedgerRow> {
  const b = second[Symbol.iterator]();
  let other = b.next();
  for (const row of first) {
    const block = Number(row.record.blockNumber);
    while (other.done !== true && before(other.value, block, row.wallet)) {
      yield other.value;
      other = b.next();
    }
    yield row;
  }
  for (; other.done !== true; other = b.next()) yield other.value;
}

function before(row: LedgerRow, block: number, wallet: string): boolean {
  const at = Number(row.record.blockNumber);
  return at < block || (at === block && row.wallet < wallet);
}

/**
 * The wallets' entries of a chain's ledger. A transaction none of them is in is left out before its entries are made: its
 * wallets' entries would be dropped, and only their own entries grow their spam history.
 */
function* walletsLedger(groups: Iterable<TxGroup>, context: LedgerContext, wallets: ReadonlySet<string>): Generator<LedgerEntry> {
  const theirs = function* (): Generator<TxGroup> {
    for (const group of groups)
      for (const wallet of group.byWallet.keys())
        if (wallets.has(wallet)) {
          yield group;
          break;
        }
  };
  for (const entry of buildLedger(theirs(), context)) if (wallets.has(entry.wallet)) yield entry;
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
