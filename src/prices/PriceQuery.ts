/**
 * One row's question to the oracle: the price of a whole unit of an asset on a chain at the row's time.
 * `asset` is 'native' or the lowercase 0x token contract (the cache and every source key on chain + contract,
 * never a symbol: a symbol names different tokens on different chains).
 */
export interface PriceQuery {
  chainId: number;
  asset: 'native' | string;
  /** The row's unix seconds. */
  time: number;
  /** NFTs are valued only from the price file. */
  nft?: boolean;
}
