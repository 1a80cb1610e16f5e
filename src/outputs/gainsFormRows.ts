import type { GainRow } from '../costbasis/BasisReport.js';
import { form8949Box } from '../costbasis/form8949Box.js';
import { Decimal, formatUnits } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';
import { DateFormatter } from '../templates/DateFormatter.js';
import { neutraliseCell } from '../templates/neutraliseCell.js';
import type { FormContext, FormRow } from './FormContext.js';
import { refuseUnknown, unknownFigures } from './formRefusal.js';

/** What a row whose unknown basis is written as 0 says of itself (`--zero-basis-for-missing`). */
export const ZERO_BASIS_NOTE = 'missing cost basis, reported as 0';
/** …and one sold beyond its pool, whose acquisition (so its term) nobody knows: short term, the higher rate. */
export const NO_ACQUISITION_NOTE = 'no acquisition found: cost basis reported as 0, short term';

/** What a summary's row says of its rows whose unknown basis it summed as 0 (`--zero-basis-for-missing`). */
export function zeroedRowsNote(count: number): string {
  return count === 0 ? '' : `${count} row${count === 1 ? '' : 's'} with a ${ZERO_BASIS_NOTE}`;
}

/**
 * A `gains` form's rows (Form 8949, TurboTax's gains import): one per disposal piece, short term (Part I) before long
 * term (Part II), each in sale order. Proceeds are net of selling costs; every figure is rounded to the currency's
 * minor unit and the gain is worked out from the rounded cells (h = d − e), so each row and every total adds up on
 * paper as the form asks. Refused when a figure is unknown (an unknown basis passes as 0 with `zeroBasis`).
 */
export function gainsFormRows(gains: readonly GainRow[], context: FormContext): FormRow[] {
  refuseUnknown(context.form, gains.flatMap(unknownFigures), context.zeroBasis);
  const years = new DateFormatter('yyyy', context.timezone);
  const minor = minorUnits(context.currency);
  const round = (value: Decimal): Decimal => value.toDecimalPlaces(minor);
  const money = (value: Decimal): string => round(value).toFixed(minor);
  const rows = gains.map((row): FormRow => {
    // Refused above when unknown.
    const proceeds = row.proceeds as Decimal;
    const sellingCosts = row.sellingCosts as Decimal;
    const net = round(proceeds.minus(sellingCosts));
    const basis = row.costBasis === null ? new Decimal(0) : round(row.costBasis);
    const note = row.costBasis !== null ? '' : row.acquiredAt === null ? NO_ACQUISITION_NOTE : ZERO_BASIS_NOTE;
    const term = row.term ?? 'short';
    const taxYear = years.format(row.soldAt);
    const place = form8949Box(term, Number(taxYear));
    const quantity = formatUnits(row.quantity, row.decimals);
    return {
      part: place.part,
      box: place.box,
      line: place.line,
      taxYear,
      description: neutraliseCell(`${quantity} ${row.asset}${note === '' ? '' : ` (${note})`}`),
      asset: neutraliseCell(`${row.asset}${note === '' ? '' : ` (${note})`}`),
      quantity,
      dateAcquired: row.acquiredAt === null ? '' : context.dates.format(row.acquiredAt),
      dateSold: context.dates.format(row.soldAt),
      term,
      note,
      proceeds: net.toFixed(minor),
      'proceeds.gross': money(proceeds),
      sellingCosts: money(sellingCosts),
      costBasis: basis.toFixed(minor),
      gain: net.minus(basis).toFixed(minor),
      currency: context.currency,
      entryId: row.entryId,
      lotId: row.lotId ?? '',
      txHash: row.txHash,
      chainId: String(row.chainId),
      wallet: row.wallet,
    };
  });
  const rank = (row: FormRow): string => `${row.part === 'I' ? 0 : 1}${row.box as string}`;
  // A stable sort: within a part and box, the replay's order (the sales' order).
  return rows.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
}

/**
 * Schedule D's lines from a gains form's rows: per tax year, part and box, the rows' written cells summed (what the
 * form's totals row of each box adds up), line 3 for boxes C and I, line 10 for F and L.
 */
export function scheduleDRows(rows: readonly FormRow[], currency: string): FormRow[] {
  const minor = minorUnits(currency);
  const lines = new Map<string, { row: FormRow; count: number; proceeds: Decimal; costBasis: Decimal; gain: Decimal }>();
  for (const row of rows) {
    const key = `${row.taxYear as string}|${row.part === 'I' ? 0 : 1}|${row.box as string}`;
    const line = lines.get(key) ?? { row, count: 0, proceeds: new Decimal(0), costBasis: new Decimal(0), gain: new Decimal(0) };
    line.count += 1;
    line.proceeds = line.proceeds.plus(row.proceeds as string);
    line.costBasis = line.costBasis.plus(row.costBasis as string);
    line.gain = line.gain.plus(row.gain as string);
    lines.set(key, line);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { row, count, proceeds, costBasis, gain }]) => ({
      taxYear: row.taxYear as string,
      part: row.part as string,
      line: row.line as string,
      box: row.box as string,
      rows: String(count),
      proceeds: proceeds.toFixed(minor),
      costBasis: costBasis.toFixed(minor),
      gain: gain.toFixed(minor),
      currency,
    }));
}
