import type { Decimal } from '../ledger/money.js';

/** A price as files write it (a plain exact decimal) and as an integer over a power of ten (`1234.5678` → 12345678 / 10^4). */
export interface WrittenPrice {
  text: string;
  digits: bigint;
  scale: number;
}

export function writtenPrice(price: Decimal): WrittenPrice {
  const text = price.toFixed();
  const point = text.indexOf('.');
  return point < 0
    ? { text, digits: BigInt(text), scale: 0 }
    : { text, digits: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/**
 * The answer's price as written, worked out once per answer and kept on it: every row at one price record shares its
 * answer object. A `WeakMap` by price cost a lookup per row, and its entries (ephemerons) slowed every collection.
 */
export function writtenOf(answer: { price: Decimal; written?: WrittenPrice }): WrittenPrice {
  return (answer.written ??= writtenPrice(answer.price));
}
