import type { Template } from './Template.js';

/** `number`: a decimal a spreadsheet may compute with where it keeps every digit · `text`: exact as written (ids, hashes, addresses, base units, dates). */
export type CellKind = 'text' | 'number';

/**
 * Fields that hold decimal amounts or small counts. Everything else is text in a spreadsheet: ids, hashes and
 * addresses, base-unit integers (`amount_raw`, up to 78 digits) and dates (ISO text, in the CSV's own zone).
 */
const NUMBER_FIELDS: ReadonlySet<string> = new Set([
  'entry.amount',
  'entry.chain_id',
  'entry.block_number',
  'entry.decimals',
  'posting.amount',
  'posting.debit',
  'posting.credit',
  'sent.amount',
  'received.amount',
  'fee.amount',
  'base.amount',
  'quote.amount',
  'amount.signed',
  'entry.price',
  'entry.fx_rate',
  'entry.value',
  'value.amount',
  'value.signed',
  'sent.value',
  'received.value',
  'base.price',
]);

/** The spreadsheet kind of each of a CSV template's columns, in column order. */
export function spreadsheetKinds(template: Template): CellKind[] {
  return template.columns.map((column) => (column.field !== null && NUMBER_FIELDS.has(column.field) ? 'number' : 'text'));
}
