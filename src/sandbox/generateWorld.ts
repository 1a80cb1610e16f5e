import { InputError } from '../errors/LedgerscanError.js';
import { AddressBook } from './AddressBook.js';
import { ChainScenario } from './ChainScenario.js';
import type { World } from './World.js';
import { WorldModel } from './WorldModel.js';
import { worldWallets } from './worldWallets.js';

export interface GenerateWorldOptions {
  seed: number;
  /** Multiplies the bulk: 1 ≈ 10k ledger entries, 10 ≈ 100k, 100 ≈ 1M. Special cases are always present. */
  scale: number;
  /** Default [1, 10, 42161]; the first is the home chain (genesis, Safe, NFTs, every token case). */
  chains?: readonly number[];
  /** Owned EOAs (≥ 2, default 3); a Safe is always added. */
  wallets?: number;
  /**
   * A world across the fee market: chain 1 starts on SPANNING_START (block 6,146,600) so it spans London
   * (12,965,000) with most of its bulk before it, every chain prices transactions before its fee market
   * as legacy (type 0), and a type-2 row's txlist gasPrice is its bid, so only the receipt has the fee.
   */
  spanFeeMarket?: boolean;
}

export function generateWorld(options: GenerateWorldOptions): World {
  const chainIds = options.chains ?? [1, 10, 42161];
  if (chainIds.length === 0) throw new InputError('a sandbox world needs at least one chain');
  if (!(options.scale >= 0)) throw new InputError(`scale must be ≥ 0, got ${options.scale}`);
  const book = new AddressBook();
  const wallets = worldWallets(options.seed, chainIds, options.wallets ?? 3);
  const spanning = options.spanFeeMarket === true;
  const chains = chainIds.map((chainId, n) =>
    new ChainScenario(options.seed, chainId, n === 0, wallets, book, options.scale, spanning).run(),
  );
  return new WorldModel(options.seed, options.scale, wallets, book, chains);
}
