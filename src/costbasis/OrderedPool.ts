import type { BasisMethod } from './CostBasisSettings.js';
import type { Lot, LotPiece } from './Lot.js';
import type { Pool, TakeAnswer, TakeRequest } from './Pool.js';
import { takePart } from './proRata.js';

/** A lot while it is held: what is left of it, and what it was when acquired (HIFO's unit cost never drifts). */
interface HeldLot extends Lot {
  readonly sequence: number;
  readonly firstQuantity: bigint;
  readonly firstCost: Lot['cost'];
}

/** Negative: `a` leaves first. */
type LotOrder = (a: HeldLot, b: HeldLot) => number;

const oldestFirst: LotOrder = (a, b) => a.acquiredAt - b.acquiredAt || a.sequence - b.sequence;

/** Unit cost compared exactly (cross-multiplied); unknown cost last; equal ones oldest first. */
const highestUnitCostFirst: LotOrder = (a, b) => {
  if (a.firstCost === null || b.firstCost === null) return a.firstCost === b.firstCost ? oldestFirst(a, b) : a.firstCost === null ? 1 : -1;
  const byUnit = b.firstCost.mul(a.firstQuantity.toString()).comparedTo(a.firstCost.mul(b.firstQuantity.toString()));
  return byUnit || oldestFirst(a, b);
};

/** The orders of the methods that take whole lots; only the order differs between them. */
export const LOT_ORDERS = {
  fifo: oldestFirst,
  lifo: (a, b) => oldestFirst(b, a),
  hifo: highestUnitCostFirst,
} as const satisfies Partial<Record<BasisMethod, LotOrder>>;

export type OrderedMethod = keyof typeof LOT_ORDERS;

/**
 * A pool whose lots leave one by one in its method's order (`fifo`, `lifo`, `hifo`); every request is answered at once.
 * The lots are kept sorted from `head` on, so taking is from the front and the usual arrivals (fifo: at the end, lifo:
 * just before the front) cost no shifting.
 */
export class OrderedPool<Ref = unknown> implements Pool<Ref> {
  private lots: HeldLot[] = [];
  private head = 0;
  private held = 0n;
  private sequence = 0;
  private readonly order: LotOrder;

  constructor(
    readonly method: OrderedMethod,
    private readonly answer: TakeAnswer<Ref>,
  ) {
    this.order = LOT_ORDERS[method];
  }

  acquire(lot: Lot): void {
    const held: HeldLot = { ...lot, sequence: this.sequence++, firstQuantity: lot.quantity, firstCost: lot.cost };
    this.held += lot.quantity;
    const at = this.positionOf(held);
    if (at === this.head && this.head > 0) this.lots[--this.head] = held;
    else this.lots.splice(at, 0, held);
  }

  take(request: TakeRequest<Ref>): void {
    const pieces: LotPiece[] = [];
    let wanted = request.quantity;
    for (let lot = this.lots[this.head]; wanted > 0n && lot !== undefined; lot = this.lots[this.head]) {
      const part = wanted < lot.quantity ? wanted : lot.quantity;
      pieces.push({ lotId: lot.lotId, acquiredAt: lot.acquiredAt, ...takePart(lot, part) });
      wanted -= part;
      if (lot.quantity === 0n) this.head += 1;
    }
    this.held -= request.quantity - wanted;
    this.compact();
    this.answer(request, pieces, wanted);
  }

  /** Every answer is given at once: nothing waits for time. */
  advance(): void {}

  settle(): void {}

  open(): readonly LotPiece[] {
    return this.lots.slice(this.head).map(({ lotId, acquiredAt, quantity, cost }) => ({ lotId, acquiredAt, quantity, cost }));
  }

  quantity(): bigint {
    return this.held;
  }

  /** Where `lot` goes among the held ones: after every lot that leaves before it (binary search). */
  private positionOf(lot: HeldLot): number {
    let low = this.head;
    let high = this.lots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.order(this.lots[middle]!, lot) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Drops the taken lots once they are half the array, so a long replay's memory stays the open lots. */
  private compact(): void {
    if (this.head > 64 && this.head * 2 > this.lots.length) {
      this.lots = this.lots.slice(this.head);
      this.head = 0;
    }
  }
}
