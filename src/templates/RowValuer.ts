import type { LegValue, RowPrices } from '../prices/valueLeg.js';
import { valueLeg } from '../prices/valueLeg.js';
import type { Leg, ViewRow } from './ViewRow.js';

/** A row has at most this many legs (sent, received, fee, pool). */
const LEGS = 4;

/**
 * The values of the current row's legs, each worked out once however many cells and tallies ask: a row has at
 * most four legs, so a short list beats a map. The lists are fixed and counted, not emptied: `length = 0`
 * dropped their backing stores, and growing them again cost ≈ 300 bytes of garbage a row (a million-row export's
 * largest valuation allocation).
 */
export class RowValuer {
  private readonly prices: RowPrices;
  private row: ViewRow | null = null;
  private count = 0;
  private readonly legs: (Leg | null)[] = new Array<Leg | null>(LEGS).fill(null);
  private readonly values: (LegValue | null)[] = new Array<LegValue | null>(LEGS).fill(null);

  constructor(prices: RowPrices) {
    this.prices = prices;
  }

  get currency(): string {
    return this.prices.currency;
  }

  of(row: ViewRow, leg: Leg): LegValue {
    if (row !== this.row) {
      this.row = row;
      this.count = 0;
    }
    for (let i = 0; i < this.count; i += 1) if (this.legs[i] === leg) return this.values[i] as LegValue;
    const value = valueLeg(this.prices, leg, leg.amountRaw, row.timestamp);
    this.legs[this.count] = leg;
    this.values[this.count] = value;
    this.count += 1;
    return value;
  }
}
