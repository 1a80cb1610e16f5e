import { Decimal } from '../ledger/money.js';

/** §22 Nr. 3 EStG: other income (staking, lending) stays tax-free while the year's total is below 256 €. */
export const OTHER_INCOME_LIMIT = new Decimal(256);

/** §23 Abs. 3 Satz 5 EStG: private sales' gains stay tax-free while the year's total is below 1,000 € (600 € before 2024). */
export function privateSalesLimit(year: number): Decimal {
  return new Decimal(year >= 2024 ? 1000 : 600);
}

/**
 * A Freigrenze, not an allowance: a year's total below the limit is tax-free, one at or above it is taxable in
 * full (999.99 → 0, 1,000.00 → 1,000.00). A net loss stays as it is: it is what §23 offsets against other years.
 */
export function afterFreigrenze(total: Decimal, limit: Decimal): Decimal {
  return total.isNegative() || total.gte(limit) ? total : new Decimal(0);
}
