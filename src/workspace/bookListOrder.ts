import type { BookFigures } from './entries/BookEntries.js';
import type { BookListKey } from './BookListKey.js';

/** The books list's columns it sorts by (`?sort=`); `review`, most left to review first, unless asked. */
export const BOOK_SORTS = [
  'review',
  'flagged',
  'missing_price',
  'unclassified',
  'unmatched_bridge',
  'basis_issues',
  'reconcile',
  'holdings',
  'run',
  'name',
] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A book's last reconcile as the list counts and filters it (`?status=`), worst first: never reconciled is `none`. */
export const RECONCILE_STATES = ['failed', 'differences', 'deferred', 'none', 'stopped', 'succeeded'] as const;
export type ReconcileState = (typeof RECONCILE_STATES)[number];

export const reconcileState = (key: BookListKey): ReconcileState =>
  (RECONCILE_STATES as readonly string[]).includes(key.reconcile ?? 'none')
    ? ((key.reconcile as ReconcileState | undefined) ?? 'none')
    : 'none';

/** A book's keys and its figures in its period: what the list is ordered by. */
export interface KeyedBook {
  key: BookListKey;
  figures: BookFigures;
}

/** Everything the list flags in the book's period: flagged in review, without a price, unclassified, unmatched bridges, cost-basis issues. */
export const flaggedTotal = ({ key, figures }: KeyedBook): number =>
  figures.review.flagged + figures.missingPrice + figures.unclassified + figures.unmatchedBridges + (key.basisIssues ?? 0);

/**
 * Each column's key and its natural order: counts most first, the worst reconcile first, the newest run first, names
 * A–Z. `figures`: the column needs every book's figures, not only the shown page's.
 */
const SORT_KEYS: Record<BookSort, { of: (book: KeyedBook) => number | string; order: SortOrder; figures?: true }> = {
  review: { of: ({ figures }) => figures.review.unreviewed, order: 'desc', figures: true },
  flagged: { of: flaggedTotal, order: 'desc', figures: true },
  missing_price: { of: ({ figures }) => figures.missingPrice, order: 'desc', figures: true },
  unclassified: { of: ({ figures }) => figures.unclassified, order: 'desc', figures: true },
  unmatched_bridge: { of: ({ figures }) => figures.unmatchedBridges, order: 'desc', figures: true },
  basis_issues: { of: ({ key }) => key.basisIssues ?? -1, order: 'desc' },
  holdings: { of: ({ key }) => key.holdings ?? -1, order: 'desc' },
  reconcile: { of: ({ key }) => RECONCILE_STATES.indexOf(reconcileState(key)), order: 'asc' },
  run: { of: ({ key }) => key.lastRunAt ?? '', order: 'desc' },
  name: { of: ({ key }) => key.name.toLowerCase(), order: 'asc' },
};

/** The natural order of a column (what its header link asks first). */
export const naturalOrder = (sort: BookSort): SortOrder => SORT_KEYS[sort].order;

/** Whether ordering by the column needs every book's figures. */
export const sortsByFigures = (sort: BookSort): boolean => SORT_KEYS[sort].figures === true;

/** The books ordered by one column, in its natural order unless `order` says; ties by name, then id. */
export function sortKeyed<T extends KeyedBook>(books: readonly T[], sort: BookSort = 'review', order?: SortOrder): T[] {
  const { of, order: natural } = SORT_KEYS[sort];
  const sign = (order ?? natural) === 'asc' ? 1 : -1;
  const compare = (a: number | string, b: number | string): number => (a < b ? -1 : a > b ? 1 : 0);
  const keyed = books.map((book) => ({ book, value: of(book), name: book.key.name.toLowerCase() }));
  return keyed
    .sort((a, b) => sign * compare(a.value, b.value) || compare(a.name, b.name) || a.book.key.id - b.book.key.id)
    .map(({ book }) => book);
}
