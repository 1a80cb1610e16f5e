import type { BasisReport, GainRow, IncomeRow, RemovalRow } from '../costbasis/BasisReport.js';
import { Decimal } from '../ledger/money.js';

/**
 * A sum over rows of which some may be unknown: exact (rounded only when written) over the known ones, `null` when
 * none was known — an empty cell, never a 0 standing for rows nobody could value.
 */
export class KnownSum {
  private sum: Decimal | null = null;

  add(value: Decimal | null): void {
    if (value !== null) this.sum = this.sum === null ? value : this.sum.plus(value);
  }

  value(): Decimal | null {
    return this.sum;
  }

  /** For a total that exists even over no rows (0 when there were none, the known part otherwise). */
  orZero(): Decimal {
    return this.sum ?? new Decimal(0);
  }
}

/** A gain row some of whose money is unknown: its figures are left out of every sum and counted instead. */
export function unknownGain(row: GainRow): boolean {
  return row.proceeds === null || row.sellingCosts === null || row.costBasis === null || row.gain === null;
}

/** The period's totals over the report's rows, exact; each over its known rows, the unknown ones counted apart. */
export interface BasisTotals {
  proceeds: Decimal;
  sellingCosts: Decimal;
  costBasis: Decimal;
  gain: Decimal;
  shortTerm: Decimal;
  longTerm: Decimal;
  income: Decimal;
  unknown: { gains: number; income: number; removals: number };
}

/** The totals' sums row by row, as the replay makes the rows (so none is kept for them). */
export class BasisSums {
  readonly sums = { proceeds: new KnownSum(), sellingCosts: new KnownSum(), costBasis: new KnownSum(), gain: new KnownSum() };
  readonly terms = { short: new KnownSum(), long: new KnownSum() };
  private readonly incomeSum = new KnownSum();
  readonly rows = { gains: 0, income: 0, removals: 0 };
  readonly unknown = { gains: 0, income: 0, removals: 0 };

  gain(row: GainRow): void {
    this.rows.gains += 1;
    this.sums.proceeds.add(row.proceeds);
    this.sums.sellingCosts.add(row.sellingCosts);
    this.sums.costBasis.add(row.costBasis);
    this.sums.gain.add(row.gain);
    if (row.term !== null) this.terms[row.term].add(row.gain);
    if (unknownGain(row)) this.unknown.gains += 1;
  }

  income(row: IncomeRow): void {
    this.rows.income += 1;
    this.incomeSum.add(row.value);
    if (row.value === null) this.unknown.income += 1;
  }

  removal(row: RemovalRow): void {
    this.rows.removals += 1;
    if (row.costBasis === null) this.unknown.removals += 1;
  }

  totals(): BasisTotals {
    const { sums, terms } = this;
    return {
      proceeds: sums.proceeds.orZero(),
      sellingCosts: sums.sellingCosts.orZero(),
      costBasis: sums.costBasis.orZero(),
      gain: sums.gain.orZero(),
      shortTerm: terms.short.orZero(),
      longTerm: terms.long.orZero(),
      income: this.incomeSum.orZero(),
      unknown: { ...this.unknown },
    };
  }
}

/** The period's totals over a report's rows. */
export function basisTotals(report: BasisReport): BasisTotals {
  const sums = new BasisSums();
  for (const row of report.gains) sums.gain(row);
  for (const row of report.income) sums.income(row);
  for (const row of report.removals) sums.removal(row);
  return sums.totals();
}
