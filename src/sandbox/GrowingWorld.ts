import type { Stream } from '../etherscan/wire.js';
import type { AddressBook } from './AddressBook.js';
import type { AssetKey, AssetSums, ChainData, World, WorldWallet } from './World.js';

const DAY_SECONDS = 86_400;

/**
 * A world seen up to a head time that moves: the chain as an explorer shows it on a given night, a day's
 * transactions appearing when the head moves a day. Everything after the head is invisible: the head block,
 * block lookups, transactions by hash and balances stop at it; `rowsOf` keeps the whole list (its rows are in
 * block order) and the list actions end it at the chain's `headBlock`, so their cached lists outlive a move.
 */
export class GrowingWorld implements World {
  private heads = new Map<number, ChainData>();
  private time = 0;

  constructor(
    private readonly inner: World,
    headTime: number,
  ) {
    this.advanceTo(headTime);
  }

  /** The head's unix time. */
  get headTime(): number {
    return this.time;
  }

  /** Moves the head to `time` (unix seconds); never back, as a chain never unwinds a day. */
  advanceTo(time: number): void {
    if (time < this.time) throw new RangeError(`the head is at ${this.time}; it cannot move back to ${time}`);
    this.time = time;
    this.heads = new Map(
      this.inner.chainIds.map((chainId) => {
        const chain = this.inner.chain(chainId)!;
        const head = this.inner.blockByTime(chainId, time, 'before') ?? chain.firstBlock;
        return [chainId, { ...chain, headBlock: Math.min(head, chain.headBlock) }];
      }),
    );
  }

  growByDay(): void {
    this.advanceTo(this.time + DAY_SECONDS);
  }

  get seed(): number {
    return this.inner.seed;
  }
  get scale(): number {
    return this.inner.scale;
  }
  get chainIds(): readonly number[] {
    return this.inner.chainIds;
  }
  get wallets(): readonly WorldWallet[] {
    return this.inner.wallets;
  }
  get addresses(): AddressBook {
    return this.inner.addresses;
  }

  chain(chainId: number): ChainData | undefined {
    return this.heads.get(chainId);
  }

  timestampOf(chainId: number, block: number): number {
    return this.inner.timestampOf(chainId, block);
  }

  blockByTime(chainId: number, timestamp: number, closest: 'before' | 'after'): number | null {
    const head = this.headOf(chainId);
    const block = this.inner.blockByTime(chainId, timestamp, closest);
    if (block === null || block <= head) return block;
    return closest === 'before' ? head : null;
  }

  blockHash(chainId: number, block: number): string {
    return this.inner.blockHash(chainId, block);
  }

  txHash(chainId: number, txId: number): string {
    return this.inner.txHash(chainId, txId);
  }

  txIdByHash(chainId: number, hash: string): number | undefined {
    const txId = this.inner.txIdByHash(chainId, hash);
    const chain = this.heads.get(chainId);
    return txId === undefined || chain === undefined || chain.txs.get('block', txId) > chain.headBlock ? undefined : txId;
  }

  rowsOf(chainId: number, stream: Stream, address: string): Uint32Array {
    return this.inner.rowsOf(chainId, stream, address);
  }

  txOfRow(chainId: number, stream: Stream, row: number): number {
    return this.inner.txOfRow(chainId, stream, row);
  }

  rowsOfTx(chainId: number, stream: Stream, txId: number): [number, number] {
    return this.inner.rowsOfTx(chainId, stream, txId);
  }

  expectedBalance(chainId: number, wallet: string, asset: AssetKey, atBlock: number): bigint {
    return this.inner.expectedBalance(chainId, wallet, asset, Math.min(atBlock, this.headOf(chainId)));
  }

  expectedSums(chainId: number, wallet: string, fromBlock: number, toBlock: number): ReadonlyMap<AssetKey, AssetSums> {
    return this.inner.expectedSums(chainId, wallet, fromBlock, Math.min(toBlock, this.headOf(chainId)));
  }

  private headOf(chainId: number): number {
    return this.heads.get(chainId)?.headBlock ?? Number.MAX_SAFE_INTEGER;
  }
}
