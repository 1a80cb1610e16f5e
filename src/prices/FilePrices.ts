import { CsvError, parse } from 'csv-parse/sync';
import { InputError } from '../errors/LedgerscanError.js';
import { Decimal } from '../ledger/money.js';
import { lastAtOrBefore } from './lastAtOrBefore.js';
import { priceFits } from './priceFits.js';
import { PRICE_COLUMNS, priceAmount, priceAsset, priceChain, priceCurrency, priceTime } from './priceCells.js';

/** One line of the user's price file. */
export interface FilePrice {
  time: number;
  chainId: number;
  /** 'native' or a lowercase contract. */
  asset: string;
  currency: string;
  price: Decimal;
}

const HEADER: readonly string[] = PRICE_COLUMNS;

/**
 * The user's prices (`time,chain,asset,currency,price`), trusted over every API. A row's price is the latest of
 * its chain, asset and currency at or before the row's time, at most `maxAge` seconds old.
 */
export class FilePrices {
  private readonly series = new Map<string, FilePrice[]>();

  /** Parses the whole file first (RFC 4180: cells quoted or not): a malformed line is an `InputError` naming file, line and column. */
  constructor(text: string, name: string) {
    const [header, ...lines] = csvLines(text, name);
    const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
    if (names.join(',') !== HEADER.join(',')) throw fileError(name, 1, 1, `the header must be ${HEADER.join(',')}`);
    for (const line of lines) {
      if (line.cells.every((cell) => cell.trim() === '')) continue;
      const price = parseLine(line, name);
      const key = seriesKey(price.chainId, price.asset, price.currency);
      const list = this.series.get(key) ?? [];
      list.push(price);
      this.series.set(key, list);
    }
    for (const list of this.series.values()) list.sort((a, b) => a.time - b.time);
  }

  /** The latest price at or before `time`, no older than `maxAge` seconds, in `currency`. */
  at(chainId: number, asset: string, currency: string, time: number, maxAge: number): FilePrice | undefined {
    const list = this.series.get(seriesKey(chainId, asset, currency));
    const found = lastAtOrBefore(list ?? [], time, (price) => price.time);
    return found !== undefined && priceFits(found.time, time, maxAge) ? found : undefined;
  }
}

function seriesKey(chainId: number, asset: string, currency: string): string {
  return `${chainId}|${asset}|${currency}`;
}

/** One record of the file: its cells, the line it starts on and the column each cell starts at. */
interface CsvLine {
  cells: string[];
  lineNo: number;
  columns: number[];
}

/** Spreadsheets quote every cell, and quote a cell holding a comma: the file is read as RFC 4180 says. */
function csvLines(text: string, name: string): CsvLine[] {
  try {
    // csv-parse's types do not follow its `raw` and `info` options, which wrap each record.
    const options = { relax_column_count: true, raw: true, info: true };
    const records = parse(text.replace(/^\uFEFF/, ''), options) as unknown as CsvRecord[];
    return records.map(({ record, raw, info }) => ({
      cells: record,
      lineNo: info.lines - (raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0),
      columns: cellColumns(raw),
    }));
  } catch (cause) {
    if (!(cause instanceof CsvError)) throw cause;
    throw fileError(name, Number(cause.lines ?? 1), 1, `not a CSV line: ${CSV_PROBLEMS[cause.code] ?? cause.message}`, cause);
  }
}

interface CsvRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

const CSV_PROBLEMS: Readonly<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote is not closed (a cell that starts with " ends with ")',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted cell (quote the whole cell and double the quote: "a""b")',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote (a quote inside a quoted cell is doubled: "a""b")',
};

/** The 1-based column each cell of a record's raw text starts at (a quoted cell runs to its closing quote). */
function cellColumns(raw: string): number[] {
  const columns: number[] = [];
  let at = 0;
  for (;;) {
    columns.push(at + 1);
    if (raw[at] === '"') at = closingQuote(raw, at + 1) + 1;
    const comma = raw.indexOf(',', at);
    if (comma < 0) return columns;
    at = comma + 1;
  }
}

/** Where the quoted cell whose text starts at `from` ends: the first quote not doubled. */
function closingQuote(raw: string, from: number): number {
  let at = from;
  while (at < raw.length && !(raw[at] === '"' && raw[at + 1] !== '"')) at += raw[at] === '"' ? 2 : 1;
  return at;
}

/** A line's cells by the rules every manual price follows (`priceCells`), a refusal placed at its line and column. */
function parseLine({ cells, lineNo, columns }: CsvLine, name: string): FilePrice {
  if (cells.length !== HEADER.length)
    throw fileError(name, lineNo, 1, `${cells.length} cells where ${HEADER.length} are needed (${HEADER.join(',')})`);
  const cell = <T>(n: number, rule: (text: string) => T): T => {
    try {
      return rule((cells[n] ?? '').trim());
    } catch (cause) {
      if (!(cause instanceof InputError)) throw cause;
      throw fileError(name, lineNo, columns[n] ?? 1, cause.shortMessage, cause);
    }
  };
  return {
    time: cell(0, priceTime),
    chainId: cell(1, priceChain),
    asset: cell(2, priceAsset),
    currency: cell(3, priceCurrency),
    price: new Decimal(cell(4, priceAmount)),
  };
}

function fileError(name: string, line: number, column: number, problem: string, cause?: unknown): InputError {
  return new InputError(`price file ${name} line ${line} column ${column}: ${problem}`, {
    details: { fix: 'correct the line and run again' },
    cause,
  });
}
