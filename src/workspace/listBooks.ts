import type { BookFigures } from './entries/BookEntries.js';
import { NO_FIGURES } from './entries/SqlBookFigures.js';
import type { SqlBookEntries } from './entries/SqlBookEntries.js';
import { reviewFilter, type BookPeriod } from './bookPeriod.js';
import type { BookListFilter, BookListKey } from './BookListKey.js';
import {
  RECONCILE_STATES,
  reconcileState,
  sortKeyed,
  sortsByFigures,
  type BookSort,
  type ReconcileState,
  type SortOrder,
} from './bookListOrder.js';
import type { Book, Run, WorkspaceData } from './WorkspaceData.js';

/** A book of the books list: the runs its row reads (newest first, `listedRunsOfBooks`), its period and its figures in that period. */
export interface ListedBook {
  book: Book;
  runs: Run[];
  period: BookPeriod | undefined;
  figures: BookFigures;
}

/** A page of the books list: which books (`BookListFilter`), with which last reconcile, in which order, from where. */
export interface BookListQuery extends BookListFilter {
  sort: BookSort;
  order?: SortOrder | undefined;
  status?: ReconcileState | undefined;
  offset: number;
  limit: number;
}

export interface BookListPage {
  books: ListedBook[];
  /** The books the filter and status let through, every page. */
  total: number;
  /** The books the filter lets through by their last reconcile, whatever the status asked. */
  statuses: Record<ReconcileState, number>;
}

/** A page without books: each state counted 0. */
export function emptyBookList(): BookListPage {
  return {
    books: [],
    total: 0,
    statuses: Object.fromEntries(RECONCILE_STATES.map((state) => [state, 0])) as Record<ReconcileState, number>,
  };
}

/**
 * A page of the books list of the pages and the API: every book the filter lets through ordered by its keys
 * (`bookListKeys`, one statement), then only the page's books and the runs their rows read loaded whole. Each
 * book's figures in its period, spam aside (what is left to review, legs without a price, unclassified transfers,
 * unmatched bridges), are counted for every book when the order is by one of them, else for the page's alone; either
 * way a few statements whatever the number of books, and kept between requests (`SqlBookFigures`).
 */
export async function listBooks(data: WorkspaceData, entries: SqlBookEntries, query: BookListQuery): Promise<BookListPage> {
  const keys = await data.bookListKeys(query);
  const { statuses } = emptyBookList();
  for (const key of keys) statuses[reconcileState(key)] += 1;
  const shown = query.status === undefined ? keys : keys.filter((key) => reconcileState(key) === query.status);
  const everyBook = sortsByFigures(query.sort);
  const counted = everyBook ? await figuresOf(entries, shown) : new Map<number, BookFigures>();
  const ordered = sortKeyed(
    shown.map((key) => ({ key, figures: counted.get(key.id) ?? NO_FIGURES })),
    query.sort,
    query.order,
  );
  const page = ordered.slice(query.offset, query.offset + query.limit);
  const ids = page.map(({ key }) => key.id);
  const [books, runs, figures] = await Promise.all([
    data.booksWithIds(ids),
    data.listedRunsOfBooks(ids),
    everyBook
      ? counted
      : figuresOf(
          entries,
          page.map(({ key }) => key),
        ),
  ]);
  const byId = new Map(books.map((book) => [book.id, book]));
  return {
    books: page.flatMap(({ key }) => {
      const book = byId.get(key.id);
      // A book removed between the two reads is left out of the page.
      return book === undefined
        ? []
        : [{ book, runs: runs.get(key.id) ?? [], period: key.period, figures: figures.get(key.id) ?? NO_FIGURES }];
    }),
    total: shown.length,
    statuses,
  };
}

/** Each book's figures in its period (`reviewFilter`), books without any not in the map. */
async function figuresOf(entries: SqlBookEntries, keys: readonly BookListKey[]): Promise<Map<number, BookFigures>> {
  // A firm's books share a few periods and zones: each one's instants computed once, not once per book.
  const instants = new Map<string, { from?: number | undefined; to?: number | undefined }>();
  return entries.figures.figures(
    keys.map(({ id, zone, period }) => {
      const scope = `${zone ?? 'UTC'}|${period?.from ?? ''}|${period?.to ?? ''}`;
      const known = instants.get(scope) ?? reviewFilter(zone, period);
      instants.set(scope, known);
      return { bookId: id, from: known.from, to: known.to };
    }),
  );
}
