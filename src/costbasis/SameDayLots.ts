import { addToShare } from './AveragePool.js';
import type { Lot, LotPiece } from './Lot.js';
import { type Share, takePart } from './proRata.js';

/**
 * One UK day's acquisitions as HMRC sees them (CRYPTO22252): a single acquisition whose cost is the day's total, so a
 * piece costs the day's average. Pieces still name the lots they come from, in the order they arrived, to be traced.
 */
export class SameDayLots {
  private readonly lots: Lot[] = [];
  private head = 0;
  private readonly total: Share = { quantity: 0n, cost: 0n };

  add(lot: Lot): void {
    this.lots.push({ ...lot });
    addToShare(this.total, lot);
  }

  get quantity(): bigint {
    return this.total.quantity;
  }

  /** The day's quantity and cost as one acquisition. */
  get share(): Share {
    return this.total;
  }

  /** Takes `quantity` (at most what is held) at the day's average; the piece that empties the day takes the rest. */
  take(quantity: bigint): LotPiece[] {
    const pieces: LotPiece[] = [];
    let wanted = quantity;
    for (let lot = this.lots[this.head]; wanted > 0n && lot !== undefined; lot = this.lots[this.head]) {
      const part = wanted < lot.quantity ? wanted : lot.quantity;
      pieces.push({ lotId: lot.lotId, acquiredAt: lot.acquiredAt, ...takePart(this.total, part) });
      lot.quantity -= part;
      wanted -= part;
      if (lot.quantity === 0n) this.head += 1;
    }
    return pieces;
  }

  /** What is held, lot by lot, each at the day's average. */
  open(): LotPiece[] {
    const share: Share = { ...this.total };
    return this.lots.slice(this.head).map((lot) => ({ lotId: lot.lotId, acquiredAt: lot.acquiredAt, ...takePart(share, lot.quantity) }));
  }
}
