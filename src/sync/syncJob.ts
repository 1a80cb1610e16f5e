import pLimit from 'p-limit';
import { walletsOnChain } from '../config/walletsOnChain.js';
import { feeNeedsReceipt, getChain } from '../chains/chains.js';
import type { FeeSource } from '../config/Job.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { STREAMS } from '../etherscan/wire.js';
import type { Stream } from '../etherscan/wire.js';
import type { MissingReceipt, RecordStore } from '../store/RecordStore.js';
import { pageStream } from './pageStream.js';
import type { StreamKey } from './pageStream.js';
import type { BlockPlan, SkippedChain } from './planBlockRanges.js';
import type { SyncProgress } from './progress.js';
import { ReceiptFetcher } from './ReceiptFetcher.js';
import { spansToFetch } from './spansToFetch.js';
import { SyncControl } from './SyncControl.js';
import type { SyncWallet } from './SyncWallet.js';

export interface SyncJobInput {
  api: EtherscanApi;
  store: RecordStore;
  plan: BlockPlan;
  wallets: readonly SyncWallet[];
  /** Per-chain override of the chain table's ripeness (blocks behind the head not recorded). */
  ripeness?: Readonly<Record<number, number>>;
  /** `auto` (default): receipts only for fees the txlist row cannot give exactly; `receipts`: for every fee. */
  fees?: FeeSource;
  /** Concurrent (chain, wallet, stream) jobs, and separately concurrent receipt fetches. Default 4. */
  concurrency?: number;
  progress?: SyncProgress;
  signal?: AbortSignal;
  streams?: readonly Stream[];
  /** Rows asked per page. Default 1,000, the free tier's and the sandbox's cap; tests page smaller. */
  pageSize?: number;
  splitFloorBlocks?: number;
  /**
   * Fetch the plan's blocks again even where synced: an explorer may index a transaction late, inside a range
   * already stored. Re-committing a span replaces its rows, so this only ever adds what the API lists now.
   */
  refetch?: boolean;
  /**
   * Called once every key's list pages are stored, when receipts are still being fetched: the stored lists already
   * give every movement of the ledger and its time (a receipt adds only a fee's exact amount), so work that needs
   * those (prices) can start while the key is busy with receipts.
   */
  onListed?: (listed: ListedSync) => void;
}

/** The moment every list page is stored, receipts still to fetch: the chains as they will be synced. */
export interface ListedSync {
  chains: SyncedChain[];
}

/** What one key did in this run. */
export interface KeyReport extends StreamKey {
  listCalls: number;
  pages: number;
  rows: number;
}

/** The blocks of a chain that are now synced for every wallet: what the ledger may read. */
export interface SyncedChain {
  chainId: number;
  fromBlock: number;
  /** The plan's end, held back to the ripe point. */
  toBlock: number;
}

export interface SyncReport {
  listCalls: number;
  receiptCalls: number;
  pages: number;
  rows: number;
  /** Receipts stored in this run. */
  receipts: number;
  /** Receipts the API did not know (fetched again next run). */
  unknownReceipts: number;
  chains: SyncedChain[];
  skippedChains: SkippedChain[];
  perKey: KeyReport[];
}

/**
 * Brings the store up to the plan for every (chain, wallet, stream): only blocks outside each
 * key's synced range are fetched, never past the ripe point; receipts of transactions an owned
 * wallet sent are fetched alongside where the fee needs one (everywhere with `fees: 'receipts'`).
 * A daily limit (or any other fatal error, or the signal) stops every job between requests and is
 * rethrown once they settled; an unavailable chain is skipped.
 */
export async function syncJob(input: SyncJobInput): Promise<SyncReport> {
  const { api, store, progress } = input;
  const concurrency = input.concurrency ?? 4;
  const control = new SyncControl(input.signal);
  for (const skipped of input.plan.skippedChains) control.skippedChains.push(skipped);
  const receipts = new ReceiptFetcher(api, store, control, concurrency, (chainId, sender) => progress?.receipt(chainId, sender));
  const limit = pLimit(concurrency);
  const perKey: KeyReport[] = [];
  const chains: SyncedChain[] = [];
  const jobs: Promise<void>[] = [];

  for (const range of input.plan.ranges) {
    const { chainId } = range;
    const chain = getChain(chainId);
    const ripeness = input.ripeness?.[chainId] ?? chain.ripenessBlocks;
    const toBlock = Math.min(range.endBlock, range.headBlock - ripeness);
    chains.push({ chainId, fromBlock: range.startBlock, toBlock });
    const owned = walletsOnChain(input.wallets, chainId).map((wallet) => wallet.address.toLowerCase());
    const ownedSet = new Set(owned);
    const queueReceipts = (wanted: readonly MissingReceipt[]): void => {
      const needed = input.fees === 'receipts' ? wanted : wanted.filter((one) => feeNeedsReceipt(chain, one.block));
      for (const queued of receipts.add(chainId, needed)) progress?.receiptQueued(chainId, queued.sender);
    };
    // Receipts a stopped earlier run committed rows for but never fetched.
    queueReceipts(store.missingReceipts(chainId, owned, range.startBlock, toBlock));

    for (const wallet of owned) {
      for (const stream of input.streams ?? STREAMS) {
        const key: KeyReport = { chainId, wallet, stream, listCalls: 0, pages: 0, rows: 0 };
        perKey.push(key);
        const spans =
          input.refetch === true
            ? range.startBlock <= toBlock
              ? [[range.startBlock, toBlock] as [number, number]]
              : []
            : spansToFetch(store.syncedRange(chainId, wallet, stream), range.startBlock, toBlock);
        progress?.planned(
          key,
          spans.reduce((sum, [from, to]) => sum + to - from + 1, 0),
        );
        const run = async (): Promise<void> => {
          for (const [from, to] of spans) {
            await pageStream(api, store, key, from, to, {
              ...(input.pageSize === undefined ? {} : { offset: input.pageSize }),
              ...(input.splitFloorBlocks === undefined ? {} : { splitFloorBlocks: input.splitFloorBlocks }),
              beforeRequest: () => control.check(chainId),
              onRequest: () => (key.listCalls += 1),
              onPage: (page) => {
                key.pages += 1;
                key.rows += page.records.length;
                progress?.page(key, { blocks: page.toBlock - page.fromBlock + 1, rows: page.records.length });
                if (stream !== 'txlist') return;
                const sent: MissingReceipt[] = [];
                for (const record of page.records) {
                  const sender = record.from.toLowerCase();
                  if (ownedSet.has(sender)) sent.push({ txHash: record.hash, sender, block: Number(record.blockNumber) });
                }
                queueReceipts(sent);
              },
            });
          }
        };
        if (spans.length > 0) jobs.push(limit(run).catch((error: unknown) => control.handle(error, chainId)));
      }
    }
  }

  await Promise.all(jobs);
  // The chains not found unavailable, as far as the sync has gone.
  const synced = (): SyncedChain[] => chains.filter((chain) => !control.skipped(chain.chainId));
  if (!control.stopped && receipts.left > 0) input.onListed?.({ chains: synced() });
  await receipts.drain();
  for (const skipped of control.skippedChains) progress?.chainSkipped(skipped.chainId, skipped.reason);
  progress?.finished();
  control.throwIfStopped();
  return {
    listCalls: sum(perKey, (key) => key.listCalls),
    receiptCalls: receipts.calls,
    pages: sum(perKey, (key) => key.pages),
    rows: sum(perKey, (key) => key.rows),
    receipts: receipts.stored,
    unknownReceipts: receipts.unknown,
    chains: synced(),
    skippedChains: control.skippedChains,
    perKey,
  };
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
