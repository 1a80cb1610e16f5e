import type { LotPiece } from './Lot.js';

/**
 * Pieces that moved `from` base units of one asset, restated as `to` base units of the asset they arrive as (a wrap
 * whose two sides differ): each in proportion, the last taking the rest, ids, times and costs kept. A piece that
 * comes to nothing in the target's units cannot be a lot (a lot holds something): its cost rides on the next piece
 * that arrives, so the cost that left the source pool is the cost that arrives and both pools' ties see the same move.
 * The last piece always arrives (`to` > 0: the pieces before it are rounded down, so at least a unit is left for it). Cost unknown on either side makes the merged one unknown, its known part
 * kept as `knownCost` for the tie-out.
 */
export function rescalePieces(pieces: readonly LotPiece[], from: bigint, to: bigint): LotPiece[] {
  if (from === to) return [...pieces];
  let left = to;
  const arrived: LotPiece[] = [];
  let carried: LotPiece | null = null;
  pieces.forEach((piece, index) => {
    const quantity = index === pieces.length - 1 ? left : (piece.quantity * to) / from;
    left -= quantity;
    const scaled = { ...piece, quantity };
    if (quantity === 0n) carried = carried === null ? scaled : withCostOf(carried, scaled);
    else {
      arrived.push(carried === null ? scaled : withCostOf(scaled, carried));
      carried = null;
    }
  });
  return arrived;
}

/** `piece` (its id, time and quantity) carrying `other`'s cost too. */
function withCostOf(piece: LotPiece, other: LotPiece): LotPiece {
  const { lotId, acquiredAt, quantity } = piece;
  if (piece.cost !== null && other.cost !== null) return { lotId, acquiredAt, quantity, cost: piece.cost + other.cost };
  const known = [piece, other].filter((one) => one.cost !== null || one.knownCost !== undefined);
  if (known.length === 0) return { lotId, acquiredAt, quantity, cost: null };
  return { lotId, acquiredAt, quantity, cost: null, knownCost: known.reduce((sum, one) => sum + (one.cost ?? one.knownCost ?? 0n), 0n) };
}
