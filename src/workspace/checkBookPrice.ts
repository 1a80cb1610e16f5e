import { InputError } from '../errors/LedgerscanError.js';
import type { BookData } from './BookData.js';
import type { BookPrice } from './WorkspaceData.js';

/** A manual price as `POST /api/books/:id/prices` takes it; the currency, when given, must be the book's. */
export interface GivenPrice {
  time: string;
  chain: number;
  asset: string;
  price: string;
  currency?: string | undefined;
}

const refuse = (field: string, message: string): never => {
  throw new InputError(message, { details: { field } });
};

/** `2025-03-01T12:00:00Z` (seconds and fraction optional) or unix seconds, as the price file reads a time; stored with seconds. */
function instantOf(text: string): string {
  const trimmed = text.trim();
  const seconds = /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/.test(trimmed) ? Math.floor(Date.parse(trimmed) / 1000) : NaN;
  if (!Number.isSafeInteger(seconds)) return refuse('time', `time ${JSON.stringify(text)} is not an instant in UTC such as 2025-03-01T12:00:00Z`);
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * Checks a manual price against its book, each problem naming its field in the page's words: a time, one of the
 * book's chains, `native` or a token contract, a plain positive decimal (never 0: a price of 0 is an error, not a
 * value), and the book's currency, which the price is kept in.
 */
export function checkBookPrice(given: GivenPrice, book: BookData): Omit<BookPrice, 'id' | 'author' | 'created'> {
  const time = instantOf(given.time);
  if (!book.chains.includes(given.chain)) refuse('chain', `chain ${given.chain} is not one of the book's chains (${book.chains.join(', ')})`);
  const asset = given.asset.trim().toLowerCase();
  if (asset !== 'native' && !/^0x[0-9a-f]{40}$/.test(asset)) refuse('asset', `asset ${JSON.stringify(given.asset)} is not native or a 0x token contract`);
  const price = given.price.trim();
  if (!/^\d+(\.\d+)?$/.test(price) || !/[1-9]/.test(price)) refuse('price', `price ${JSON.stringify(given.price)} is not a plain positive decimal such as 2512.25 (digits and one point, no sign, separator or exponent)`);
  const currency = (book.valuation?.currency ?? 'USD').toUpperCase();
  if (given.currency !== undefined && given.currency.trim().toUpperCase() !== currency) refuse('currency', `currency ${JSON.stringify(given.currency)} is not the book's currency ${currency} (a manual price is in the book's currency)`);
  return { time, chainId: given.chain, asset, currency, price };
}
