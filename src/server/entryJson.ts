import { Readable } from 'node:stream';
import type { Static } from 'typebox';
import { csvLine } from '../templates/csvLine.js';
import type { BookEntry, EntryFilter } from '../workspace/entries/BookEntries.js';
import type { SqlBookEntries } from '../workspace/entries/SqlBookEntries.js';
import type { entryResponse } from './schemas/entries.js';

/** An entry as the API sends it: the `ledger.csv` columns, then its review and notes. */
export function entryJson(entry: BookEntry): Static<typeof entryResponse> {
  return {
    ...entry.cells,
    entry_id: entry.entryId,
    review: entry.review.status,
    reviewed_by: entry.review.author,
    reviewed_at: entry.review.at,
    notes: entry.notes,
  };
}

/** The CSV's two columns after the `ledger.csv` ones. */
export const REVIEW_COLUMNS = ['review', 'notes'] as const;

function notesCell(entry: BookEntry): string {
  return entry.notes.map((note) => `${note.text} (${note.author}, ${note.at})`).join(' | ');
}

/**
 * The filtered view as CSV, streamed a chunk at a time: the `ledger.csv` columns and cells (written by the same line
 * writer, so formulas are neutralised alike), then `review` and `notes`.
 */
export function entriesCsv(entries: SqlBookEntries, bookId: number, filter: EntryFilter): Readable {
  return Readable.from(
    (async function* () {
      let header = true;
      for await (const chunk of entries.walk(bookId, filter)) {
        const lines: string[] = [];
        if (header) lines.push(csvLine([...chunk.columns, ...REVIEW_COLUMNS], '\n'));
        header = false;
        for (const entry of chunk.entries)
          lines.push(csvLine([...chunk.columns.map((column) => entry.cells[column] ?? ''), entry.review.status, notesCell(entry)], '\n'));
        if (lines.length > 0) yield `${lines.join('\n')}\n`;
      }
    })(),
  );
}
