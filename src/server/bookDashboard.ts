import { seesOnlyAssignedBooks } from '../workspace/Accounts.js';
import type { BookListQuery } from '../workspace/listBooks.js';
import type { BookSort, ReconcileState, SortOrder } from '../workspace/bookListOrder.js';
import type { Run, User } from '../workspace/WorkspaceData.js';
import { lastReconcile } from './runReports.js';
import { BASIS_ISSUES } from '../runs/exportRun.js';
import { HOLDINGS_VALUE } from '../runs/reconcileRun.js';
import { carries, hasOutcome, runFact } from '../runs/runResults.js';

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

/** The books list's query as a page or the API takes it (`bookSortQuery`, `bookListQuery`), blank meaning any. */
export interface BookListParams {
  sort?: BookSort | undefined;
  order?: SortOrder | undefined;
  name?: string | undefined;
  status?: ReconcileState | '' | undefined;
  page?: number | undefined;
}

/** The workspace's query of a page of the books list for `user` (staff and clients: their assigned books only), `limit` a page. */
export function bookListQuery(user: User, params: BookListParams, limit: number, archived = false): BookListQuery {
  const page = params.page ?? 1;
  return {
    archived,
    userId: seesOnlyAssignedBooks(user) ? user.id : undefined,
    name: params.name?.trim() || undefined,
    status: params.status || undefined,
    sort: params.sort ?? 'review',
    order: params.order,
    offset: (page - 1) * limit,
    limit,
  };
}

/** The query string of the books list's page `page` under the same order and filters (blank ones left out). */
export function bookListLink(params: BookListParams, page: number, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({
    ...extra,
    sort: params.sort,
    order: params.order,
    name: params.name,
    status: params.status,
  }))
    if (value !== undefined && value !== '') query.set(name, String(value));
  if (page > 1) query.set('page', String(page));
  return query.toString();
}
