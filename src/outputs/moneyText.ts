import { type Money, moneyFixed } from '../costbasis/scaledMoney.js';
import type { Decimal } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';

/**
 * An exact amount of the book's currency as a file writes it: rounded half-even to the currency's minor unit (only
 * here, never in a sum), and empty when unknown — never 0 in its place.
 */
export function moneyText(value: Decimal | null, currency: string): string {
  if (value === null) return '';
  const minor = minorUnits(currency);
  // Rounded before it is printed, so a tiny negative amount is written 0.00, not -0.00.
  return value.toDecimalPlaces(minor).toFixed(minor);
}

/** The replay's exact `Money` as a file writes it, as `moneyText` writes the same amount as a Decimal. */
export function moneyTextOf(money: Money | null, currency: string): string {
  return money === null ? '' : moneyFixed(money, minorUnits(currency));
}
