import type { GainRow, IncomeRow } from '../costbasis/BasisReport.js';
import { afterFreigrenze, OTHER_INCOME_LIMIT, privateSalesLimit } from '../costbasis/freigrenze.js';
import { Decimal } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';
import { DateFormatter } from '../templates/DateFormatter.js';
import type { FormContext, FormRow } from './FormContext.js';
import { refuseUnknown, unknownFigures } from './formRefusal.js';
import { zeroedRowsNote } from './gainsFormRows.js';

/**
 * Anlage SO's figures (`de` profile), one row per calendar year the period touches (the job's zone): §23 private
 * sales held one year or less — a piece without a known acquisition counts among them — with their sale prices,
 * acquisition costs, selling costs (Werbungskosten) and net gain, the year's Freigrenze and what is taxable after it
 * (all or nothing, on the total as written to the cent); the disposals held longer (exempt) counted; §22 Nr. 3 income
 * (every income row) against its 256 € limit. Refused when a figure it sums is unknown (an unknown basis passes as 0
 * with `zeroBasis`, the rows counted in `note`); an exempt sale's figures are not on the form.
 */
export function anlageSoRows(gains: readonly GainRow[], income: readonly IncomeRow[], context: FormContext): FormRow[] {
  const within = gains.filter((row) => row.term !== 'long');
  refuseUnknown(
    context.form,
    [
      ...within.flatMap(unknownFigures),
      ...income.filter((row) => row.value === null).map((row) => ({ entryId: row.entryId, figure: 'proceeds' as const })),
    ],
    context.zeroBasis,
  );
  const years = new DateFormatter('yyyy', context.timezone);
  const minor = minorUnits(context.currency);
  const money = (value: Decimal): string => value.toDecimalPlaces(minor).toFixed(minor);
  const rows: FormRow[] = [];
  for (let year = Number(context.period.first.slice(0, 4)); year <= Number(context.period.last.slice(0, 4)); year += 1) {
    const inYear = (time: number): boolean => Number(years.format(time)) === year;
    const sums = { proceeds: new Decimal(0), costBasis: new Decimal(0), sellingCosts: new Decimal(0) };
    const disposals = new Set<string>();
    let zeroed = 0;
    for (const row of within.filter((one) => inYear(one.soldAt))) {
      disposals.add(row.entryId);
      // Refused above when unknown.
      sums.proceeds = sums.proceeds.plus(row.proceeds as Decimal);
      sums.sellingCosts = sums.sellingCosts.plus(row.sellingCosts as Decimal);
      if (row.costBasis === null) zeroed += 1;
      else sums.costBasis = sums.costBasis.plus(row.costBasis);
    }
    const gain = sums.proceeds.minus(sums.sellingCosts).minus(sums.costBasis).toDecimalPlaces(minor);
    const limit = privateSalesLimit(year);
    const earned = income
      .filter((row) => inYear(row.timestamp))
      .reduce((sum, row) => sum.plus(row.value as Decimal), new Decimal(0))
      .toDecimalPlaces(minor);
    const from = `${year}-01-01` > context.period.first ? `${year}-01-01` : context.period.first;
    const to = `${year}-12-31` < context.period.last ? `${year}-12-31` : context.period.last;
    rows.push({
      year: String(year),
      from,
      to,
      complete: from === `${year}-01-01` && to === `${year}-12-31` ? 'yes' : 'no',
      disposals: String(disposals.size),
      proceeds: money(sums.proceeds),
      costBasis: money(sums.costBasis),
      sellingCosts: money(sums.sellingCosts),
      gain: money(gain),
      limit: money(limit),
      taxable: money(afterFreigrenze(gain, limit)),
      exemptDisposals: String(new Set(gains.filter((row) => row.term === 'long' && inYear(row.soldAt)).map((row) => row.entryId)).size),
      income: money(earned),
      incomeLimit: money(OTHER_INCOME_LIMIT),
      incomeTaxable: money(afterFreigrenze(earned, OTHER_INCOME_LIMIT)),
      currency: context.currency,
      note: zeroedRowsNote(zeroed),
    });
  }
  return rows;
}
