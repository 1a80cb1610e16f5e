import type { JobWallet } from '../config/Job.js';
import { walletsOnChain } from '../config/walletsOnChain.js';
import type { WalletOnChain } from './rollForward.js';

/**
 * Every wallet of the job on each of `chains` (the synced ones), as the roll-forward takes them: each one's native
 * balance is compared even where the ledger has no entry for it, so a history the sync missed entirely still shows.
 */
export function walletsOnChains(wallets: readonly JobWallet[], chains: readonly { chainId: number }[]): WalletOnChain[] {
  return chains.flatMap(({ chainId }) =>
    walletsOnChain(wallets, chainId).map((wallet) => ({ chainId, wallet: wallet.address, walletLabel: wallet.label })),
  );
}
