import pLimit from 'p-limit';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { RecordStore } from '../store/RecordStore.js';
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

  /** Queues the receipt unless this run already queued it or the store has it; true when queued. */
  add(chainId: number, txHash: string, sender: string, block: number): boolean {
    const hash = txHash.toLowerCase();
    const id = `${chainId}:${hash}`;
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.store.getReceipt(chainId, hash) !== null) return false;
    const task = this.limit(() => this.fetch(chainId, hash, sender, block)).catch((error: unknown) => this.control.handle(error, chainId));
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
    return true;
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
