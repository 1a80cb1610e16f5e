import { InputError } from '../errors/LedgerscanError.js';

/**
 * The cells of a manual price, one rule each, whether the price comes as a line of the user's price file
 * (`FilePrices`) or through the workspace (`checkBookPrice`): a refusal is an `InputError` whose `field` is the
 * cell's column, which the file turns into its line and column and the API into its field.
 */
export const PRICE_COLUMNS = ['time', 'chain', 'asset', 'currency', 'price'] as const;

export type PriceColumn = (typeof PRICE_COLUMNS)[number];

const refuse = (field: PriceColumn, message: string): never => {
  throw new InputError(message, { details: { field } });
};

const ISO_INSTANT = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?Z$/;

/**
 * Unix seconds of `2025-03-01T12:00:00Z` (seconds and their fraction optional, the fraction dropped) or of unix
 * seconds themselves. At most 12 digits: every such number is an instant the stored ISO form can write, and a
 * millisecond timestamp (13 digits today) is refused instead of read as a date thousands of years ahead. A
 * date the calendar does not have (February 30th, 24:00) is refused, not rolled over into the next day.
 */
export function priceTime(text: string): number {
  const trimmed = text.trim();
  if (/^\d{1,12}$/.test(trimmed)) return Number(trimmed);
  const parts = ISO_INSTANT.exec(trimmed);
  const ms = parts === null ? NaN : Date.parse(trimmed);
  if (parts !== null && Number.isFinite(ms)) {
    const [, year, month, day, hour, minute, second = '00'] = parts;
    const back = new Date(ms).toISOString();
    if (back.slice(0, 19) === `${year}-${month}-${day}T${hour}:${minute}:${second}`) return Math.floor(ms / 1000);
  }
  return refuse(
    'time',
    `time ${JSON.stringify(text)} is not an instant in UTC such as 2025-03-01T12:00:00Z or unix seconds (at most 12 digits)`,
  );
}

/** A chain id as the chains list has them: a positive whole number of at most 10 digits. */
export function priceChain(text: string): number {
  const trimmed = text.trim();
  return /^[1-9]\d{0,9}$/.test(trimmed) ? Number(trimmed) : refuse('chain', `chain ${JSON.stringify(text)} is not a chain id (e.g. 1)`);
}

/** `native` or a token contract, lowercase. */
export function priceAsset(text: string): string {
  const asset = text.trim().toLowerCase();
  return asset === 'native' || /^0x[0-9a-f]{40}$/.test(asset)
    ? asset
    : refuse('asset', `asset ${JSON.stringify(text)} is not native or a 0x token contract`);
}

/** An ISO 4217 code, three letters in either case (`usd` cannot mean anything else), kept upper-case. */
export function priceCurrency(text: string): string {
  const currency = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(currency)
    ? currency
    : refuse('currency', `currency ${JSON.stringify(text)} is not an ISO 4217 code such as USD`);
}

/**
 * A plain positive decimal, as text so that no digit is lost; never 0: a price of 0 is an error, not a value. At
 * most 12 digits before the point and 18 after: a trillion of the book's currency per whole unit is above any
 * asset in any currency (bitcoin is about 10^10 in the currency with the most units to the dollar), and 10^-18 is
 * a token's smallest unit, below which a price values nothing. More is a paste gone wrong (a 60-digit price once
 * valued a day's rows absurdly, since a manual price outranks every source).
 */
export function priceAmount(text: string): string {
  const price = text.trim();
  if (!/^\d+(\.\d+)?$/.test(price))
    refuse(
      'price',
      `price ${JSON.stringify(text)} is not a plain positive decimal such as 2512.25 (digits and one point, no sign, separator or exponent)`,
    );
  const [whole = '', fraction = ''] = price.split('.');
  if (whole.replace(/^0+(?=\d)/, '').length > 12 || fraction.length > 18)
    refuse('price', `price ${JSON.stringify(text)} has more digits than a price has (at most 12 before the point and 18 after)`);
  if (!/[1-9]/.test(price))
    refuse('price', `price ${JSON.stringify(text)} is 0: a price of 0 is an error, not a value (leave the price out instead)`);
  return price;
}
