import type { BookFigures } from './entries/BookEntries.js';
import { NO_FIGURES } from './entries/SqlBookFigures.js';
import type { SqlBookEntries } from './entries/SqlBookEntries.js';
import { bookPeriod, reviewFilter, type BookPeriod } from './bookPeriod.js';
import type { Book, Run, WorkspaceData } from './WorkspaceData.js';

/** A book of the books list: the runs its row reads (newest first, `listedRunsOfBooks`), its period and its figures in that period. */
export interface ListedBook {
  book: Book;
  runs: Run[];
  period: BookPeriod | undefined;
  figures: BookFigures;
}

/**
 * The books list of the pages and the API: each book with the runs its row reads, its period (`bookPeriod`) and
 * its figures in it, spam aside (what is left to review, legs without a price, unclassified transfers, unmatched
 * bridges): two queries for the books and runs, two for every book's figures, whatever the number of books.
 */
export async function listBooks(data: WorkspaceData, entries: SqlBookEntries, archived = false): Promise<ListedBook[]> {
  const books = await data.listBooks(archived);
  const runs = await data.listedRunsOfBooks(books.map((book) => book.id));
  const listed = books.map((book) => {
    const bookRuns = runs.get(book.id) ?? [];
    return { book, runs: bookRuns, period: bookPeriod(bookRuns) };
  });
  // A firm's books share a few periods and zones: each one's instants computed once, not once per book.
  const instants = new Map<string, { from?: number | undefined; to?: number | undefined }>();
  const figures = await entries.figures.figures(
    listed.map(({ book, period }) => {
      const key = `${book.data.timezone ?? 'UTC'}|${period?.from ?? ''}|${period?.to ?? ''}`;
      const known = instants.get(key) ?? reviewFilter(book, period);
      instants.set(key, known);
      return { bookId: book.id, from: known.from, to: known.to };
    }),
  );
  return listed.map((one) => ({ ...one, figures: figures.get(one.book.id) ?? NO_FIGURES }));
}
