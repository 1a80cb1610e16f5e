import type { LotPiece } from './Lot.js';

/**
 * Pieces that moved `from` base units of one asset, restated as `to` base units of the asset they arrive as (a wrap
 * whose two sides differ): each in proportion, the last taking the rest, ids, times and costs kept. A piece that
 * comes to nothing in the target's units is left out.
 */
export function rescalePieces(pieces: readonly LotPiece[], from: bigint, to: bigint): LotPiece[] {
  if (from === to) return [...pieces];
  let left = to;
  return pieces
    .map((piece, index) => {
      const quantity = index === pieces.length - 1 ? left : (piece.quantity * to) / from;
      left -= quantity;
      return { ...piece, quantity };
    })
    .filter((piece) => piece.quantity > 0n);
}
