import type { Decimal } from '../ledger/money.js';
import { DAY } from './buckets.js';
import { TWO_DIGITS } from './twoDigits.js';

/** A price as files write it (a plain exact decimal) and as an integer over a power of ten (`1234.5678` → 12345678 / 10^4). */
export interface WrittenPrice {
  text: string;
  /** The integer's digits: parsed only by a row whose value a double cannot decide (parsing one for each of a 1M export's 174,000 answers: 37 M instructions in V8's BigInt parser alone). */
  digitText: string;
  scale: number;
  /** `digitText` as a double when it is one exactly (up to 2^53), else NaN: what a row's value is worked out from first. */
  whole: number;
}

/** A found answer as files write it: its price, its record's time (ISO UTC to the second) and its source (with the ECB rate when converted). */
export interface WrittenAnswer extends WrittenPrice {
  time: string;
  source: string;
  /** Price, currency, time and source as the value record's first four cells, each with the comma after it (`valueRecordText`'s): one text per answer. */
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

/** A price already written as `writtenPrice` would write it. */
function writtenText(text: string): WrittenPrice {
  const point = text.indexOf('.');
  const digitText = point < 0 ? text : text.slice(0, point) + text.slice(point + 1);
  const whole = Number(digitText);
  return { text, digitText, scale: point < 0 ? 0 : text.length - point - 1, whole: Number.isSafeInteger(whole) ? whole : Number.NaN };
}

/** What writing reads of a found answer (`PriceAnswer`'s, which keeps what is written). */
interface Writable {
  price: Decimal;
  currency: string;
  /** The price's text when the answer holds one (`RecordAnswer`): written as it is when canonical, never parsed. */
  priceText?: string;
  time: number;
  source: string;
  fx?: { rate: Decimal; date: string; source: string };
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
  const { priceText } = answer;
  const price = priceText !== undefined && isCanonical(priceText) ? writtenText(priceText) : writtenPrice(answer.price);
  const time = timeText(answer.time);
  const source = sourceText(answer);
  const lead = flat(`${price.text},${answer.currency},${time},${source},`);
  answer.written = { text: price.text, digitText: price.digitText, scale: price.scale, whole: price.whole, time, source, lead };
  return answer.written;
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

/** The source, and the ECB rate with its date when the price was converted (never a USD price under another label). */
function sourceText(answer: Writable): string {
  return answer.fx === undefined
    ? answer.source
    : flat(`${answer.source}; ${answer.fx.source} ${answer.fx.date} ${answer.fx.rate.toFixed()}`);
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
