import { InputError } from '../errors/LedgerscanError.js';
import { Decimal } from '../ledger/money.js';
import { type CsvLine, csvLines } from './csvLines.js';
import { lastAtOrBefore } from './lastAtOrBefore.js';
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
    const [header, ...lines] = csvLines(text, (line, problem, cause) => fileError(name, line, 1, problem, cause));
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
    return found !== undefined && time - found.time <= maxAge ? found : undefined;
  }
}

function seriesKey(chainId: number, asset: string, currency: string): string {
  return `${chainId}|${asset}|${currency}`;
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
