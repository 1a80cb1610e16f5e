import { type Static, Type } from 'typebox';
import { InputError } from '../errors/LedgerscanError.js';
import { csvLines } from '../prices/csvLines.js';
import { PRICE_COLUMNS, priceChain } from '../prices/priceCells.js';
import type { BookData } from './BookData.js';
import { checkBookPrice } from './checkBookPrice.js';
import type { BookPrice } from './WorkspaceData.js';

/**
 * A price series as `POST /api/books/:id/prices` takes it besides one price: the text of a price file
 * (`time,chain,asset,currency,price`, daily or finer), posted as JSON or as a `text/csv` body. Additional
 * properties are not refused here: the route's body is this or one price, and ajv would strip the other's fields.
 */
export const givenSeries = Type.Object({
  csv: Type.String(),
  /** As for one price (`givenPrice`). */
  warnFactor: Type.Optional(Type.Number()),
});

export type GivenSeries = Static<typeof givenSeries>;

/** More rows than a year of hourly prices is a paste gone wrong, not a series. */
const MAX_ROWS = 10_000;

const refuseAt = (line: number, column: number, problem: string, cell?: string): InputError =>
  new InputError(`line ${line} column ${column}${cell === undefined ? '' : ` (${cell})`}: ${problem}`, {
    details: { field: 'csv', fix: 'correct the line; nothing was saved' },
  });

/**
 * Every row of a series checked by the rules of one manual price (`checkBookPrice`) before any is saved: the
 * first refusal names its line and column, so an upload is saved whole or not at all. The header is the price
 * file's; an empty currency cell means the book's; blank lines are skipped.
 */
export function checkPriceSeries(given: GivenSeries, book: BookData, now: Date): Omit<BookPrice, 'id' | 'author' | 'created'>[] {
  const [header, ...lines] = csvLines(given.csv, (line, problem) => refuseAt(line, 1, problem));
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  if (names.join(',') !== PRICE_COLUMNS.join(',')) throw refuseAt(header?.lineNo ?? 1, 1, `the header must be ${PRICE_COLUMNS.join(',')}`);
  const rows = lines.filter((line) => line.cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw refuseAt(1, 1, 'no prices under the header');
  if (rows.length > MAX_ROWS) throw refuseAt(rows[MAX_ROWS]?.lineNo ?? 1, 1, `more than ${MAX_ROWS} prices in one upload (split it)`);
  return rows.map(({ cells, lineNo, columns }) => {
    if (cells.length !== PRICE_COLUMNS.length)
      throw refuseAt(lineNo, 1, `${cells.length} cells where ${PRICE_COLUMNS.length} are needed (${PRICE_COLUMNS.join(',')})`);
    const [time = '', chain = '', asset = '', currency = '', price = ''] = cells;
    try {
      const one = {
        time,
        chain: priceChain(chain),
        asset,
        price,
        ...(given.warnFactor === undefined ? {} : { warnFactor: given.warnFactor }),
      };
      return checkBookPrice(currency.trim() === '' ? one : { ...one, currency }, book, now);
    } catch (cause) {
      if (!(cause instanceof InputError)) throw cause;
      const field = String(cause.details.field ?? '');
      const at = PRICE_COLUMNS.indexOf(field as (typeof PRICE_COLUMNS)[number]);
      // The request's own field (`warnFactor`) is no cell's.
      if (at < 0) throw cause;
      throw refuseAt(lineNo, columns[at] ?? 1, cause.shortMessage, field);
    }
  });
}
