import type { Lot } from './Lot.js';
import { takePart } from './proRata.js';

/** What one wallet was given when a universal pool was split, and the balance no lot was left for. */
export interface WalletShare {
  wallet: string;
  lots: Lot[];
  uncovered: bigint;
}

/**
 * Splits a universal pool's remaining lots (in the method's order) over the wallets (in their order): each takes lots,
 * splitting the last, until its balance at that instant is covered (Rev. Proc. 2024-28's global allocation, never a
 * replay per wallet from the start). Lots left over are the `surplus`.
 */
export function allocateLots(
  lots: readonly Lot[],
  balances: readonly { wallet: string; balance: bigint }[],
): { shares: WalletShare[]; surplus: Lot[] } {
  const queue = lots.map((lot) => ({ ...lot }));
  const shares = balances.map(({ wallet, balance }): WalletShare => {
    const given: Lot[] = [];
    let need = balance;
    while (need > 0n && queue.length > 0) {
      const lot = queue[0] as Lot;
      const part = need < lot.quantity ? need : lot.quantity;
      given.push({ ...lot, ...takePart(lot, part) });
      if (lot.quantity === 0n) queue.shift();
      need -= part;
    }
    return { wallet, lots: given, uncovered: need };
  });
  return { shares, surplus: queue };
}
