import { Decimal } from '../ledger/money.js';

/**
 * The sum of known values; one value is its own sum (a transaction's lone fee, a trade's one asset each side: most
 * sums in the replay), without the two Decimals `Decimal.sum` would make for it.
 */
export function sumOf(values: readonly Decimal[]): Decimal {
  return values.length === 1 ? (values[0] as Decimal) : Decimal.sum(0, ...values);
}
