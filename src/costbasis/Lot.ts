import type { Decimal } from '../ledger/money.js';
import type { Money } from './scaledMoney.js';

/** What a pool holds: a quantity acquired at one time for one cost. */
export interface Lot {
  /** The acquiring leg's `entryId` (an opening lot's own id; a move's short part: the moving leg's). */
  lotId: string;
  /** Unix seconds. */
  acquiredAt: number;
  /** Base units, > 0. */
  quantity: bigint;
  /** Book currency, exact; `null` when unknown (never 0 in its place). */
  cost: Money | null;
  /** Under an unknown `cost`: the known cost blended into it (a moved piece of an average), which the tie-out counts. */
  knownCost?: Money | undefined;
}

/**
 * A piece of a lot that left a pool. Under `average` (and `uk`'s section 104 pool) `lotId` and `acquiredAt` are null;
 * `cost` is `cost × taken ÷ quantity`, and the piece that empties a lot takes exactly what is left.
 */
export interface LotPiece {
  lotId: string | null;
  acquiredAt: number | null;
  quantity: bigint;
  cost: Money | null;
  /** Under an unknown `cost`: the known cost blended into it (see `Share`), which the tie-out counts. */
  knownCost?: Money | undefined;
}

/**
 * A lot the user carries in (`--opening-lots`): held before the ledger's first entry; `wallet` null under universal.
 * Its cost as the file states it, a Decimal (a lot's Money only once it enters a pool).
 */
export interface OpeningLot extends Omit<Lot, 'cost' | 'knownCost'> {
  cost: Decimal | null;
  wallet: string | null;
  chainId: number;
  asset: string;
  /** Lowercase, '' for the native coin. */
  assetContract: string;
  decimals: number;
}
