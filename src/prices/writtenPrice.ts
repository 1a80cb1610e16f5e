import { Decimal } from '../ledger/money.js';
import { DAY } from './buckets.js';
import { TWO_DIGITS } from './twoDigits.js';

/**
 * Significant digits a price is written with: what a spreadsheet's number keeps (a double's 15 decimal digits), so
 * the `.xlsx` price cell is the CSV's text as a number, and more than any source's price carries (JSON doubles).
 * A converted price (USD ÷ the ECB rate) has no end; values are worked out from the exact price, not this text.
 */
export const PRICE_DIGITS = 15;

/**
 * A price as files write it (`text`: a plain decimal of at most `PRICE_DIGITS` significant digits) and the exact
 * price values are worked out from: an integer over a power of ten and a divisor (`1234.5678` → 12345678 / 10^4 / 1;
 * a USD price ÷ the ECB's USD per EUR → the USD digits × 10^(rate's scale − price's scale) / the rate's digits).
 */
export interface WrittenPrice {
  text: string;
  /** The integer's digits: parsed only by a row whose value a double cannot decide (parsing one for each of a 1M export's 174,000 answers: 37 M instructions in V8's BigInt parser alone). */
  digitText: string;
  /** May be negative: a divisor's decimals move the point right. */
  scale: number;
  /** `digitText` as a double when it is one exactly (up to 2^53), else NaN: what a row's value is worked out from first. */
  whole: number;
  /** The divisor's digits (`1` unless converted). */
  divisorText: string;
  /** `divisorText` as a double when exact, else NaN. */
  divisor: number;
}

/** A found answer as files write it: its price, its record's time (ISO UTC to the second), its source and the ECB rate and date when converted. */
export interface WrittenAnswer extends WrittenPrice {
  time: string;
  source: string;
  /** USD per one unit of the book's currency (for EUR the ECB's published USD rate as is); empty unless converted. */
  fxRate: string;
  /** The ECB rate's own date; empty unless converted. */
  fxDate: string;
  /** Price, currency, time, source, FX rate and date as the value record's first six cells, each with the comma after it (`valueRecordText`'s): one text per answer. */
  lead: string;
}

export function writtenPrice(price: Decimal): WrittenPrice {
  return writtenText(price.toFixed());
}

/**
 * A plain decimal as `toFixed` writes it: no sign, exponent, leading zero or trailing fractional zero (what
 * `/^(0|[1-9]\d*)(\.\d*[1-9])?$/` accepts). A scan, not that expression: it runs for each of a million-row export's
 * 174,000 answers, where the expression counted 71 M instructions.
 */
function isCanonical(text: string): boolean {
  const length = text.length;
  let point = -1;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 46 && point < 0 && i > 0) point = i;
    else if (code < 48 || code > 57) return false;
  }
  const whole = point < 0 ? length : point;
  if (whole === 0 || (whole > 1 && text.charCodeAt(0) === 48)) return false;
  return point < 0 || (point < length - 1 && text.charCodeAt(length - 1) !== 48);
}

/** A plain exact decimal (`writtenPrice`'s form) as the exact price and its text of at most `PRICE_DIGITS` digits. */
function writtenText(text: string): WrittenPrice {
  const point = text.indexOf('.');
  const digitText = point < 0 ? text : text.slice(0, point) + text.slice(point + 1);
  const whole = Number(digitText);
  return {
    text: significantDigits(digitText) <= PRICE_DIGITS ? text : new Decimal(text).toSignificantDigits(PRICE_DIGITS).toFixed(),
    digitText,
    scale: point < 0 ? 0 : text.length - point - 1,
    whole: Number.isSafeInteger(whole) ? whole : Number.NaN,
    divisorText: '1',
    divisor: 1,
  };
}

/** Digits from the first non-zero one to the last (`0.00120` → 3; `3000` → 4, its zeros written). */
function significantDigits(digits: string): number {
  let first = 0;
  while (first < digits.length - 1 && digits.charCodeAt(first) === 48) first += 1;
  return digits.length - first;
}

/**
 * A USD price converted by the ECB's published rates: `usd × bookPerEur ÷ usdPerEur` kept exact as digits over a
 * divisor, and written to `PRICE_DIGITS` significant digits.
 */
