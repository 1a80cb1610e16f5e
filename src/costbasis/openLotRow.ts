import type { OpenLotRow } from './BasisReport.js';
import type { LotPiece } from './Lot.js';
import { toDecimal } from './scaledMoney.js';

/** A lot as `lots-open.csv` and `lot-allocation.csv` list it: where it is held and what is left of it. */
export function openLotRow<W extends string | null>(
  wallet: W,
  holding: { chainId: number; asset: string; assetContract: string; decimals: number },
  piece: LotPiece,
): OpenLotRow & { wallet: W } {
  const { chainId, asset, assetContract, decimals } = holding;
  const { lotId, acquiredAt, quantity, cost } = piece;
  return {
    wallet,
    chainId,
    asset,
    assetContract,
    lotId,
    acquiredAt,
    quantity,
    decimals,
    costBasis: cost === null ? null : toDecimal(cost),
  };
}
