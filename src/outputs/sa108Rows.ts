import type { GainRow } from '../costbasis/BasisReport.js';
import { sa108Parts, ukTaxYearStart } from '../costbasis/sa108Parts.js';
import { UK_ZONE } from '../costbasis/ukDay.js';
import { Decimal } from '../ledger/money.js';
import { DateFormatter } from '../templates/DateFormatter.js';
import type { FormContext, FormRow } from './FormContext.js';
import { refuseUnknown, unknownFigures } from './formRefusal.js';
import { zeroedRowsNote } from './gainsFormRows.js';
import { moneyText } from './moneyText.js';

/**
 * SA108's cryptoasset figures (`uk` method): per UK tax year the period touches (6 April to 5 April, UK calendar),
 * and for 2024/25 also before and from 30 October 2024, the disposals — one per token and UK day, as HMRC counts a
 * day's disposals of a token as one — their proceeds, allowable costs (cost basis and selling costs), the gains of
 * those that gained and the losses of those that lost. A stretch the period covers only in part says so (`complete`).
 * Refused when a figure is unknown (an unknown basis passes as 0 with `zeroBasis`, the rows counted in `note`).
 */
export function sa108Rows(gains: readonly GainRow[], context: FormContext): FormRow[] {
  refuseUnknown(context.form, gains.flatMap(unknownFigures), context.zeroBasis);
  const ukDays = new DateFormatter('yyyy-MM-dd', UK_ZONE);
  const sales = gains.map((row) => ({ row, day: ukDays.format(row.soldAt) }));
  const first = sales.reduce((day, sale) => (sale.day < day ? sale.day : day), context.period.first);
  const last = sales.reduce((day, sale) => (sale.day > day ? sale.day : day), context.period.last);
  const rows: FormRow[] = [];
  for (let year = ukTaxYearStart(first); year <= ukTaxYearStart(last); year += 1) {
    for (const part of sa108Parts(year)) {
      const from = part.from > first ? part.from : first;
      const to = part.to < last ? part.to : last;
      if (from > to) continue;
      const disposals = new Map<string, Decimal>();
      let proceeds = new Decimal(0);
      let allowable = new Decimal(0);
      let zeroed = 0;
      for (const { row, day } of sales) {
        if (day < part.from || day > part.to) continue;
        const basis = row.costBasis ?? new Decimal(0);
        if (row.costBasis === null) zeroed += 1;
        // Refused above when unknown.
        const [sold, costs] = [row.proceeds as Decimal, row.sellingCosts as Decimal];
        proceeds = proceeds.plus(sold);
        allowable = allowable.plus(basis).plus(costs);
        const key = `${row.chainId}|${row.assetContract}|${day}`;
        disposals.set(key, (disposals.get(key) ?? new Decimal(0)).plus(sold.minus(costs).minus(basis)));
      }
      const results = [...disposals.values()];
      const gained = results.filter((gain) => gain.isPositive()).reduce((sum, gain) => sum.plus(gain), new Decimal(0));
      const lost = results.filter((gain) => gain.isNegative()).reduce((sum, gain) => sum.minus(gain), new Decimal(0));
      const money = (value: Decimal): string => moneyText(value, context.currency);
      rows.push({
        taxYear: part.taxYear,
        part: part.part,
        from,
        to,
        complete: from === part.from && to === part.to ? 'yes' : 'no',
        disposals: String(disposals.size),
        proceeds: money(proceeds),
        allowableCosts: money(allowable),
        gains: money(gained),
        losses: money(lost),
        net: money(gained.minus(lost)),
        currency: context.currency,
        note: zeroedRowsNote(zeroed),
      });
    }
  }
  return rows;
}
