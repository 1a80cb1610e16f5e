import { addToShare } from './AveragePool.js';
import type { Lot, LotPiece } from './Lot.js';
import { type Share, takePart } from './proRata.js';

/** Base units of lots set aside from an open day, whose cost waits for the day's end (`SameDayLots.reserve`). */
export type Reserved = readonly Omit<LotPiece, 'cost' | 'knownCost'>[];

/**
 * One UK day's acquisitions as HMRC sees them (CRYPTO22252): a single acquisition whose cost is the day's total, so a
 * piece costs the day's average. Pieces still name the lots they come from, in the order they arrived, to be traced.
 * What a removal takes before the day is complete is `reserve`d: it costs the average of the whole day, known at its
 * end (`priced`), as every other piece of it does.
 */
export class SameDayLots {
  private readonly lots: Lot[] = [];
  private head = 0;
  /** What is held and what is reserved, at the day's cost not priced out yet. */
  private readonly total: Share = { quantity: 0n, cost: 0n };
  private readonly reservations = new Set<Reserved>();
  private reservedQuantity = 0n;

  add(lot: Lot): void {
    this.lots.push({ ...lot });
    addToShare(this.total, lot);
  }

  /** What may still be taken (a reservation's units are out). */
  get quantity(): bigint {
    return this.total.quantity - this.reservedQuantity;
  }

  /** Units reserved and not priced yet. */
  get reserved(): bigint {
    return this.reservedQuantity;
  }

  /** The day's quantity and cost as one acquisition (what is left once every reservation is priced). */
  get share(): Share {
    return this.total;
  }

  /** Takes `quantity` (at most what may be taken) at the average so far; the piece that empties the day takes the rest. */
  take(quantity: bigint): LotPiece[] {
    return this.named(quantity).map((piece) => ({ ...piece, ...takePart(this.total, piece.quantity) }));
  }

  /** Takes `quantity` (at most what may be taken) out now, its cost left in the day until `priced`. */
  reserve(quantity: bigint): Reserved {
    const reserved = this.named(quantity);
    this.reservations.add(reserved);
    this.reservedQuantity += quantity;
    return reserved;
  }

  /** A reservation at the day's average: once the day's acquisitions are complete, in the order reserved. */
  priced(reserved: Reserved): LotPiece[] {
    this.reservations.delete(reserved);
    return reserved.map((piece) => {
      this.reservedQuantity -= piece.quantity;
      return { ...piece, ...takePart(this.total, piece.quantity) };
    });
  }

  /** What is held, lot by lot, each at the day's average so far: first what is reserved (it has taken nothing yet). */
  open(): LotPiece[] {
    const share: Share = { ...this.total };
    const held = [...[...this.reservations].flat(), ...this.lots.slice(this.head)];
    return held.map((lot) => ({ lotId: lot.lotId, acquiredAt: lot.acquiredAt, ...takePart(share, lot.quantity) }));
  }

  /** Names `quantity` out of the lots, in the order they arrived. */
  private named(quantity: bigint): Omit<LotPiece, 'cost' | 'knownCost'>[] {
    const pieces: Omit<LotPiece, 'cost' | 'knownCost'>[] = [];
    let wanted = quantity;
    for (let lot = this.lots[this.head]; wanted > 0n && lot !== undefined; lot = this.lots[this.head]) {
      const part = wanted < lot.quantity ? wanted : lot.quantity;
      pieces.push({ lotId: lot.lotId, acquiredAt: lot.acquiredAt, quantity: part });
      lot.quantity -= part;
      wanted -= part;
      if (lot.quantity === 0n) this.head += 1;
    }
    return pieces;
  }
}
