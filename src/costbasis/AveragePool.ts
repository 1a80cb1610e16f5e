import { Decimal } from '../ledger/money.js';
import type { Lot, LotPiece } from './Lot.js';
import type { Pool, TakeAnswer, TakeRequest } from './Pool.js';
import { type Share, takePart } from './proRata.js';

/** Adds an acquisition to a running average; one unknown cost makes the whole unknown (see `AveragePool`). */
export function addToShare(share: Share, quantity: bigint, cost: Decimal | null): void {
  // An emptied share starts afresh: nothing of an earlier unknown cost is left in it.
  if (share.quantity === 0n) share.cost = new Decimal(0);
  share.quantity += quantity;
  share.cost = share.cost === null || cost === null ? null : share.cost.plus(cost);
}

/**
 * `average`: one running quantity and cost; every piece leaves at the pool's average, without a lot or a time. An
 * acquisition of unknown cost makes the pool's cost unknown until the pool is emptied: from then on every unit is a
 * blend that contains part of that unknown cost, so any figure for it would be a guess, and unknown is never 0.
 */
export class AveragePool<Ref = unknown> implements Pool<Ref> {
  readonly method = 'average';
  private readonly pool: Share = { quantity: 0n, cost: new Decimal(0) };

  constructor(private readonly answer: TakeAnswer<Ref>) {}

  acquire(lot: Lot): void {
    addToShare(this.pool, lot.quantity, lot.cost);
  }

  take(request: TakeRequest<Ref>): void {
    const part = request.quantity < this.pool.quantity ? request.quantity : this.pool.quantity;
    const pieces: LotPiece[] = part > 0n ? [{ lotId: null, acquiredAt: null, ...takePart(this.pool, part) }] : [];
    this.answer(request, pieces, request.quantity - part);
  }

  /** Every answer is given at once: nothing waits for time. */
  advance(): void {}

  settle(): void {}

  open(): readonly LotPiece[] {
    return this.pool.quantity > 0n ? [{ lotId: null, acquiredAt: null, quantity: this.pool.quantity, cost: this.pool.cost }] : [];
  }

  quantity(): bigint {
    return this.pool.quantity;
  }
}
