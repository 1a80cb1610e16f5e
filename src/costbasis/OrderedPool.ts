import type { BasisMethod } from './CostBasisSettings.js';
import { Heap } from './Heap.js';
import type { Lot, LotPiece } from './Lot.js';
import type { Pool, TakeAnswer, TakeRequest } from './Pool.js';
import { takePart } from './proRata.js';
import { type Money, moneyPart } from './scaledMoney.js';

/** A lot while it is held: what is left of it, and the order it came in. */
interface HeldLot extends Lot {
  readonly sequence: number;
}

/**
 * Under `hifo`, also what it was when acquired (its unit cost never drifts). Only there: a fifo pool at the period's
 * end holds ≈ 270,000 lots at 1M entries, and these fields (a float box each, the first bigints once a lot is cut)
 * were a share of what the collector marked in them.
 */
interface CostedLot extends HeldLot {
  readonly firstQuantity: bigint;
  readonly firstCost: Money | null;
  /** `firstCost ÷ firstQuantity` as a float (NaN when the cost is unknown): HIFO's first, cheap comparison. */
  readonly unitCost: number;
}

/** Negative: `a` leaves first. A total order (the sequence breaks the last ties), so the answers never depend on luck. */
type LotOrder = (a: HeldLot, b: HeldLot) => number;

const oldestFirst: LotOrder = (a, b) => a.acquiredAt - b.acquiredAt || a.sequence - b.sequence;

/**
 * Highest unit cost first, unknown cost last, equal ones oldest first. The float unit costs decide when they differ by
 * more than their rounding could (each is within 3 × 2^-53 of its exact quotient, relative; one that overflowed is no
 * number and decides nothing); otherwise the unit costs are compared exactly, crosswise: two bigint products per
 * comparison were most of what the order cost.
 */
const highestUnitCostFirst = (a: CostedLot, b: CostedLot): number => {
  const costA = a.firstCost;
  const costB = b.firstCost;
  if (costA === null || costB === null) return costA === costB ? oldestFirst(a, b) : costA === null ? 1 : -1;
  const unitA = a.unitCost;
  const unitB = b.unitCost;
  const margin = (Math.abs(unitA) + Math.abs(unitB)) * 1e-12;
  if (unitA - unitB > margin) return -1;
  if (unitB - unitA > margin) return 1;
  const left = costB * a.firstQuantity;
  const right = costA * b.firstQuantity;
  return left > right ? 1 : left < right ? -1 : oldestFirst(a, b);
};

/** A lot as hifo holds it. */
function costed(
  lotId: string,
  acquiredAt: number,
  quantity: bigint,
  cost: Money | null,
  knownCost: Money | undefined,
  sequence: number,
): CostedLot {
  return {
    lotId,
    acquiredAt,
    quantity,
    cost,
    knownCost,
    sequence,
    firstQuantity: quantity,
    firstCost: cost,
    unitCost: cost === null ? Number.NaN : Number(cost) / Number(quantity),
  };
}

/** The orders of the methods that take whole lots; only the order differs between them. */
export const LOT_ORDERS = {
  fifo: oldestFirst,
  lifo: (a, b) => oldestFirst(b, a),
  // A hifo pool holds costed lots only (`OrderedPool.acquire`).
  hifo: highestUnitCostFirst as LotOrder,
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
    // One shape for every lot a pool holds, whatever shape the lot came in (a leg's, a moved piece's, an opening
    // lot's): the heap's order reads these fields on every comparison.
    const { lotId, acquiredAt, quantity, cost, knownCost } = lot;
    const sequence = this.sequence++;
    const held: HeldLot =
      this.method === 'hifo'
        ? costed(lotId, acquiredAt, quantity, cost, knownCost, sequence)
        : { lotId, acquiredAt, quantity, cost, knownCost, sequence };
    this.lots.push(held);
    this.held += lot.quantity;
  }

  take(request: TakeRequest<Ref>): void {
    const pieces: LotPiece[] = [];
    let wanted = request.quantity;
    for (let lot = this.lots.peek(); wanted > 0n && lot !== undefined; lot = this.lots.peek()) {
      // Built field by field, every piece of one shape, and a known cost cut in place: spreading a share, or making
      // one per piece, showed in the replay's profile.
      const { lotId, acquiredAt, quantity, cost } = lot;
      if (wanted >= quantity) {
        pieces.push({ lotId, acquiredAt, quantity, cost, knownCost: lot.knownCost });
        wanted -= quantity;
        this.lots.pop();
      } else if (cost !== null) {
        const part = cost === 0n ? 0n : moneyPart(cost, wanted, quantity);
        lot.quantity = quantity - wanted;
        lot.cost = cost - part;
        pieces.push({ lotId, acquiredAt, quantity: wanted, cost: part, knownCost: undefined });
        wanted = 0n;
      } else {
        const share = takePart(lot, wanted);
        pieces.push({ lotId, acquiredAt, quantity: wanted, cost: null, knownCost: share.knownCost });
        wanted = 0n;
      }
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
