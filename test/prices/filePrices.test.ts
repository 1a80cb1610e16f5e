import { describe, expect, it } from '@jest/globals';
import { FilePrices } from '../../src/prices/FilePrices.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const HEADER = 'time,chain,asset,currency,price';
const MARCH = Date.UTC(2025, 2, 1, 12) / 1000;

/** Every cell quoted, CRLF line ends and a byte-order mark: how spreadsheets save a CSV. */
const spreadsheet = (...lines: string[]): string =>
  `\uFEFF${[HEADER, ...lines]
    .map((line) =>
      line
        .split('|')
        .map((cell) => `"${cell}"`)
        .join(','),
    )
    .join('\r\n')}\r\n`;

describe('FilePrices', () => {
  it('reads a price file a spreadsheet saved, every cell quoted', () => {
    const file = new FilePrices(
      spreadsheet('2025-03-01T12:00:00Z|1|native|EUR|2512.25', '2025-03-01T13:00:00Z|1|native|EUR|2520'),
      'p.csv',
    );
    expect(file.at(1, 'native', 'EUR', MARCH + 1800, 3600)?.price.toString()).toBe('2512.25');
    expect(file.at(1, 'native', 'EUR', MARCH + 3600, 3600)?.price.toString()).toBe('2520');
  });

  it('reads quoted and bare cells side by side and skips blank lines', () => {
    const file = new FilePrices(`${HEADER}\n\n"2025-03-01T12:00:00Z",1,"native",EUR,"7.5"\n   \n`, 'p.csv');
    expect(file.at(1, 'native', 'EUR', MARCH, 0)?.price.toString()).toBe('7.5');
  });

  it('refuses a decimal comma in a quoted cell as a price, naming the line and the column of its cell', () => {
    const error = inputErrorOf(() => new FilePrices(spreadsheet('2025-03-01T12:00:00Z|1|native|EUR|3000,5'), 'p.csv'));
    expect(error.message).toContain(
      'price file p.csv line 2 column 43: price "3000,5" is not a plain positive decimal such as 2512.25 (digits and one point, no sign, separator or exponent)',
    );
  });

  it('refuses a line whose quotes do not close, naming its line', () => {
    const error = inputErrorOf(
      () => new FilePrices(`${HEADER}\n2025-03-01T12:00:00Z,1,native,EUR,1\n"2025-03-01T13:00:00Z,1,native,EUR,1\n`, 'p.csv'),
    );
    expect(error.message).toMatch(/^price file p\.csv line 3 column 1: not a CSV line: a quote is not closed/);
  });

  it('still counts the cells of a line, and checks the header cell by cell', () => {
    expect(inputErrorOf(() => new FilePrices(`${HEADER}\n1740830400,1,native,USD,1.234,5\n`, 'p.csv')).message).toContain(
      'line 2 column 1: 6 cells where 5 are needed',
    );
    expect(inputErrorOf(() => new FilePrices('"time","chain","asset","price"\n', 'p.csv')).message).toContain(
      'line 1 column 1: the header must be time,chain,asset,currency,price',
    );
  });
});
