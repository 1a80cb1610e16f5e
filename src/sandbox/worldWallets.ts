import { derivedHex } from './Prng.js';
import type { WorldWallet } from './World.js';

const ADDRESS_SALT = 0x5a11e7;

/** A stable pseudo-random address for (seed, role, n): wallets and counterparties never depend on generation order. */
export function derivedAddress(seed: number, role: number, n: number): string {
  return `0x${derivedHex(5, seed ^ ADDRESS_SALT, role, n)}`;
}

/** Role numbers for derivedAddress. */
export const ROLE = { wallet: 1, counterparty: 2, contract: 3, token: 4 } as const;

/**
 * The tracked wallets of a world: Main (every chain, genesis on mainnet), Trading (every chain),
 * Cold (home chain), a Safe (home chain, a contract) and any extra EOAs. The home chain is the
 * first chain of the world (mainnet by default).
 */
export function worldWallets(seed: number, chainIds: readonly number[], ownedEoas = 3): WorldWallet[] {
  const home = chainIds.slice(0, 1);
  const wallet = (n: number, label: string, chains: readonly number[], contract = false): WorldWallet => ({
    address: derivedAddress(seed, ROLE.wallet, n),
    label,
    chains,
    contract,
  });
  const wallets = [wallet(0, 'Main', chainIds), wallet(1, 'Trading', chainIds), wallet(2, 'Cold', home)];
  for (let n = 3; n < Math.max(2, ownedEoas); n++) wallets.push(wallet(n, `Wallet ${n + 1}`, chainIds));
  wallets.splice(Math.max(2, ownedEoas));
  wallets.push(wallet(100, 'Safe', home, true));
  return wallets;
}
