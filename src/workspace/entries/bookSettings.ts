import type { BookData } from '../BookData.js';

/** A JSON value with its object keys in order: two texts of the same settings are equal whatever order they were given in. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => [key, sortedKeys(item)]),
  );
}

/**
 * What of a book shapes its transactions table (everything but its name: wallets, chains, zone, labels, spam lists,
 * valuation) as one text. An entry set keeps the text it was built from; the book's differing from it means the
 * table is stale (a currency changed and its values are still in the old one) until the next refresh.
 */
export function bookSettings(data: BookData): string {
  return JSON.stringify(sortedKeys({ ...data, name: undefined }));
}