function convertedPrice(usd: WrittenPrice, fx: FxRates): WrittenPrice {
  const rate = writtenText(fx.usdPerEur);
  const book = writtenText(fx.bookPerEur ?? '1');
  const digitText = book.digitText === '1' ? usd.digitText : (BigInt(usd.digitText) * BigInt(book.digitText)).toString();
  const whole = Number(digitText);
  const exact = new Decimal(digitText).div(rate.digitText).times(new Decimal(10).pow(rate.scale - usd.scale - book.scale));
  return {
    text: exact.toSignificantDigits(PRICE_DIGITS).toFixed(),
    digitText,
    scale: usd.scale + book.scale - rate.scale,
    whole: Number.isSafeInteger(whole) ? whole : Number.NaN,
    divisorText: rate.digitText,
    divisor: Number.isSafeInteger(rate.whole) ? rate.whole : Number.NaN,
  };
}

/** What writing reads of an answer's ECB rates (`FxUsed`'s). */
interface FxRates {
  usdPerEur: string;
  bookPerEur?: string;
  date: string;
}

/** What writing reads of a found answer (`PriceAnswer`'s, which keeps what is written). */
interface Writable {
  price: Decimal;
  currency: string;
  /** The price's text when the answer holds one (`RecordAnswer`): written as it is when canonical, never parsed. */
  priceText?: string;
  time: number;
  source: string;
  /** With the USD price converted (`FxUsed`). */
  fx?: FxRates & { usd: Decimal };
  written?: WrittenAnswer;
}

/**
 * The answer as written, worked out once per answer and kept on it: every row at one price record shares its
 * answer object, so a million rows' cells are read, not formatted (four reads a row: kept small to be inlined).
 * A `WeakMap` by price cost a lookup per row, and its entries (ephemerons) slowed every collection.
 */
export function writtenOf(answer: Writable): WrittenAnswer {
  return answer.written ?? write(answer);
}

function write(answer: Writable): WrittenAnswer {
  const { priceText, fx } = answer;
  const price =
    fx !== undefined
      ? convertedPrice(writtenPrice(fx.usd), fx)
      : priceText !== undefined && isCanonical(priceText)
        ? writtenText(priceText)
        : writtenPrice(answer.price);
  const time = timeText(answer.time);
  const fxRate = fx === undefined ? '' : fxRateText(fx);
  const fxDate = fx === undefined ? '' : fx.date;
  const lead = flat(`${price.text},${answer.currency},${time},${answer.source},${fxRate},${fxDate},`);
  // A literal, not `{ ...price, time, … }`: V8 (Node 20) took ≈ 5 µs to spread an object and add properties to the copy,
  // against 0.1–0.2 µs for this literal; at 1M valued entries the spread was ≈ 0.9 s of each render's 174,000 answers.
  answer.written = {
    text: price.text,
    digitText: price.digitText,
    scale: price.scale,
    whole: price.whole,
    divisorText: price.divisorText,
    divisor: price.divisor,
    time,
    source: answer.source,
    fxRate,
    fxDate,
    lead,
  };
  return answer.written;
}

/** USD per one unit of the book's currency: the ECB's USD rate as published for EUR, else the two published rates' quotient. */
function fxRateText(fx: FxRates): string {
  return fx.bookPerEur === undefined
    ? fx.usdPerEur
    : new Decimal(fx.usdPerEur).div(fx.bookPerEur).toSignificantDigits(PRICE_DIGITS).toFixed();
}

/** The `YYYY-MM-DDT` of the days record times fall on: a few hundred days serve a million rows' answers. */
const dayTexts = new Map<number, string>();

/**
 * A record's time as written, ISO UTC to the second: its day's text and the time of day from arithmetic. Records
 * are hourly per asset but their times are the sources' own seconds, so a cache by time seldom hit and each answer
 * paid for a `Date`, `toISOString` and a `replace`.
 */
function timeText(time: number): string {
  if (!Number.isInteger(time)) return new Date(time * 1000).toISOString();
  const day = Math.floor(time / DAY);
  let head = dayTexts.get(day);
  if (head === undefined) {
    if (dayTexts.size >= 4096) dayTexts.clear();
    head = new Date(day * DAY * 1000).toISOString().slice(0, 11);
    dayTexts.set(day, head);
  }
  const seconds = time - day * DAY;
  return flat(
    `${head}${TWO_DIGITS[Math.floor(seconds / 3600)] as string}:${TWO_DIGITS[Math.floor(seconds / 60) % 60] as string}:${TWO_DIGITS[seconds % 60] as string}Z`,
  );
}

/**
 * The text as one flat string. `+` builds a long string as a tree of cons strings: every row writing an answer's
 * text walked the tree again, and each scavenge copied it node by node while it was young (counting a million
 * valued rows, +0.9 G). `trim` flattens its receiver and, with nothing to trim (our texts start with a digit and end
 * with a letter or digit), returns the flat string: at 1M, trim and the flattening counted 67 M instructions where
 * a join for each of the 174,000 answers counted 381 M.
 */
function flat(text: string): string {
  return text.trim();
}
