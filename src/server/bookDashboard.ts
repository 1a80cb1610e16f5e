import type { BookPeriod } from '../workspace/bookPeriod.js';
import type { BookFigures } from '../workspace/entries/BookEntries.js';
import type { Book, Run } from '../workspace/WorkspaceData.js';
import { lastReconcile } from './runReports.js';

/** The books list's columns it sorts by (`?sort=`); `review`, most left to review first, unless asked. */
export const BOOK_SORTS = ['review', 'flagged', 'missing_price', 'unclassified', 'unmatched_bridge', 'reconcile', 'run', 'name'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A book as the list shows it (`Workspace.bookList`). */
export interface ListedBook {
  book: Book;
  runs: Run[];
  period: BookPeriod | undefined;
  figures: BookFigures;
}

/** Each count's filtered table: the book's period (the table opens on it), spam aside, and the count's own filter. */
export interface FigureLinks {
  toReview: string;
  flaggedInReview: string;
  missingPrice: string;
  unclassified: string;
  unmatchedBridges: string;
}

export function figureLinks(bookId: number): FigureLinks {
  const table = (filter: string): string => `/books/${bookId}/entries?spam=false&${filter}`;
  return {
    toReview: table('review=unreviewed'),
    flaggedInReview: table('review=flagged'),
    missingPrice: table('flag=missing_price'),
    unclassified: table('category=transfer'),
    unmatchedBridges: table('flag=unmatched_bridge'),
  };
}

/** Everything the list flags in the book's period: flagged in review, without a price, unclassified, unmatched bridges. */
export function flaggedTotal(figures: BookFigures): number {
  return figures.review.flagged + figures.missingPrice + figures.unclassified + figures.unmatchedBridges;
}

/** A reconcile's result, worst first: failed, differences, never reconciled, stopped, then clean. */
const RECONCILE_RANK: Record<string, number> = { failed: 0, differences: 1, none: 2, stopped: 3, succeeded: 4 };

/** Each column's key and its natural order: counts most first, the worst reconcile first, the newest run first, names A–Z. */
const SORT_KEYS: Record<BookSort, { key: (listed: ListedBook) => number | string; order: SortOrder }> = {
  review: { key: ({ figures }) => figures.review.unreviewed, order: 'desc' },
  flagged: { key: ({ figures }) => flaggedTotal(figures), order: 'desc' },
  missing_price: { key: ({ figures }) => figures.missingPrice, order: 'desc' },
  unclassified: { key: ({ figures }) => figures.unclassified, order: 'desc' },
  unmatched_bridge: { key: ({ figures }) => figures.unmatchedBridges, order: 'desc' },
  reconcile: { key: ({ runs }) => RECONCILE_RANK[lastReconcile(runs)?.status ?? 'none'] ?? 2, order: 'asc' },
  run: { key: ({ runs }) => runs[0]?.createdAt ?? '', order: 'desc' },
  name: { key: ({ book }) => book.data.name.toLowerCase(), order: 'asc' },
};

/** The natural order of a column (what its header link asks first). */
export const naturalOrder = (sort: BookSort): SortOrder => SORT_KEYS[sort].order;

/** The list sorted by one column, in its natural order unless `order` says; ties by name, then id. */
export function sortBooks<T extends ListedBook>(list: readonly T[], sort: BookSort = 'review', order?: SortOrder): T[] {
  const { key, order: natural } = SORT_KEYS[sort];
  const sign = (order ?? natural) === 'asc' ? 1 : -1;
  const compare = (a: number | string, b: number | string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...list].sort(
    (a, b) =>
      sign * compare(key(a), key(b)) || compare(a.book.data.name.toLowerCase(), b.book.data.name.toLowerCase()) || a.book.id - b.book.id,
  );
}
