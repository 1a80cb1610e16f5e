import { getChain } from '../chains/chains.js';
import type { ApiStats, EtherscanApi, ListPageRequest } from '../etherscan/EtherscanApi.js';
import type { Stream, WireReceipt, WireRecordOf } from '../etherscan/wire.js';
import type { WireAddressTag } from '../etherscan/WireAddressTag.js';
import type { FinalAnswers } from '../store/FinalAnswers.js';

/** An instant this long past has one block for good: no chain reorganises a day back, every explorer has indexed it. */
export const FINAL_AFTER_S = 86_400;

/**
 * The API with the answers that cannot change kept in the store and never asked again: the block of an instant a
 * day past (`blockNumberByTime`), a historical balance at a block no later than such a block, and the highest head
 * seen, which tells a finished period's plan that its last block is ripe without asking the head (`ripeHeadFor`).
 * Everything else is asked as it comes. So a warm re-run of a finished period makes no call at all.
 */
export class RememberingApi implements EtherscanApi {
  constructor(
    private readonly api: EtherscanApi,
    private readonly kept: FinalAnswers,
    /** The job's per-chain ripeness, else the chain table's. */
    private readonly ripeness: Readonly<Record<number, number>>,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  get stats(): ApiStats {
    return this.api.stats;
  }

  async blockNumberByTime(chainId: number, timestamp: number, closest: 'before' | 'after'): Promise<number> {
    const question = `block ${closest} ${timestamp}`;
    const kept = this.kept.get(chainId, question);
    if (kept !== undefined) return Number(kept);
    const block = await this.api.blockNumberByTime(chainId, timestamp, closest);
    if (timestamp <= this.nowSeconds() - FINAL_AFTER_S) {
      this.kept.put(chainId, question, String(block));
      this.keepHighest(chainId, 'final block', block);
    }
    return block;
  }

  async headBlock(chainId: number): Promise<number> {
    const head = await this.api.headBlock(chainId);
    this.keepHighest(chainId, 'head', head);
    return head;
  }

  /** A head at which `block` is ripe: the highest one seen when it is, else the chain's head asked now. */
  ripeHeadFor(chainId: number, block: number): Promise<number> {
    const seen = this.kept.get(chainId, 'head');
    const ripeness = this.ripeness[chainId] ?? getChain(chainId).ripenessBlocks;
    return seen !== undefined && Number(seen) - ripeness >= block ? Promise.resolve(Number(seen)) : this.headBlock(chainId);
  }

  balanceHistory(chainId: number, address: string, block: number): Promise<string> {
    return this.atFinalBlock(chainId, `balance native ${address} ${block}`, block, () => this.api.balanceHistory(chainId, address, block));
  }

  tokenBalanceHistory(chainId: number, contract: string, address: string, block: number): Promise<string> {
    return this.atFinalBlock(chainId, `balance ${contract} ${address} ${block}`, block, () =>
      this.api.tokenBalanceHistory(chainId, contract, address, block),
    );
  }

  listPage<S extends Stream>(stream: S, request: ListPageRequest): Promise<WireRecordOf[S][]> {
    return this.api.listPage(stream, request);
  }

  receipt(chainId: number, txHash: string): Promise<WireReceipt | null> {
    return this.api.receipt(chainId, txHash);
  }

  blockTime(chainId: number, block: number): Promise<number> {
    return this.api.blockTime(chainId, block);
  }

  transactionCount(chainId: number, address: string, block: number): Promise<number> {
    return this.api.transactionCount(chainId, address, block);
  }

  balance(chainId: number, address: string): Promise<string> {
    return this.api.balance(chainId, address);
  }

  balanceMulti(chainId: number, addresses: readonly string[]): Promise<Map<string, string>> {
    return this.api.balanceMulti(chainId, addresses);
  }

  tokenBalance(chainId: number, contract: string, address: string): Promise<string> {
    return this.api.tokenBalance(chainId, contract, address);
  }

  addressTags(chainId: number, addresses: readonly string[]): Promise<WireAddressTag[]> {
    return this.api.addressTags(chainId, addresses);
  }

  exportAddressTags(chainId: number, label: string): Promise<string> {
    return this.api.exportAddressTags(chainId, label);
  }

  /** A balance at a block no later than a final one is kept; a refusal never is (the next run asks again). */
  private async atFinalBlock(chainId: number, question: string, block: number, ask: () => Promise<string>): Promise<string> {
    const kept = this.kept.get(chainId, question);
    if (kept !== undefined) return kept;
    const answer = await ask();
    const final = this.kept.get(chainId, 'final block');
    if (final !== undefined && block <= Number(final)) this.kept.put(chainId, question, answer);
    return answer;
  }

  private keepHighest(chainId: number, question: string, block: number): void {
    const kept = this.kept.get(chainId, question);
    if (kept === undefined || Number(kept) < block) this.kept.put(chainId, question, String(block));
  }
}
