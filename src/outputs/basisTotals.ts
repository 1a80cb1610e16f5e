import type { BasisOutcome, BasisReport, GainRow } from '../costbasis/BasisReport.js';
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

/** The gain rows' sums, row by row (so the rows can be read once for `gains.csv`, the summary and the totals). */
export class GainTotals {
  readonly sums = { proceeds: new KnownSum(), sellingCosts: new KnownSum(), costBasis: new KnownSum(), gain: new KnownSum() };
  readonly terms = { short: new KnownSum(), long: new KnownSum() };
  unknown = 0;

  add(row: GainRow): void {
    this.sums.proceeds.add(row.proceeds);
    this.sums.sellingCosts.add(row.sellingCosts);
    this.sums.costBasis.add(row.costBasis);
    this.sums.gain.add(row.gain);
    if (row.term !== null) this.terms[row.term].add(row.gain);
    if (unknownGain(row)) this.unknown += 1;
  }
}

/** The totals, over `gains` when the caller summed the rows as they were made, else over the report's rows. */
export function basisTotals(report: BasisReport): BasisTotals;
export function basisTotals(report: BasisOutcome, gains: GainTotals): BasisTotals;
export function basisTotals(report: BasisOutcome & Partial<Pick<BasisReport, 'gains'>>, gains?: GainTotals): BasisTotals {
  let summed = gains;
  if (summed === undefined) {
    summed = new GainTotals();
    for (const row of report.gains ?? []) summed.add(row);
  }
  const { sums, terms } = summed;
  const income = new KnownSum();
  for (const row of report.income) income.add(row.value);
  return {
    proceeds: sums.proceeds.orZero(),
    sellingCosts: sums.sellingCosts.orZero(),
    costBasis: sums.costBasis.orZero(),
    gain: sums.gain.orZero(),
    shortTerm: terms.short.orZero(),
    longTerm: terms.long.orZero(),
    income: income.orZero(),
    unknown: {
      gains: summed.unknown,
      income: report.income.filter((row) => row.value === null).length,
      removals: report.removals.filter((row) => row.costBasis === null).length,
    },
  };
}
