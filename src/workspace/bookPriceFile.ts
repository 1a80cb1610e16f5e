import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors/LedgerscanError.js';
import type { BookData } from './BookData.js';
import type { BookPrice } from './WorkspaceData.js';

/** The run's price file when its book has manual prices: beside the run's job file, which names it. */
export const BOOK_PRICE_FILE = 'book-prices.csv';

const HEADER = 'time,chain,asset,currency,price';

/**
 * The valuation a run of a book with manual prices gets: the `file` source first (a price entered by hand is
 * trusted over every API) reading `BOOK_PRICE_FILE`; unchanged without manual prices, so such a run's job
 * file stays as it was.
 */
export function withBookPrices(valuation: BookData['valuation'], prices: readonly BookPrice[]): BookData['valuation'] {
  if (prices.length === 0) return valuation;
  const others = (valuation?.sources ?? ['defillama']).filter((source) => source !== 'file');
  return { ...valuation, sources: ['file', ...others], priceFile: BOOK_PRICE_FILE };
}

/**
 * The run's price file: the lines of the book's own price file (when it names one) and then the manual prices,
 * oldest first. The file source keeps equal times in file order and takes the last, so at one instant the
 * newest manual price wins.
 */
export function bookPriceFileText(prices: readonly BookPrice[], ownFile: string | undefined): string {
  const own = ownFile === undefined ? [] : readOwnFile(ownFile);
  const manual = prices.map((price) => `${price.time},${price.chainId},${price.asset},${price.currency},${price.price}`);
  return `${[HEADER, ...own, ...manual].join('\n')}\n`;
}

/** The data lines of the book's own file, header checked by the file source when the run reads the whole. */
function readOwnFile(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (cause) {
    throw new InputError(`the book's price file ${path.basename(file)} cannot be read`, {
      cause,
      details: { field: 'valuation', fix: 'check the book’s price file' },
    });
  }
  const [header = '', ...lines] = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (
    header
      .split(',')
      .map((cell) => cell.trim().toLowerCase())
      .join(',') !== HEADER
  )
    throw new InputError(`the book's price file ${path.basename(file)} does not start with the header ${HEADER}`, {
      details: { field: 'valuation' },
    });
  return lines.filter((line) => line.trim() !== '');
}
