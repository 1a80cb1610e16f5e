import fs from 'node:fs';
import path from 'node:path';
import { OPENING_LOT_COLUMNS } from '../costbasis/parseOpeningLots.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { BookData } from './BookData.js';
import type { BookOpeningLot } from './WorkspaceData.js';

/** The run's opening lots file when its book has opening lots: beside the run's job file, which names it. */
export const BOOK_LOTS_FILE = 'book-opening-lots.csv';

/** One RFC 4180 cell: quoted, its quotes doubled, so a symbol with a comma stays one cell. */
const cell = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** A lot as a line of an opening lots file (`OPENING_LOT_COLUMNS`). */
export function openingLotLine(lot: Omit<BookOpeningLot, 'id' | 'author' | 'created'>): string {
  const { wallet, chainId, asset, assetContract, lotId, acquiredAt, quantity, cost, decimals } = lot;
  return [wallet, String(chainId), asset, assetContract, lotId, acquiredAt, quantity, cost, String(decimals)].map(cell).join(',');
}

/**
 * The cost basis a run of a book with opening lots gets: its lots file is the run's (which also holds the lines of a
 * file the book names itself); unchanged without opening lots or without cost basis, so such a run's job file stays
 * as it was.
 */
export function withBookLots(costBasis: BookData['costBasis'], lots: readonly BookOpeningLot[]): BookData['costBasis'] {
  if (costBasis === undefined || lots.length === 0) return costBasis;
  return { ...costBasis, openingLots: BOOK_LOTS_FILE };
}

/** The run's opening lots file: the header, the lines of the book's own file (when it names one), then the book's lots, oldest first. */
export function bookLotsFileText(lots: readonly BookOpeningLot[], ownFile: string | undefined): string {
  const own = ownFile === undefined ? [] : ownLines(ownFile);
  return `${[OPENING_LOT_COLUMNS.join(','), ...own, ...lots.map(openingLotLine)].join('\n')}\n`;
}

/** The data lines of the book's own file; its header is checked when the run parses the whole. */
function ownLines(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (cause) {
    throw new InputError(`the book's opening lots file ${path.basename(file)} cannot be read`, {
      cause,
      details: { field: 'costBasis', fix: 'check costBasis.openingLots of the book' },
    });
  }
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '');
}
