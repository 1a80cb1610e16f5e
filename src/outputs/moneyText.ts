import { MONEY_PLACES, type Money, moneyFixed, toMoney } from '../costbasis/scaledMoney.js';
import type { Decimal } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';

/**
 * An exact amount of the book's currency as a file writes it: rounded half-even to the currency's minor unit (only
 * here, never in a sum), and empty when unknown — never 0 in its place.
 */
export function moneyText(value: Decimal | null, currency: string): string {
  if (value === null) return '';
  const minor = minorUnits(currency);
  // Most figures are the replay's Money made Decimals (at most 40 places, so read back exactly): rounded as a bigint,
  // ≈ 0.6 µs against ≈ 1 µs for the Decimal's rounding and text (an open lot's, a removal's, an income row's).
  if (value.decimalPlaces() <= MONEY_PLACES) return moneyFixed(toMoney(value), minor);
  // Rounded before it is printed, so a tiny negative amount is written 0.00, not -0.00.
  return value.toDecimalPlaces(minor).toFixed(minor);
}

/** The replay's exact `Money` as a file writes it, as `moneyText` writes the same amount as a Decimal. */
export function moneyTextOf(money: Money | null, currency: string): string {
  return money === null ? '' : moneyFixed(money, minorUnits(currency));
}
