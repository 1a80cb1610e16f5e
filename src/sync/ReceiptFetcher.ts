import pLimit from 'p-limit';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { MissingReceipt, RecordStore } from '../store/RecordStore.js';
import type { SyncControl } from './SyncControl.js';

/**
 * A queue of receipts to fetch, fed as pages commit so receipt calls overlap list paging. Each
 * (chain, hash) is fetched at most once per run, and never when the store already has it. Its own
 * limiter, separate from the list jobs', so no limited function waits on its own limit.
 */
export class ReceiptFetcher {
  calls = 0;
  stored = 0;
  /** Hashes the API did not know; they stay missing and are asked again next run. */
  unknown = 0;
  private readonly seen = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  private readonly limit;

  constructor(
    private readonly api: EtherscanApi,
    private readonly store: RecordStore,
    private readonly control: SyncControl,
    concurrency: number,
    /** Called after each receipt call that answered, known or not. */
    private readonly onDone: (chainId: number, sender: string) => void = () => undefined,
  ) {
    this.limit = pLimit(concurrency);
  }

  /**
   * Queues each receipt this run has not queued yet and the store does not have; returns those queued. The store is
   * asked once for them all: on PostgreSQL a read waits for the writes posted before it, so one read a page, not one a
   * transaction.
   */
  add(chainId: number, wanted: readonly MissingReceipt[]): MissingReceipt[] {
    const fresh = new Map<string, MissingReceipt>();
    for (const one of wanted) {
      const hash = one.txHash.toLowerCase();
      const id = `${chainId}:${hash}`;
      if (this.seen.has(id)) continue;
      this.seen.add(id);
      fresh.set(hash, one);
    }
    if (fresh.size === 0) return [];
    const stored = this.store.storedReceipts(chainId, [...fresh.keys()]);
    const queued: MissingReceipt[] = [];
    for (const [hash, one] of fresh) {
      if (stored.has(hash)) continue;
      const task = this.limit(() => this.fetch(chainId, hash, one.sender, one.block)).catch((error: unknown) =>
        this.control.handle(error, chainId),
      );
      this.pending.add(task);
      void task.finally(() => this.pending.delete(task));
      queued.push(one);
    }
    return queued;
  }

  /** Receipts queued and not yet fetched or abandoned. */
  get left(): number {
    return this.pending.size;
  }

  /** Resolves once every queued receipt is fetched or abandoned; new ones may arrive meanwhile. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async fetch(chainId: number, hash: string, sender: string, block: number): Promise<void> {
    this.control.check(chainId);
    this.calls += 1;
    const receipt = await this.api.receipt(chainId, hash);
    if (receipt === null) {
      this.unknown += 1;
    } else {
      this.store.putReceipt(chainId, hash, block, receipt);
      this.stored += 1;
    }
    this.onDone(chainId, sender);
  }
}
