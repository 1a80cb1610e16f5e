import { InputError } from '../errors/LedgerscanError.js';
import { Decimal } from '../ledger/money.js';
import { lastAtOrBefore } from './lastAtOrBefore.js';

/** One line of the user's price file. */
export interface FilePrice {
  time: number;
  chainId: number;
  /** 'native' or a lowercase contract. */
  asset: string;
  currency: string;
  price: Decimal;
}

const HEADER = ['time', 'chain', 'asset', 'currency', 'price'];

/**
 * The user's prices (`time,chain,asset,currency,price`), trusted over every API. A row's price is the latest of
 * its chain, asset and currency at or before the row's time, at most `maxAge` seconds old.
 */
export class FilePrices {
  private readonly series = new Map<string, FilePrice[]>();

  /** Parses the whole file first: a malformed line is an `InputError` naming file, line and column. */
  constructor(text: string, name: string) {
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase());
    if (header.join(',') !== HEADER.join(',')) throw fileError(name, 1, 1, `the header must be ${HEADER.join(',')}`);
    lines.slice(1).forEach((line, index) => {
      if (line.trim() === '') return;
      const price = parseLine(line, name, index + 2);
      const key = seriesKey(price.chainId, price.asset, price.currency);
      const list = this.series.get(key) ?? [];
      list.push(price);
      this.series.set(key, list);
    });
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

function parseLine(line: string, name: string, lineNo: number): FilePrice {
  const cells = line.split(',');
  if (cells.length !== HEADER.length) throw fileError(name, lineNo, 1, `${cells.length} cells where ${HEADER.length} are needed (${HEADER.join(',')})`);
  const column = (n: number) => cells.slice(0, n).reduce((sum, cell) => sum + cell.length + 1, 1);
  const [timeText, chainText, assetText, currencyText, priceText] = cells.map((cell) => cell.trim()) as [string, string, string, string, string];
  const time = /^\d+$/.test(timeText) ? Number(timeText) : /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?Z$/.test(timeText) ? Date.parse(timeText) / 1000 : NaN;
  if (!Number.isSafeInteger(Math.floor(time))) throw fileError(name, lineNo, column(0), `time ${JSON.stringify(timeText)} is not ISO 8601 UTC (2025-03-01T12:00:00Z) or unix seconds`);
  if (!/^[1-9]\d{0,9}$/.test(chainText)) throw fileError(name, lineNo, column(1), `chain ${JSON.stringify(chainText)} is not a chain id (e.g. 1)`);
  const asset = assetText.toLowerCase();
  if (asset !== 'native' && !/^0x[0-9a-f]{40}$/.test(asset)) throw fileError(name, lineNo, column(2), `asset ${JSON.stringify(assetText)} is not native or a 0x token contract`);
  if (!/^[A-Z]{3}$/.test(currencyText)) throw fileError(name, lineNo, column(3), `currency ${JSON.stringify(currencyText)} is not an ISO 4217 code such as USD`);
  if (!/^\d+(\.\d+)?$/.test(priceText)) throw fileError(name, lineNo, column(4), `price ${JSON.stringify(priceText)} is not a plain decimal such as 2512.25`);
  return { time: Math.floor(time), chainId: Number(chainText), asset, currency: currencyText, price: new Decimal(priceText) };
}

function fileError(name: string, line: number, column: number, problem: string): InputError {
  return new InputError(`price file ${name} line ${line} column ${column}: ${problem}`, { details: { fix: 'correct the line and run again' } });
}
