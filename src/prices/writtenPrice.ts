import type { Decimal } from '../ledger/money.js';

/** A price as files write it (a plain exact decimal) and as an integer over a power of ten (`1234.5678` → 12345678 / 10^4). */
export interface WrittenPrice {
  text: string;
  digits: bigint;
  scale: number;
}

/** A found answer as files write it: its price, its record's time (ISO UTC to the second) and its source (with the ECB rate when converted). */
export interface WrittenAnswer extends WrittenPrice {
  time: string;
  source: string;
}

export function writtenPrice(price: Decimal): WrittenPrice {
  return writtenText(price.toFixed());
}

/** A plain decimal as `toFixed` writes it: no sign, exponent, leading zero or trailing fractional zero. */
const CANONICAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** A price already written as `writtenPrice` would write it. */
function writtenText(text: string): WrittenPrice {
  const point = text.indexOf('.');
  return point < 0
    ? { text, digits: BigInt(text), scale: 0 }
    : { text, digits: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/** What writing reads of a found answer (`PriceAnswer`'s, which keeps what is written). */
interface Writable {
  price: Decimal;
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
  const { text, digits, scale } = priceText !== undefined && CANONICAL.test(priceText) ? writtenText(priceText) : writtenPrice(answer.price);
  answer.written = { text, digits, scale, time: timeText(answer.time), source: sourceText(answer) };
  return answer.written;
}

/** Price records' times as written: hourly records of a few assets, so a small table serves every answer. */
const timeTexts = new Map<number, string>();

function timeText(time: number): string {
  let text = timeTexts.get(time);
  if (text === undefined) {
    if (timeTexts.size >= 4096) timeTexts.clear();
    text = new Date(time * 1000).toISOString().replace('.000Z', 'Z');
    timeTexts.set(time, text);
  }
  return text;
}

/** The source, and the ECB rate with its date when the price was converted (never a USD price under another label). */
function sourceText(answer: Writable): string {
  return answer.fx === undefined ? answer.source : `${answer.source}; ${answer.fx.source} ${answer.fx.date} ${answer.fx.rate.toFixed()}`;
}
