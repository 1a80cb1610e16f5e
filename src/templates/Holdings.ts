import type { AssetRef } from '../holdings/AssetRef.js';
import { assetKey } from '../holdings/AssetRef.js';
import { type Position, RollForward } from '../holdings/RollForward.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Leg } from './ViewRow.js';
import { legOf } from './ViewRow.js';

/** What one owned wallet holds of one asset (a fungible coin or token, or an NFT collection) on one chain. */
export interface Holding extends Position {
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
}

/** One key per (chain, wallet, contract): an NFT collection is one holding, whatever its token ids. */
export function holdingKey(chainId: number, wallet: string, assetContract: string): string {
  return assetKey({ chainId, wallet, contract: assetContract, tokenId: '' });
}

/** The journals' roll-forward: every holding's balance, in ledger order, NFTs per collection. */
export class Holdings {
  private readonly firstLegs = new Map<string, Leg>();
  private readonly positions = new RollForward<Holding>('collection', (key, ref, entry) => this.open(key, ref, entry));

  /** Adds the entry's movement and returns its holding (created on first sight). */
  add(entry: LedgerEntry): Holding {
    return this.positions.add(entry);
  }

  /** The entry's holding without moving it. */
  of(entry: LedgerEntry): Holding {
    return this.positions.of(entry);
  }

  private open(key: string, ref: AssetRef, entry: LedgerEntry): Holding {
    const assetKey = `${entry.chainId}\u0000${entry.assetContract}`;
    let first = this.firstLegs.get(assetKey);
    if (first === undefined) {
      first = { ...legOf(entry), amountRaw: 0n };
      this.firstLegs.set(assetKey, first);
    }
    const leg = { ...first, spam: entry.spam };
    return { key, ref, chainId: entry.chainId, wallet: entry.wallet, walletLabel: entry.walletLabel, leg, balance: 0n };
  }

  /** Every holding seen, by chain, wallet and contract (native first), so files list them in a stable order. */
  list(): Holding[] {
    return this.positions
      .positions()
      .sort((a, b) => a.chainId - b.chainId || compare(a.wallet, b.wallet) || compare(a.leg.assetContract, b.leg.assetContract));
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
