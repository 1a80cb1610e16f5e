import type { Decimal } from '../ledger/money.js';

/** What a pool holds: a quantity acquired at one time for one cost. */
export interface Lot {
  /** The acquiring leg's `entryId` (an opening lot's own id; a move's short part: the moving leg's). */
  lotId: string;
  /** Unix seconds. */
  acquiredAt: number;
  /** Base units, > 0. */
  quantity: bigint;
  /** Book currency, exact; `null` when unknown (never 0 in its place). */
  cost: Decimal | null;
  /** Under an unknown `cost`: the known cost blended into it (a moved piece of an average), which the tie-out counts. */
  knownCost?: Decimal | undefined;
}

/**
 * A piece of a lot that left a pool. Under `average` (and `uk`'s section 104 pool) `lotId` and `acquiredAt` are null;
 * `cost` is `cost × taken ÷ quantity`, and the piece that empties a lot takes exactly what is left.
 */
export interface LotPiece {
  lotId: string | null;
  acquiredAt: number | null;
  quantity: bigint;
  cost: Decimal | null;
  /** Under an unknown `cost`: the known cost blended into it (see `Share`), which the tie-out counts. */
  knownCost?: Decimal | undefined;
}

/** A lot the user carries in (`--opening-lots`): held before the ledger's first entry; `wallet` null under universal. */
export interface OpeningLot extends Lot {
  wallet: string | null;
  chainId: number;
  asset: string;
  /** Lowercase, '' for the native coin. */
  assetContract: string;
  decimals: number;
}
