import { createHash } from 'node:crypto';
import type { NewEntryRow } from './entryTables.js';

/**
 * Rows per digest of an entry set: a refresh recognises the part of the table that did not change, and leaves it
 * as it is, this many rows at a time (a day's new entries come last in ledger order, so a warm night changes the
 * last few hundred rows of a book, not the thousands before them).
 */
export const DIGEST_ROWS = 500;

/**
 * A SHA-256 of rows in ledger order, over every column stored of each (`entryRows` builds them in one key order): a
 * text column as its length and its code units as they are, a number (or null) and a semicolon, so no two rows read
 * the same. The cells are JSON text already: `JSON.stringify` of each row, the rule before, escaped them a second
 * time, half of the digest's cost. A set's digests of that rule match none of these, so a book's first refresh after
 * the change rewrites its table once (as a set with no digests is written).
 */
export function rowsDigest(rows: readonly NewEntryRow[]): string {
  let text = '';
  for (const row of rows)
    for (const value of Object.values(row)) text += typeof value === 'string' ? `${value.length}:${value}` : `${value};`;
  return createHash('sha256').update(text, 'utf16le').digest('base64url');
}

/** A set's stored digests; null when not known ('': a set written before they were kept, or renamed since). */
export function parseDigests(text: string): string[] | null {
  return text === '' ? null : (JSON.parse(text) as string[]);
}

/** The next `DIGEST_ROWS` rows of `rows` (fewer at its end, none after it). */
export async function nextChunk(rows: AsyncIterator<NewEntryRow>): Promise<NewEntryRow[]> {
  const chunk: NewEntryRow[] = [];
  while (chunk.length < DIGEST_ROWS) {
    const next = await rows.next();
    if (next.done === true) break;
    chunk.push(next.value);
  }
  return chunk;
}
