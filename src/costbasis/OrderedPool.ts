import type { BasisMethod } from './CostBasisSettings.js';
import { Heap } from './Heap.js';
import type { Lot, LotPiece } from './Lot.js';
import type { Pool, TakeAnswer, TakeRequest } from './Pool.js';
import { takePart } from './proRata.js';
import type { Money } from './scaledMoney.js';

/** A lot while it is held: what is left of it, and what it was when acquired (HIFO's unit cost never drifts). */
interface HeldLot extends Lot {
  readonly sequence: number;
  readonly firstQuantity: bigint;
  readonly firstCost: Money | null;
}

/** Negative: `a` leaves first. A total order (the sequence breaks the last ties), so the answers never depend on luck. */
type LotOrder = (a: HeldLot, b: HeldLot) => number;

const oldestFirst: LotOrder = (a, b) => a.acquiredAt - b.acquiredAt || a.sequence - b.sequence;

/** Highest unit cost first, unknown cost last, equal ones oldest first; unit costs compared exactly, crosswise. */
const highestUnitCostFirst: LotOrder = (a, b) => {
  const costA = a.firstCost;
  const costB = b.firstCost;
  if (costA === null || costB === null) return costA === costB ? oldestFirst(a, b) : costA === null ? 1 : -1;
  const left = costB * a.firstQuantity;
  const right = costA * b.firstQuantity;
  return left > right ? 1 : left < right ? -1 : oldestFirst(a, b);
};

/** The orders of the methods that take whole lots; only the order differs between them. */
export const LOT_ORDERS = {
  fifo: oldestFirst,
  lifo: (a, b) => oldestFirst(b, a),
  hifo: highestUnitCostFirst,
} as const satisfies Partial<Record<BasisMethod, LotOrder>>;

export type OrderedMethod = keyof typeof LOT_ORDERS;

/** A pool whose lots leave one by one in its method's order (`fifo`, `lifo`, `hifo`); every request is answered at once. */
export class OrderedPool<Ref = unknown> implements Pool<Ref> {
  private readonly lots: Heap<HeldLot>;
  private held = 0n;
  private sequence = 0;

  constructor(
    readonly method: OrderedMethod,
    private readonly answer: TakeAnswer<Ref>,
  ) {
    this.lots = new Heap(LOT_ORDERS[method]);
  }

  acquire(lot: Lot): void {
    // One shape for every held lot, whatever shape the lot came in (a leg's, a moved piece's, an opening lot's): the
    // heap's order reads these fields on every comparison.
    const { lotId, acquiredAt, quantity, cost, knownCost } = lot;
    this.lots.push({
      lotId,
      acquiredAt,
      quantity,
      cost,
      knownCost,
      sequence: this.sequence++,
      firstQuantity: quantity,
      firstCost: cost,
    });
    this.held += lot.quantity;
  }

  take(request: TakeRequest<Ref>): void {
    const pieces: LotPiece[] = [];
    let wanted = request.quantity;
    for (let lot = this.lots.peek(); wanted > 0n && lot !== undefined; lot = this.lots.peek()) {
      const part = wanted < lot.quantity ? wanted : lot.quantity;
      // Built field by field, every piece of one shape: spreading the share took the spread's slow path per piece.
      const { quantity, cost, knownCost } = takePart(lot, part);
      pieces.push({ lotId: lot.lotId, acquiredAt: lot.acquiredAt, quantity, cost, knownCost });
      wanted -= part;
      if (lot.quantity === 0n) this.lots.pop();
    }
    this.held -= request.quantity - wanted;
    this.answer(request, pieces, wanted);
  }

  /** Every answer is given at once: nothing waits for time. */
  advance(): void {}

  settle(): void {}

  open(): readonly LotPiece[] {
    return this.lots.sorted().map(({ lotId, acquiredAt, quantity, cost, knownCost }) => ({ lotId, acquiredAt, quantity, cost, knownCost }));
  }

  quantity(): bigint {
    return this.held;
  }
}
