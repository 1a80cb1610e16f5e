import type { Lot, LotPiece } from './Lot.js';
import type { Pool, TakeAnswer, TakeRequest } from './Pool.js';
import { type Share, takePart } from './proRata.js';
import { sumOf } from './sumOf.js';

/**
 * Adds an acquisition to a running average; one unknown cost makes the whole unknown (see `AveragePool`), and the known
 * costs blended into it are kept apart (`knownCost`) for the tie-out.
 */
export function addToShare(share: Share, added: Share): void {
  // An emptied share starts afresh: nothing of an earlier unknown cost is left in it.
  if (share.quantity === 0n) {
    share.cost = 0n;
    delete share.knownCost;
  }
  share.quantity += added.quantity;
  if (share.cost !== null && added.cost !== null) {
    share.cost += added.cost;
    return;
  }
  const known = [share.cost ?? share.knownCost, added.cost ?? added.knownCost].filter((cost) => cost !== undefined);
  share.cost = null;
  if (known.length > 0) share.knownCost = sumOf(known);
}

/**
 * `average`: one running quantity and cost; every piece leaves at the pool's average, without a lot or a time. An
 * acquisition of unknown cost makes the pool's cost unknown until the pool is emptied: from then on every unit is a
 * blend that contains part of that unknown cost, so any figure for it would be a guess, and unknown is never 0. The
 * known cost in the blend leaves with each piece pro rata (`knownCost`), so the pool's tie still holds.
 */
export class AveragePool<Ref = unknown> implements Pool<Ref> {
  readonly method = 'average';
  private readonly pool: Share = { quantity: 0n, cost: 0n };

  constructor(private readonly answer: TakeAnswer<Ref>) {}

  acquire(lot: Lot): void {
    addToShare(this.pool, lot);
  }

  take(request: TakeRequest<Ref>): void {
    const part = request.quantity < this.pool.quantity ? request.quantity : this.pool.quantity;
    const pieces: LotPiece[] = [];
    if (part > 0n) {
      // Built field by field: spreading the share took the spread's slow path per piece.
      const { quantity, cost, knownCost } = takePart(this.pool, part);
      pieces.push({ lotId: null, acquiredAt: null, quantity, cost, knownCost });
    }
    this.answer(request, pieces, request.quantity - part);
  }

  /** Every answer is given at once: nothing waits for time. */
  advance(): void {}

  settle(): void {}

  open(): readonly LotPiece[] {
    return this.pool.quantity > 0n ? [{ lotId: null, acquiredAt: null, ...this.pool }] : [];
  }

  quantity(): bigint {
    return this.pool.quantity;
  }
}
