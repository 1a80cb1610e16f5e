import type { LegValue, RowPrices } from '../prices/valueLeg.js';
import { valueLeg } from '../prices/valueLeg.js';
import type { Leg, ViewRow } from './ViewRow.js';

/**
 * The values of the current row's legs, each worked out once however many cells and tallies ask: a row has at
 * most three legs, so a short list beats a map.
 */
export class RowValuer {
  private readonly prices: RowPrices;
  private row: ViewRow | null = null;
  private readonly legs: Leg[] = [];
  private readonly values: LegValue[] = [];

  constructor(prices: RowPrices) {
    this.prices = prices;
  }

  get currency(): string {
    return this.prices.currency;
  }

  of(row: ViewRow, leg: Leg): LegValue {
    if (row !== this.row) {
      this.row = row;
      this.legs.length = 0;
      this.values.length = 0;
    }
    const index = this.legs.indexOf(leg);
    if (index >= 0) return this.values[index] as LegValue;
    const value = valueLeg(this.prices, leg, leg.amountRaw, row.timestamp);
    this.legs.push(leg);
    this.values.push(value);
    return value;
  }
}
