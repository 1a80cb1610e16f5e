/**
 * One row's question to the oracle: the price of a whole unit of an asset on a chain at the row's time.
 * `asset` is 'native' or the lowercase 0x token contract (the cache and every source key on chain + contract,
 * never a symbol: a symbol names different tokens on different chains). A value: never changed once made, so
 * one object may stand for the same question wherever it is asked (`priceQueryOf`).
 */
export interface PriceQuery {
  readonly chainId: number;
  readonly asset: 'native' | string;
  /** The row's unix seconds. */
  readonly time: number;
  /** NFTs are valued only from the price file. */
  readonly nft?: boolean;
}
