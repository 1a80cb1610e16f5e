import { Decimal } from '../ledger/money.js';
import { minorUnits } from './minorUnits.js';

/**
 * `amount × price` exact, then rounded half-even once to the currency's minor unit and written with all its
 * digits ("12.30"). `decimals` turns base units into whole units; the product itself is never rounded on the way.
 */
export function valueOf(amountRaw: bigint, decimals: number, price: Decimal, currency: string): string {
  const exact = new Decimal(amountRaw.toString()).div(new Decimal(10).pow(decimals)).times(price);
  return exact.toFixed(minorUnits(currency), Decimal.ROUND_HALF_EVEN);
}
