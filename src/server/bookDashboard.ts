import type { ListedBook } from '../workspace/listBooks.js';
import type { BookFigures } from '../workspace/entries/BookEntries.js';
import type { Run } from '../workspace/WorkspaceData.js';
import { lastReconcile } from './runReports.js';
import { BASIS_ISSUES } from '../runs/exportRun.js';
import { HOLDINGS_VALUE } from '../runs/reconcileRun.js';
import { carries, hasOutcome, runFact } from '../runs/runResults.js';

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
export type { ListedBook };

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

/** The figures the book's runs keep (read from the runs the list has, no query): its last reconcile's holdings, its last export's cost-basis issues. */
export interface RunFigures {
  /** The last reconcile's holdings at its period's close, when it was valued. */
  holdings?: { runId: number; value: string; currency: string; unvalued: number };
  /** The newest export's cost-basis issues, when it computed a cost basis. */
  basisIssues?: { runId: number; count: number };
}

export function runFigures(runs: readonly Run[]): RunFigures {
  const reconcile = lastReconcile(runs);
  const held = reconcile === undefined ? undefined : runFact(reconcile, HOLDINGS_VALUE);
  const exported = runs.find((run) => carries(run, BASIS_ISSUES) && hasOutcome(run));
  const issues = exported === undefined ? undefined : runFact(exported, BASIS_ISSUES)?.basisIssues;
  return {
    ...(reconcile === undefined || held?.holdingsValue === undefined
      ? {}
      : {
          holdings: {
            runId: reconcile.id,
            value: held.holdingsValue,
            currency: held.holdingsCurrency ?? '',
            unvalued: held.holdingsUnvalued ?? 0,
          },
        }),
    ...(exported === undefined || issues === undefined ? {} : { basisIssues: { runId: exported.id, count: issues } }),
  };
}

/** Everything the list flags in the book's period: flagged in review, without a price, unclassified, unmatched bridges, cost-basis issues. */
export function flaggedTotal(figures: BookFigures, runs: readonly Run[]): number {
  return (
    figures.review.flagged +
    figures.missingPrice +
    figures.unclassified +
    figures.unmatchedBridges +
    (runFigures(runs).basisIssues?.count ?? 0)
  );
}

/** A reconcile's result, worst first: failed, differences, never reconciled, stopped, then clean. */
const RECONCILE_RANK: Record<string, number> = { failed: 0, differences: 1, none: 2, stopped: 3, succeeded: 4 };

/** Each column's key and its natural order: counts most first, the worst reconcile first, the newest run first, names A–Z. */
const SORT_KEYS: Record<BookSort, { key: (listed: ListedBook) => number | string; order: SortOrder }> = {
  review: { key: ({ figures }) => figures.review.unreviewed, order: 'desc' },
  flagged: { key: ({ figures, runs }) => flaggedTotal(figures, runs), order: 'desc' },
  missing_price: { key: ({ figures }) => figures.missingPrice, order: 'desc' },
  unclassified: { key: ({ figures }) => figures.unclassified, order: 'desc' },
  unmatched_bridge: { key: ({ figures }) => figures.unmatchedBridges, order: 'desc' },
  basis_issues: { key: ({ runs }) => runFigures(runs).basisIssues?.count ?? -1, order: 'desc' },
  holdings: { key: ({ runs }) => Number(runFigures(runs).holdings?.value ?? -1), order: 'desc' },
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
  // Each book's key once (some read its runs' summaries), not once per comparison.
  const keyed = list.map((listed) => ({ listed, key: key(listed), name: listed.book.data.name.toLowerCase() }));
  return keyed
    .sort((a, b) => sign * compare(a.key, b.key) || compare(a.name, b.name) || a.listed.book.id - b.listed.book.id)
    .map(({ listed }) => listed);
}
