import { type Static, Type } from 'typebox';
import { InputError } from '../errors/LedgerscanError.js';
import { priceAmount, priceAsset, priceChain, priceCurrency, priceTime } from '../prices/priceCells.js';
import type { BookData } from './BookData.js';
import type { BookPrice } from './WorkspaceData.js';

/**
 * A manual price as `POST /api/books/:id/prices` takes it, declared once: the route validates its body with this
 * schema and `checkBookPrice` takes the typed value. Its instant, chain, asset and price (a plain decimal as text,
 * so no digit is lost); the currency, when given, must be the book's.
 */
export const givenPrice = Type.Object(
  {
    time: Type.String(),
    chain: Type.Integer(),
    asset: Type.String(),
    price: Type.String(),
    currency: Type.Optional(Type.String()),
    /** Warn when the price is more than this many times, or less than this fraction of, the sources' price (`sourcePriceWarnings`). */
    warnFactor: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

export type GivenPrice = Static<typeof givenPrice>;

const refuse = (field: string, message: string): never => {
  throw new InputError(message, { details: { field } });
};

/**
 * Checks a manual price against its book, each problem naming its field in the page's words: the cells by the
 * rules of a price file's line (`priceCells`), then the book's own: one of its chains, and its currency, which
 * the price is kept in; a time after `now` refused. The time is stored as an ISO instant with seconds.
 */
export function checkBookPrice(given: GivenPrice, book: BookData, now: Date): Omit<BookPrice, 'id' | 'author' | 'created'> {
  const seconds = priceTime(given.time);
  const time = new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  // A price of the future values no row yet, and outranks the sources for every row after it once that day comes.
  if (seconds * 1000 > now.getTime())
    refuse(
      'time',
      `time ${JSON.stringify(given.time)} is after now (${now.toISOString()}): a manual price is for an instant that has passed`,
    );
  if (given.warnFactor !== undefined && !(given.warnFactor > 1 && given.warnFactor <= 1_000_000))
    refuse(
      'warnFactor',
      `warnFactor ${given.warnFactor} is not a factor above 1 such as 3 (the answer warns when the price is more than that many times, or less than that fraction of, the sources' price)`,
    );
  const chainId = priceChain(String(given.chain));
  if (!book.chains.includes(chainId)) refuse('chain', `chain ${given.chain} is not one of the book's chains (${book.chains.join(', ')})`);
  const asset = priceAsset(given.asset);
  const price = priceAmount(given.price);
  const currency = (book.valuation?.currency ?? 'USD').toUpperCase();
  if (given.currency !== undefined && priceCurrency(given.currency) !== currency)
    refuse(
      'currency',
      `currency ${JSON.stringify(given.currency)} is not the book's currency ${currency} (a manual price is in the book's currency)`,
    );
  return { time, chainId, asset, currency, price };
}
