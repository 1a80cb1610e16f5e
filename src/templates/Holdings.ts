import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Leg } from './ViewRow.js';
import { legOf } from './ViewRow.js';

/** What one owned wallet holds of one asset (a fungible coin or token, or an NFT collection) on one chain. */
export interface Holding {
  key: string;
  chainId: number;
  wallet: string;
  walletLabel: string;
  /**
   * The asset as the ledger first saw it (symbol, decimals), with the spam verdict of this wallet's first
   * movement of it: they name it in every file, so a token keeps one commodity and one account tree in every
   * year's export (all of them read the history from the first block) even where a later row flags it
   * differently or the token renamed itself.
   */
  leg: Leg;
  /** Signed base units (an NFT collection: the number of tokens). */
  balance: bigint;
}

/** One key per (chain, wallet, contract): an NFT collection is one holding, whatever its token ids. */
export function holdingKey(chainId: number, wallet: string, assetContract: string): string {
  return `${chainId}\u0000${wallet}\u0000${assetContract}`;
}

/** Rolls ledger entries forward into the balance of every holding, in ledger order. */
export class Holdings {
  private readonly byKey = new Map<string, Holding>();
  private readonly firstLegs = new Map<string, Leg>();

  /** Adds the entry's movement and returns its holding (created on first sight). */
  add(entry: LedgerEntry): Holding {
    const holding = this.of(entry);
    holding.balance += entry.direction === 'in' ? entry.amountRaw : -entry.amountRaw;
    return holding;
  }

  /** The entry's holding without moving it. */
  of(entry: LedgerEntry): Holding {
    const key = holdingKey(entry.chainId, entry.wallet, entry.assetContract);
    let holding = this.byKey.get(key);
    if (holding === undefined) {
      const assetKey = `${entry.chainId}\u0000${entry.assetContract}`;
      let first = this.firstLegs.get(assetKey);
      if (first === undefined) {
        first = { ...legOf(entry), amountRaw: 0n };
        this.firstLegs.set(assetKey, first);
      }
      const leg = { ...first, spam: entry.spam };
      holding = { key, chainId: entry.chainId, wallet: entry.wallet, walletLabel: entry.walletLabel, leg, balance: 0n };
      this.byKey.set(key, holding);
    }
    return holding;
  }

  /** Every holding seen, by chain, wallet and contract (native first), so files list them in a stable order. */
  list(): Holding[] {
    return [...this.byKey.values()].sort(
      (a, b) => a.chainId - b.chainId || compare(a.wallet, b.wallet) || compare(a.leg.assetContract, b.leg.assetContract),
    );
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
