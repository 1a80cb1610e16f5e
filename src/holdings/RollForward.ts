import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { type AssetGrain, type AssetRef, assetKey, assetRefOf } from './AssetRef.js';

/** A balance kept of one asset: whatever a user of the roll-forward records beside it. */
export interface Position {
  key: string;
  ref: AssetRef;
  /** Signed base units after every entry added so far (an NFT collection: its number of tokens). */
  balance: bigint;
}

/** An entry's movement of its asset: in adds, out (fees included) takes away. */
export function signedAmount(entry: Pick<LedgerEntry, 'direction' | 'amountRaw'>): bigint {
  return entry.direction === 'in' ? entry.amountRaw : -entry.amountRaw;
}

/**
 * The one roll-forward of ledger entries into balances per asset (reconcile, balances at an instant, journals'
 * opening and closing balances, the balance chart): each entry moves the balance of the asset it names, opened
 * by `open` on first sight. Holds one position per asset, never the history.
 */
export class RollForward<P extends Position> {
  private readonly byKey = new Map<string, P>();

  constructor(
    private readonly grain: AssetGrain,
    private readonly open: (key: string, ref: AssetRef, entry: LedgerEntry) => P,
  ) {}

  /** A position opened before any entry (a wallet's native balance that must be checked even without entries). */
  seed(position: P): void {
    if (!this.byKey.has(position.key)) this.byKey.set(position.key, position);
  }

  /** The entry's position without moving it. */
  of(entry: LedgerEntry): P {
    const ref = assetRefOf(entry, this.grain);
    const key = assetKey(ref);
    let position = this.byKey.get(key);
    if (position === undefined) {
      position = this.open(key, ref, entry);
      this.byKey.set(key, position);
    }
    return position;
  }

  /** Adds the entry's movement to its position and returns it. */
  add(entry: LedgerEntry): P {
    const position = this.of(entry);
    position.balance += signedAmount(entry);
    return position;
  }

  positions(): P[] {
    return [...this.byKey.values()];
  }
}
